/**
 * The Control, Files and Projects actions through the real `leash-desk`:
 * each one's success and each error code it can give.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { deskErrorCodes } from "../../contracts/desk/codes.ts";
import { deskFileLimits } from "../../contracts/desk/limits.ts";
import { record, records, siblingWorkspace, withDesk } from "./_desk_process.ts";

async function sha256(text: string | Uint8Array): Promise<string> {
  const bytes = typeof text === "string" ? new TextEncoder().encode(text) : text;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new Uint8Array(bytes)));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

Deno.test("control: status, skill profiles and the DeskBridge page", async () => {
  await withDesk(async (desk, world) => {
    const status = await desk.ok("get_status");
    assert.equal(status.protocol, 1);
    assert.deepEqual(status.workspaces, [{ id: world.wsId, name: "ws", webAgentContext: true }]);
    assert.ok(!JSON.stringify(status).includes(world.root), "status names no path");
    const skills = record(status.skills);
    assert.equal(skills.control, true);
    assert.equal(skills.files, true);
    assert.equal(skills.clipboard, false);

    const all = await desk.ok("get_skill_profile");
    const areas = records(all.areas);
    assert.equal(areas.length, 10);
    const files = await desk.ok("get_skill_profile", { area: "files" });
    assert.deepEqual(records(files.areas)[0].refusal, null);
    const clipboard = await desk.ok("get_skill_profile", { area: "clipboard" });
    assert.equal(records(clipboard.areas)[0].refusal, "SKILL_DISABLED");
    assert.equal(await desk.code("get_skill_profile", { area: "nope" }), "INVALID_REQUEST");

    assert.deepEqual(await desk.ok("open_deskbridge"), { open: "agent/agent.html" });
  });
});

Deno.test("skills: a disabled area is SKILL_DISABLED, whatever the machine has, and Control is always on", async () => {
  await withDesk(async (desk) => {
    assert.equal(await desk.code("read_file", { path: "a.txt" }), "SKILL_DISABLED");
    assert.equal(await desk.code("create_project", { name: "p" }), "SKILL_DISABLED");
    assert.equal(await desk.code("get_clipboard"), "SKILL_DISABLED");
    assert.equal(await desk.code("capture_screen"), "SKILL_DISABLED");
    assert.equal(await desk.code("open_folder", { path: "." }), "SKILL_DISABLED");
    assert.equal(
      await desk.code("run_command", { command: "ls", args: [], timeoutMs: 1000 }),
      "SKILL_DISABLED",
    );
    const profile = await desk.ok("get_skill_profile", { area: "clipboard" });
    const clipboard = records(profile.areas)[0];
    assert.equal(clipboard.enabled, false);
    assert.equal(clipboard.refusal, "SKILL_DISABLED");
    assert.equal((await desk.ok("get_status")).protocol, 1);
  }, (policy) => {
    policy.enabledAreas = [];
  });
});

Deno.test("no workspace configured: every file action is refused", async () => {
  await withDesk(async (desk) => {
    for (
      const [action, args] of [
        ["read_file", { path: "a.txt" }],
        ["write_file", { path: "a.txt", content: "x" }],
        ["create_file", { path: "a.txt" }],
        ["create_folder", { path: "a" }],
        ["list_folder", {}],
        ["patch_file", { path: "a.txt", edits: [{ oldText: "a", newText: "b" }] }],
        ["create_project", { name: "p" }],
        ["update_project", { project: "p", changes: [{ op: "delete", path: "x" }] }],
      ] as const
    ) {
      assert.equal(await desk.code(action, { ...args }), "PERMISSION_DENIED", action);
    }
  }, (policy) => {
    policy.workspaces = [];
  });
});

Deno.test("workspace choice: by ID, by absolute path, and refused when ambiguous or unknown", async () => {
  let second = "";
  await withDesk(async (desk, world) => {
    await Deno.writeTextFile(join(world.ws, "a.txt"), "first");
    await Deno.writeTextFile(join(world.root, "two", "a.txt"), "second");
    assert.equal(await desk.code("read_file", { path: "a.txt" }), "INVALID_REQUEST");
    assert.equal(
      (await desk.ok("read_file", { workspace: world.wsId, path: "a.txt" })).content,
      "first",
    );
    assert.equal(
      (await desk.ok("read_file", { workspace: second, path: "a.txt" })).content,
      "second",
    );
    assert.equal(
      (await desk.ok("read_file", { path: join(world.root, "two", "a.txt") })).content,
      "second",
    );
    assert.equal(
      await desk.code("read_file", { workspace: "ws_ffffffffffff", path: "a.txt" }),
      "WORKSPACE_VIOLATION",
    );
  }, (policy, { ws }) => {
    second = siblingWorkspace(policy, ws, { name: "two", id: "ws_00000000000c" });
  });
});

Deno.test("read_file: text with its hash, a bounded read, bytes as base64, and what is not a file", async () => {
  await withDesk(async (desk, world) => {
    await Deno.writeTextFile(join(world.ws, "a.txt"), "héllo\n");
    const read = await desk.ok("read_file", { path: "a.txt" });
    assert.deepEqual(read, {
      path: "a.txt",
      content: "héllo\n",
      encoding: "utf-8",
      size: 7,
      truncated: false,
      sha256: await sha256("héllo\n"),
    });
    // Cut inside the two-byte é: the partial character is dropped, not taken for bad UTF-8.
    const cut = await desk.ok("read_file", { path: "a.txt", maxBytes: 2 });
    assert.equal(cut.content, "h");
    assert.equal(cut.truncated, true);
    assert.equal(cut.sha256, null);
    assert.equal(
      await desk.code("read_file", { path: "a.txt", maxBytes: deskFileLimits.readBytesMax + 1 }),
      "INVALID_REQUEST",
    );

    await Deno.writeFile(join(world.ws, "bin"), new Uint8Array([0xff, 0x00, 0xfe]));
    const bin = await desk.ok("read_file", { path: "bin" });
    assert.equal(bin.encoding, "base64");
    assert.equal(bin.content, "/wD+");

    assert.equal(await desk.code("read_file", { path: "missing.txt" }), "FILE_NOT_FOUND");
    await Deno.mkdir(join(world.ws, "dir"));
    assert.equal(await desk.code("read_file", { path: "dir" }), "FILE_NOT_FOUND");
    const error = await desk.error("read_file", { path: "missing.txt" });
    assert.equal(error.message, deskErrorCodes.FILE_NOT_FOUND);
  });
});

Deno.test("write_file, create_file, create_folder: created, replaced in place keeping the mode, refused when stale or existing", async () => {
  await withDesk(async (desk, world) => {
    const made = await desk.ok("write_file", { path: "deep/er/new.txt", content: "one" });
    assert.equal(made.created, true);
    assert.equal(await Deno.readTextFile(join(world.ws, "deep/er/new.txt")), "one");

    await Deno.chmod(join(world.ws, "deep/er/new.txt"), 0o640);
    const replaced = await desk.ok("write_file", {
      path: "deep/er/new.txt",
      content: "two",
      expectedSha256: await sha256("one"),
    });
    assert.equal(replaced.created, false);
    assert.equal(replaced.sha256, await sha256("two"));
    assert.equal((await Deno.stat(join(world.ws, "deep/er/new.txt"))).mode! & 0o777, 0o640);
    assert.equal(
      await desk.code("write_file", {
        path: "deep/er/new.txt",
        content: "three",
        expectedSha256: await sha256("one"),
      }),
      "PATCH_TARGET_NOT_FOUND",
    );
    assert.equal(await Deno.readTextFile(join(world.ws, "deep/er/new.txt")), "two");
    assert.equal(
      await desk.code("write_file", {
        path: "absent.txt",
        content: "x",
        expectedSha256: await sha256("one"),
      }),
      "FILE_NOT_FOUND",
    );
    assert.equal(
      await desk.code("write_file", { path: "deep", content: "x" }),
      "FILE_ALREADY_EXISTS",
    );
    assert.equal(
      await desk.code("write_file", { path: "b.bin", content: "!!", encoding: "base64" }),
      "INVALID_REQUEST",
    );
    await desk.ok("write_file", { path: "b.bin", content: "/wD+", encoding: "base64" });
    assert.deepEqual(await Deno.readFile(join(world.ws, "b.bin")), new Uint8Array([0xff, 0, 0xfe]));

    assert.equal((await desk.ok("create_file", { path: "c.txt", content: "c" })).size, 1);
    assert.equal(
      await desk.code("create_file", { path: "c.txt", content: "d" }),
      "FILE_ALREADY_EXISTS",
    );
    assert.equal(await Deno.readTextFile(join(world.ws, "c.txt")), "c");

    await desk.ok("create_folder", { path: "x/y/z" });
    assert.ok((await Deno.stat(join(world.ws, "x/y/z"))).isDirectory);
    assert.equal(await desk.code("create_folder", { path: "x/y" }), "FILE_ALREADY_EXISTS");
    assert.equal(await desk.code("create_folder", { path: "c.txt/sub" }), "FILE_ALREADY_EXISTS");

    // Sensitive paths and execution sinks are never written.
    for (const path of [".env", "keys/server.pem", ".ssh/config", "infra/main.tfstate"]) {
      assert.equal(
        await desk.code("write_file", { path, content: "x" }),
        "PERMISSION_DENIED",
        path,
      );
    }
    for (
      const path of [".git/hooks/pre-commit", ".vscode/tasks.json", ".envrc", ".husky/pre-push"]
    ) {
      assert.equal(
        await desk.code("write_file", { path, content: "x" }),
        "PERMISSION_DENIED",
        path,
      );
    }
    for (const path of [".git/objects", ".husky/hooks"]) {
      assert.equal(await desk.code("create_folder", { path }), "PERMISSION_DENIED", path);
    }
    await desk.ok("write_file", { path: ".env.example", content: "A=" });
    // No temp file is left behind by any of it.
    const names: string[] = [];
    for await (const entry of Deno.readDir(world.ws)) names.push(entry.name);
    assert.ok(!names.some((name) => name.endsWith(".tmp")), names.join(","));
  });
});

Deno.test("list_folder: sensitive entries counted only, ignore rules per folder, bounded exactly at its limit", async () => {
  await withDesk(async (desk, world) => {
    const at = (path: string) => join(world.ws, path);
    await Deno.mkdir(at("src/gen"), { recursive: true });
    await Deno.mkdir(at(".git"));
    await Deno.mkdir(at(".ssh"));
    await Deno.writeTextFile(at(".gitignore"), "*.log\nbuild/\n");
    await Deno.writeTextFile(at("src/.gitignore"), "gen/\n!keep.log\n");
    await Deno.writeTextFile(at("a.log"), "");
    await Deno.writeTextFile(at("src/keep.log"), "");
    await Deno.writeTextFile(at("src/drop.log"), "");
    await Deno.writeTextFile(at("src/main.ts"), "x");
    await Deno.writeTextFile(at(".env"), "SECRET=1");
    await Deno.writeTextFile(at("id_rsa"), "key");
    await Deno.mkdir(at("build"));

    const listed = await desk.ok("list_folder", { depth: 3 });
    const paths = records(listed.entries).map((entry) => entry.path);
    assert.deepEqual(paths, [".gitignore", "src", "src/.gitignore", "src/keep.log", "src/main.ts"]);
    assert.deepEqual(listed.skipped, { sensitive: 3, ignored: 5 });
    assert.equal(listed.truncated, false);
    assert.ok(!JSON.stringify(listed).includes("SECRET"));

    const everything = await desk.ok("list_folder", { depth: 3, includeIgnored: true });
    const all = records(everything.entries).map((entry) => entry.path);
    assert.ok(all.includes("a.log") && all.includes(".git") && all.includes("src/gen"));
    assert.ok(!all.includes(".env") && !all.includes(".ssh") && !all.includes("id_rsa"));
    // Ignored paths stay readable by explicit path.
    assert.equal((await desk.ok("read_file", { path: "src/drop.log" })).content, "");
    assert.equal(await desk.code("read_file", { path: ".env" }), "PERMISSION_DENIED");
    assert.equal(await desk.code("list_folder", { path: ".ssh" }), "PERMISSION_DENIED");
    assert.equal(await desk.code("list_folder", { path: "nope" }), "FILE_NOT_FOUND");
    assert.equal(await desk.code("list_folder", { path: "src/main.ts" }), "FILE_NOT_FOUND");

    // Exactly at the bound: all of them, not truncated; one more: truncated.
    await Deno.mkdir(at("many"));
    for (let index = 0; index < 5; index++) await Deno.writeTextFile(at(`many/f${index}`), "");
    const five = await desk.ok("list_folder", { path: "many", limit: 5 });
    assert.equal(records(five.entries).length, 5);
    assert.equal(five.truncated, false);
    const four = await desk.ok("list_folder", { path: "many", limit: 4 });
    assert.equal(records(four.entries).length, 4);
    assert.equal(four.truncated, true);
    assert.equal(
      await desk.code("list_folder", { limit: deskFileLimits.listEntriesMax + 1 }),
      "INVALID_REQUEST",
    );
  });
});

Deno.test("patch_file: CRLF and BOM kept, overlapping matches counted, $& literal, stale hash refused, dry run writes nothing", async () => {
  await withDesk(async (desk, world) => {
    const file = join(world.ws, "win.txt");
    const original = "\uFEFFalpha\r\nbeta\r\ngamma\r\n";
    await Deno.writeTextFile(file, original);
    await Deno.chmod(file, 0o600);
    const hash = await sha256(original);

    const dry = await desk.ok("patch_file", {
      path: "win.txt",
      edits: [{ oldText: "beta\ngamma", newText: "$& and $1" }],
      dryRun: true,
      expectedSha256: hash,
    });
    assert.equal(dry.dryRun, true);
    assert.equal(await Deno.readTextFile(file), original);
    assert.match(String(dry.diff), /^-beta$/m);
    assert.match(String(dry.diff), /^\+\$& and \$1$/m);

    const done = await desk.ok("patch_file", {
      path: "win.txt",
      edits: [{ oldText: "beta\ngamma", newText: "$& and $1" }],
      expectedSha256: hash,
    });
    const after = "\uFEFFalpha\r\n$& and $1\r\n";
    assert.equal(await Deno.readTextFile(file), after);
    assert.equal(done.replacements, 1);
    assert.equal(done.sha256, await sha256(after));
    assert.equal(done.sha256, dry.sha256);
    assert.equal((await Deno.stat(file)).mode! & 0o777, 0o600);

    // The old hash is stale now.
    assert.equal(
      await desk.code("patch_file", {
        path: "win.txt",
        edits: [{ oldText: "alpha", newText: "x" }],
        expectedSha256: hash,
      }),
      "PATCH_TARGET_NOT_FOUND",
    );

    await Deno.writeTextFile(join(world.ws, "a.txt"), "aaa\nb\naaa\n");
    const ambiguous = await desk.error("patch_file", {
      path: "a.txt",
      edits: [{ oldText: "aa", newText: "x" }],
    });
    assert.equal(ambiguous.code, "PATCH_TARGET_NOT_UNIQUE");
    assert.deepEqual(ambiguous.details, { edit: 0, matches: 4, lines: [1, 1, 3, 3] });

    const missing = await desk.error("patch_file", {
      path: "a.txt",
      edits: [{ oldText: "b", newText: "c" }, { oldText: "a a a", newText: "x" }],
    });
    assert.equal(missing.code, "PATCH_TARGET_NOT_FOUND");
    assert.deepEqual(missing.details, { edit: 1 });
    // All or none: the first edit was not applied either.
    assert.equal(await Deno.readTextFile(join(world.ws, "a.txt")), "aaa\nb\naaa\n");

    const all = await desk.ok("patch_file", {
      path: "a.txt",
      edits: [{ oldText: "aaa", newText: "z", replaceAll: true }],
    });
    assert.equal(all.replacements, 2);
    assert.equal(await Deno.readTextFile(join(world.ws, "a.txt")), "z\nb\nz\n");

    assert.equal(
      await desk.code("patch_file", { path: "none.txt", edits: [{ oldText: "a", newText: "b" }] }),
      "FILE_NOT_FOUND",
    );
    assert.equal(
      await desk.code("patch_file", { path: "a.txt", edits: [] }),
      "INVALID_REQUEST",
    );
    await Deno.writeFile(join(world.ws, "bytes.bin"), new Uint8Array([0x61, 0xff, 0x62]));
    assert.equal(
      await desk.code("patch_file", {
        path: "bytes.bin",
        edits: [{ oldText: "a", newText: "b" }],
      }),
      "ACTION_NOT_ALLOWED",
    );
  });
});

Deno.test("create_project: staged then renamed, one safe name, template paths kept inside", async () => {
  await withDesk(async (desk, world) => {
    const made = await desk.ok("create_project", {
      name: "demo",
      files: [
        { path: "README.md", content: "# Demo\n" },
        { path: "src/main.ts", content: "console.log(1);\n" },
      ],
    });
    assert.deepEqual(made, { path: "demo", files: ["README.md", "src/main.ts"] });
    assert.equal(await Deno.readTextFile(join(world.ws, "demo/src/main.ts")), "console.log(1);\n");

    for (const name of ["demo", "../x", "a/b", ".git", "CON", "x.", ".env", ""]) {
      const code = await desk.code("create_project", { name });
      assert.ok(["PROJECT_PATH_INVALID", "INVALID_REQUEST"].includes(code), `${name}: ${code}`);
    }
    assert.equal(await desk.code("create_project", { name: "demo" }), "PROJECT_PATH_INVALID");
    assert.equal(
      await desk.code("create_project", { name: "other", parent: "missing" }),
      "FILE_NOT_FOUND",
    );
    assert.equal(
      await desk.code("create_project", {
        name: "bad",
        files: [{ path: "../escape.txt", content: "x" }],
      }),
      "WORKSPACE_VIOLATION",
    );
    assert.equal(
      await desk.code("create_project", {
        name: "bad",
        files: [{ path: ".git/hooks/x", content: "x" }],
      }),
      "PERMISSION_DENIED",
    );
    assert.equal(
      await desk.code("create_project", {
        name: "bad",
        files: [{ path: "a", content: "x" }, { path: "a", content: "y" }],
      }),
      "FILE_ALREADY_EXISTS",
    );
    const names: string[] = [];
    for await (const entry of Deno.readDir(world.ws)) names.push(entry.name);
    assert.deepEqual(names, ["demo"], "no half project or staging folder is left");
    assert.equal(
      await Deno.lstat(join(world.root, "escape.txt")).then(() => true, () => false),
      false,
    );
  });
});

Deno.test("update_project: one change set, all or nothing", async () => {
  await withDesk(async (desk, world) => {
    const at = (path: string) => join(world.ws, "p", path);
    await Deno.mkdir(at("src"), { recursive: true });
    await Deno.writeTextFile(at("a.txt"), "a");
    await Deno.writeTextFile(at("old.txt"), "old");

    const dry = await desk.ok("update_project", {
      project: "p",
      changes: [{ op: "write", path: "a.txt", content: "A" }],
      dryRun: true,
    });
    assert.deepEqual(dry.changed, ["p/a.txt"]);
    assert.equal(await Deno.readTextFile(at("a.txt")), "a");

    // The third change fails only when it runs (b is a folder by then): the first two are undone.
    const failed = await desk.code("update_project", {
      project: "p",
      changes: [
        { op: "write", path: "a.txt", content: "A" },
        { op: "delete", path: "old.txt" },
        { op: "create_folder", path: "b" },
        { op: "write", path: "b", content: "file where a folder is" },
      ],
    });
    assert.equal(failed, "FILE_ALREADY_EXISTS");
    assert.equal(await Deno.readTextFile(at("a.txt")), "a");
    assert.equal(await Deno.readTextFile(at("old.txt")), "old");
    assert.equal(await Deno.lstat(at("b")).then(() => true, () => false), false);

    const done = await desk.ok("update_project", {
      project: "p",
      changes: [
        { op: "write", path: "a.txt", content: "A" },
        { op: "delete", path: "old.txt" },
        { op: "create_folder", path: "lib" },
        { op: "write", path: "lib/new.ts", content: "export {};\n" },
      ],
    });
    assert.deepEqual(done.changed, ["p/a.txt", "p/old.txt", "p/lib", "p/lib/new.ts"]);
    assert.equal(await Deno.readTextFile(at("a.txt")), "A");
    assert.equal(await Deno.lstat(at("old.txt")).then(() => true, () => false), false);
    assert.equal(await Deno.readTextFile(at("lib/new.ts")), "export {};\n");

    assert.equal(
      await desk.code("update_project", {
        project: "p",
        changes: [{ op: "delete", path: "gone" }],
      }),
      "FILE_NOT_FOUND",
    );
    assert.equal(
      await desk.code("update_project", {
        project: "p",
        changes: [{ op: "write", path: "../x", content: "" }],
      }),
      "WORKSPACE_VIOLATION",
    );
    assert.equal(
      await desk.code("update_project", {
        project: "nope",
        changes: [{ op: "delete", path: "a" }],
      }),
      "FILE_NOT_FOUND",
    );
    assert.equal(
      await desk.code("update_project", { project: "p", changes: [{ op: "chmod", path: "a" }] }),
      "INVALID_REQUEST",
    );
  });
});
