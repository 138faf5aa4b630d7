import assert from "node:assert/strict";
import { join } from "node:path";
import { readDeskPolicy } from "../../local/desk_policy.ts";
import { runDeskPolicy } from "./policy_cli.ts";

async function world() {
  const root = await Deno.realPath(await Deno.makeTempDir({ prefix: "leash-desk-cli-" }));
  const policyPath = join(root, "config", "leash", "desk.json");
  const lines: string[] = [];
  const io = {
    env: (name: string) => name === "LEASH_DESK_CONFIG" ? policyPath : undefined,
    os: "linux" as const,
    out: (line: string) => lines.push(line),
  };
  return { root, policyPath, lines, io, run: (...args: string[]) => runDeskPolicy(args, io) };
}

Deno.test("leash desk workspace add/list/remove edit a 0600 policy in a 0700 folder", async () => {
  const { root, policyPath, lines, run } = await world();
  try {
    const project = join(root, "project");
    await Deno.mkdir(project);
    assert.equal(
      await run("workspace", "add", project, "--name", "Demo", "--web-agent-context"),
      0,
    );
    const policy = await readDeskPolicy(policyPath);
    assert.equal(policy.workspaces.length, 1);
    const [workspace] = policy.workspaces;
    assert.match(workspace.id, /^ws_[0-9a-f]{12}$/);
    assert.deepEqual({ ...workspace, id: "" }, {
      id: "",
      name: "Demo",
      path: project,
      webAgentContext: true,
    });
    assert.equal((await Deno.stat(policyPath)).mode! & 0o777, 0o600);
    assert.equal((await Deno.stat(join(policyPath, ".."))).mode! & 0o777, 0o700);

    // Adding it again sets the opt-in anew and keeps the ID.
    assert.equal(await run("workspace", "add", project), 0);
    const again = (await readDeskPolicy(policyPath)).workspaces;
    assert.deepEqual(again, [{ ...workspace, name: "project", webAgentContext: false }]);

    lines.length = 0;
    assert.equal(await run("workspace", "list", "--json"), 0);
    assert.deepEqual(JSON.parse(lines[0]), again);

    assert.equal(await run("workspace", "remove", workspace.id), 0);
    assert.deepEqual((await readDeskPolicy(policyPath)).workspaces, []);
    assert.equal(await run("workspace", "remove", workspace.id), 1);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("leash desk refuses a missing folder, one inside the policy's folder, and bad verbs", async () => {
  const { root, policyPath, run } = await world();
  try {
    assert.equal(await run("workspace", "add", join(root, "missing")), 1);
    await Deno.mkdir(join(policyPath, "..", "inner"), { recursive: true });
    assert.equal(await run("workspace", "add", join(policyPath, "..", "inner")), 1);
    assert.equal(await run("workspace", "add"), 2);
    assert.equal(await run("workspace", "add", root, "--bogus"), 2);
    assert.equal(await run("skill", "enable", "control"), 2);
    assert.equal(await run("skill", "toggle", "files"), 2);
    assert.equal(await run("allow-extension", "not-an-id"), 2);
    assert.equal(await run("nonsense"), 2);
    assert.deepEqual((await readDeskPolicy(policyPath)).workspaces, []);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("leash desk skill and allow-extension change only what they name; status prints them", async () => {
  const { root, policyPath, lines, run } = await world();
  try {
    assert.equal(await run("skill", "disable", "files"), 0);
    assert.equal(await run("skill", "enable", "clipboard"), 0);
    const id = "abcdefghijklmnopabcdefghijklmnop";
    assert.equal(await run("allow-extension", id), 0);
    assert.equal(await run("allow-extension", id), 0);
    const policy = await readDeskPolicy(policyPath);
    assert.deepEqual(policy.enabledAreas, [
      "projects",
      "commands",
      "assets",
      "images",
      "documents",
      "clipboard",
    ]);
    assert.deepEqual(policy.allowedOrigins, [`chrome-extension://${id}/`]);
    lines.length = 0;
    assert.equal(await run("status"), 0);
    assert.ok(lines.some((line) => line.includes("every file action is refused")));
    assert.ok(
      lines.some((line) =>
        line === "Skills on: control, projects, commands, assets, images, documents, clipboard"
      ),
    );
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("leash desk command and import-root edit the allowlist and the roots; status shows them and what can run here", async () => {
  const { root, policyPath, lines, run } = await world();
  try {
    assert.equal(await run("command", "add", "echo-it", "/bin/echo", "--fixed", "one"), 0);
    assert.deepEqual((await readDeskPolicy(policyPath)).commands, {
      "echo-it": { executable: "/bin/echo", args: ["--fixed", "one"], env: {} },
    });
    assert.equal(await run("command", "add", "rel", "echo"), 2);
    assert.equal(await run("command", "add", "bad name", "/bin/echo"), 2);
    assert.equal(await run("command", "add", "missing", join(root, "nope")), 1);
    const downloads = join(root, "downloads");
    await Deno.mkdir(downloads);
    assert.equal(await run("import-root", "add", downloads), 0);
    assert.equal(await run("import-root", "add", join(root, "absent")), 1);
    assert.deepEqual((await readDeskPolicy(policyPath)).importRoots, [downloads]);
    lines.length = 0;
    assert.equal(await run("status"), 0);
    assert.ok(lines.includes("  commands: on, available"));
    // Whether the desktop programs are installed depends on the machine; the line says which.
    assert.ok(
      lines.some((line) => /^ {2}clipboard: off, (available|unavailable: needs xclip)/.test(line)),
    );
    assert.ok(
      lines.some((line) => /^ {2}windows: off, (available|unavailable: needs import)/.test(line)),
    );
    assert.ok(lines.some((line) => line.startsWith("Commands: echo-it = /bin/echo --fixed one")));
    assert.ok(lines.includes(`Import roots: ${downloads}`));
    lines.length = 0;
    assert.equal(await run("status", "--json"), 0);
    const json = JSON.parse(lines.join(""));
    assert.deepEqual(json.skillSupport.images, { available: true });
    assert.equal(typeof json.skillSupport.clipboard.available, "boolean");

    assert.equal(await run("command", "remove", "echo-it"), 0);
    assert.equal(await run("command", "remove", "echo-it"), 1);
    assert.equal(await run("import-root", "remove", downloads), 0);
    const policy = await readDeskPolicy(policyPath);
    assert.deepEqual(policy.commands, {});
    assert.deepEqual(policy.importRoots, []);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("leash desk app add/remove edit the application registry by exact ID; status shows it", async () => {
  const { root, policyPath, lines, run } = await world();
  try {
    assert.equal(await run("app", "add", "editor", "/bin/echo", "--new-window", "x y"), 0);
    assert.deepEqual((await readDeskPolicy(policyPath)).apps, {
      editor: { executable: "/bin/echo", args: ["--new-window", "x y"] },
    });
    assert.equal(await run("app", "add", "rel", "echo"), 2);
    assert.equal(await run("app", "add", "bad id", "/bin/echo"), 2);
    assert.equal(await run("app", "add", "missing", join(root, "nope")), 1);
    assert.equal(await run("app", "launch", "editor"), 2);
    lines.length = 0;
    assert.equal(await run("status"), 0);
    assert.ok(lines.includes("Apps: editor = /bin/echo --new-window x y"));
    assert.equal(await run("app", "remove", "editor", "extra"), 2);
    assert.equal(await run("app", "remove", "editor"), 0);
    assert.equal(await run("app", "remove", "editor"), 1);
    assert.deepEqual((await readDeskPolicy(policyPath)).apps, {});
    lines.length = 0;
    assert.equal(await run("status"), 0);
    assert.ok(lines.some((line) => line.startsWith("Apps: none")));
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
