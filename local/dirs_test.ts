import assert from "node:assert/strict";
import { resolveDirs, resolveRuntimeDir, resolveStateDir, runtimePath } from "./dirs.ts";

function env(values: Record<string, string>) {
  return (name: string) => values[name];
}
const uid = () => 1000;

Deno.test("runtime dir: override, then LEASH_RUNTIME_DIR, then XDG_RUNTIME_DIR/leash, then /tmp/leash-<uid>", () => {
  const all = env({ LEASH_RUNTIME_DIR: "/l", XDG_RUNTIME_DIR: "/run/user/1000" });
  assert.equal(resolveRuntimeDir(all, uid, "/o"), "/o");
  assert.equal(resolveRuntimeDir(all, uid), "/l");
  assert.equal(
    resolveRuntimeDir(env({ XDG_RUNTIME_DIR: "/run/user/1000" }), uid),
    "/run/user/1000/leash",
  );
  assert.equal(resolveRuntimeDir(env({}), uid), "/tmp/leash-1000");
  assert.equal(resolveRuntimeDir(env({ LEASH_RUNTIME_DIR: "" }), uid), "/tmp/leash-1000");
});

Deno.test("state dir: override, then LEASH_STATE_DIR, then XDG_STATE_HOME/leash, then ~/.local/state/leash", () => {
  assert.equal(resolveStateDir(env({ LEASH_STATE_DIR: "/s" }), "/o"), "/o");
  assert.equal(resolveStateDir(env({ LEASH_STATE_DIR: "/s", HOME: "/h" })), "/s");
  assert.equal(resolveStateDir(env({ XDG_STATE_HOME: "/x", HOME: "/h" })), "/x/leash");
  assert.equal(resolveStateDir(env({ HOME: "/h" })), "/h/.local/state/leash");
  assert.throws(() => resolveStateDir(env({})), /Cannot choose a state dir/);
});

Deno.test("relative dirs are made absolute, and runtime files live inside the runtime dir", () => {
  const dirs = resolveDirs(env({}), uid, { runtimeDir: "rel/run", stateDir: "rel/state" });
  assert.ok(dirs.runtimeDir.startsWith("/") && dirs.runtimeDir.endsWith("/rel/run"));
  assert.ok(dirs.stateDir.startsWith("/"));
  assert.equal(runtimePath("/r", "socket"), "/r/broker.sock");
  assert.equal(runtimePath("/r", "token"), "/r/token");
});
