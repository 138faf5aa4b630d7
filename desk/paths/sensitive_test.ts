import assert from "node:assert/strict";
import { isExecutionSink, isSensitivePath } from "./sensitive.ts";

Deno.test("sensitive paths are matched on every component, without case", () => {
  for (
    const path of [
      ".env",
      ".ENV.local",
      "app/.env.production",
      "keys/server.PEM",
      "id_ed25519",
      ".ssh/known_hosts",
      "home/.AWS/config",
      ".kube/config",
      ".gnupg/pubring.kbx",
      "infra/prod.tfstate",
      "infra/prod.tfstate.backup",
      ".npmrc",
      ".git-credentials",
      "store.jks",
    ]
  ) {
    assert.equal(isSensitivePath(path), true, path);
  }
  for (
    const path of [".env.example", "id_ed25519.pub", "src/env.ts", "environment.md", "keys.md"]
  ) {
    assert.equal(isSensitivePath(path), false, path);
  }
});

Deno.test("execution sinks are readable paths that are never written", () => {
  for (
    const path of [
      ".git/config",
      ".GIT/hooks/pre-commit",
      ".husky/pre-push",
      ".vscode/tasks.json",
      "sub/.envrc",
      ".bashrc",
      ".config/chromium/NativeMessagingHosts/x.json",
    ]
  ) {
    assert.equal(isExecutionSink(path), true, path);
    assert.equal(isSensitivePath(path), path.endsWith(".envrc"), path);
  }
  for (
    const path of [".vscode/settings.json", "src/git.ts", "tasks.json", ".github/workflows/ci.yml"]
  ) {
    assert.equal(isExecutionSink(path), false, path);
  }
});
