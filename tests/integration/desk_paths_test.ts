/**
 * The one path rule, through the real `leash-desk`: every way out of a
 * workspace is refused for reads and writes alike, and nothing outside is
 * read, created or changed on the way.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { deskErrorCodes } from "../../contracts/desk/codes.ts";
import { withDesk } from "./_desk_process.ts";

async function exists(path: string): Promise<boolean> {
  return await Deno.lstat(path).then(() => true, () => false);
}

Deno.test("a prefix sibling (ws_evil) and .. are outside the workspace", async () => {
  await withDesk(async (desk, world) => {
    const evil = join(world.root, "ws_evil");
    await Deno.mkdir(evil);
    await Deno.writeTextFile(join(evil, "secret.txt"), "secret");
    await Deno.writeTextFile(join(world.root, "outside.txt"), "outside");
    await Deno.mkdir(join(world.ws, "a"));
    await Deno.writeTextFile(join(world.ws, "inside.txt"), "inside");
    for (
      const path of [
        "../ws_evil/secret.txt",
        join(evil, "secret.txt"),
        `${world.ws}_evil/secret.txt`,
        "../outside.txt",
        "a/../../outside.txt",
        join(world.ws, "..", "outside.txt"),
        "/etc/passwd",
      ]
    ) {
      const error = await desk.error("read_file", { path });
      assert.equal(error.code, "WORKSPACE_VIOLATION", path);
      assert.equal(error.message, deskErrorCodes.WORKSPACE_VIOLATION);
      assert.ok(!JSON.stringify(error).includes(world.root), "no path in the error");
      assert.equal(
        await desk.code("write_file", { path, content: "pwned" }),
        "WORKSPACE_VIOLATION",
        path,
      );
    }
    assert.equal(await Deno.readTextFile(join(evil, "secret.txt")), "secret");
    assert.equal(await Deno.readTextFile(join(world.root, "outside.txt")), "outside");
    // `..` that stays inside is fine, and so is an absolute path inside.
    assert.equal((await desk.ok("read_file", { path: "a/../inside.txt" })).content, "inside");
    assert.equal(
      (await desk.ok("read_file", { path: join(world.ws, "inside.txt") })).content,
      "inside",
    );
  });
});

Deno.test("links out of the workspace are refused; a write never goes through a link", async () => {
  await withDesk(async (desk, world) => {
    const outsideDir = join(world.root, "outside-dir");
    await Deno.mkdir(outsideDir);
    await Deno.writeTextFile(join(outsideDir, "secret.txt"), "secret");
    await Deno.writeTextFile(join(world.root, "outside.txt"), "outside");
    await Deno.symlink(join(world.root, "outside.txt"), join(world.ws, "out-link"));
    await Deno.symlink(outsideDir, join(world.ws, "out-dir"));
    await Deno.mkdir(join(world.ws, "real"));
    await Deno.writeTextFile(join(world.ws, "real", "file.txt"), "real");
    await Deno.symlink(join(world.ws, "real"), join(world.ws, "in-dir"));
    await Deno.symlink(join(world.ws, "real", "file.txt"), join(world.ws, "in-link"));

    // Inside → outside: refused for reads, writes, listing.
    assert.equal(await desk.code("read_file", { path: "out-link" }), "WORKSPACE_VIOLATION");
    assert.equal(
      await desk.code("read_file", { path: "out-dir/secret.txt" }),
      "WORKSPACE_VIOLATION",
    );
    assert.equal(await desk.code("list_folder", { path: "out-dir" }), "WORKSPACE_VIOLATION");
    assert.equal(
      await desk.code("write_file", { path: "out-link", content: "x" }),
      "WORKSPACE_VIOLATION",
    );
    assert.equal(
      await desk.code("write_file", { path: "out-dir/new.txt", content: "x" }),
      "WORKSPACE_VIOLATION",
    );
    assert.equal(
      await desk.code("create_folder", { path: "out-dir/sub" }),
      "WORKSPACE_VIOLATION",
    );
    assert.equal(await Deno.readTextFile(join(world.root, "outside.txt")), "outside");
    assert.equal(await exists(join(outsideDir, "new.txt")), false);
    assert.equal(await exists(join(outsideDir, "sub")), false);

    // Inside → inside: a read follows the link (its target re-checked), a write does not.
    assert.equal((await desk.ok("read_file", { path: "in-link" })).content, "real");
    assert.equal((await desk.ok("read_file", { path: "in-dir/file.txt" })).content, "real");
    assert.equal(
      await desk.code("write_file", { path: "in-link", content: "x" }),
      "WORKSPACE_VIOLATION",
    );
    // A symlinked parent: no write through it, even to a new file.
    assert.equal(
      await desk.code("write_file", { path: "in-dir/new.txt", content: "x" }),
      "WORKSPACE_VIOLATION",
    );
    assert.equal(
      await desk.code("patch_file", {
        path: "in-dir/file.txt",
        edits: [{ oldText: "real", newText: "x" }],
      }),
      "WORKSPACE_VIOLATION",
    );
    assert.equal(await Deno.readTextFile(join(world.ws, "real", "file.txt")), "real");
    assert.equal(await exists(join(world.ws, "real", "new.txt")), false);
  });
});

Deno.test("a dangling link is refused for reads and writes, and its target is never created", async () => {
  await withDesk(async (desk, world) => {
    const nowhere = join(world.root, "nowhere.txt");
    await Deno.symlink(nowhere, join(world.ws, "dangling"));
    await Deno.symlink(join(world.root, "no-dir"), join(world.ws, "dangling-dir"));
    for (const action of ["write_file", "create_file"]) {
      assert.equal(
        await desk.code(action, { path: "dangling", content: "x" }),
        "WORKSPACE_VIOLATION",
      );
      assert.equal(
        await desk.code(action, { path: "dangling-dir/x.txt", content: "x" }),
        "WORKSPACE_VIOLATION",
      );
    }
    assert.equal(await desk.code("read_file", { path: "dangling" }), "WORKSPACE_VIOLATION");
    assert.equal(
      await desk.code("create_folder", { path: "dangling-dir/a" }),
      "WORKSPACE_VIOLATION",
    );
    assert.equal(await exists(nowhere), false);
    assert.equal(await exists(join(world.root, "no-dir")), false);
  });
});

Deno.test("hard links, FIFOs and case variants are refused", async () => {
  await withDesk(async (desk, world) => {
    const outside = join(world.root, "outside-secret.txt");
    await Deno.writeTextFile(outside, "secret");
    await Deno.link(outside, join(world.ws, "hard.txt"));
    assert.equal(await desk.code("read_file", { path: "hard.txt" }), "WORKSPACE_VIOLATION");
    assert.equal(
      await desk.code("write_file", { path: "hard.txt", content: "x" }),
      "WORKSPACE_VIOLATION",
    );
    assert.equal(
      await desk.code("patch_file", {
        path: "hard.txt",
        edits: [{ oldText: "secret", newText: "x" }],
      }),
      "WORKSPACE_VIOLATION",
    );
    assert.equal(await Deno.readTextFile(outside), "secret");

    const fifo = join(world.ws, "pipe");
    const made = await new Deno.Command("mkfifo", { args: [fifo] }).output();
    assert.ok(made.success, "mkfifo is available");
    // Refused before any open, so the call does not hang on the FIFO.
    assert.equal(await desk.code("read_file", { path: "pipe" }), "WORKSPACE_VIOLATION");
    assert.equal(
      await desk.code("write_file", { path: "pipe", content: "x" }),
      "WORKSPACE_VIOLATION",
    );

    // Linux file systems are case-sensitive: WS is another folder, outside.
    await Deno.writeTextFile(join(world.ws, "a.txt"), "a");
    assert.equal(
      await desk.code("read_file", { path: join(world.root, "WS", "a.txt") }),
      "WORKSPACE_VIOLATION",
    );
    // Sensitive names are judged without case.
    await Deno.writeTextFile(join(world.ws, ".ENV"), "TOKEN=1");
    assert.equal(await desk.code("read_file", { path: ".ENV" }), "PERMISSION_DENIED");
    assert.equal(await desk.code("read_file", { path: ".Env.Local" }), "PERMISSION_DENIED");
    assert.equal(
      await desk.code("write_file", { path: ".GIT/hooks/pre-commit", content: "x" }),
      "PERMISSION_DENIED",
    );
  });
});

Deno.test("path forms no OS should open are refused before anything is touched", async () => {
  await withDesk(async (desk) => {
    for (
      const path of [
        "a\u0000b",
        "//server/share/x",
        "\\\\server\\share\\x",
        "\\\\?\\C:\\x",
        "\\\\.\\pipe\\x",
        "C:\\Windows\\x",
        "a.txt:stream",
        "a.txt::$DATA",
        "CON",
        "nul.txt",
        "sub/COM1",
        "lpt9.log",
        "a.",
        "a ",
        "dir./x",
        "a\nb",
      ]
    ) {
      assert.equal(
        await desk.code("write_file", { path, content: "x" }),
        "WORKSPACE_VIOLATION",
        JSON.stringify(path),
      );
      assert.equal(
        await desk.code("read_file", { path }),
        "WORKSPACE_VIOLATION",
        JSON.stringify(path),
      );
    }
  });
});

Deno.test("the folder that holds the desk policy is out of reach even inside a workspace", async () => {
  let rootId = "";
  await withDesk(async (desk, world) => {
    const before = await Deno.readTextFile(world.policyPath);
    assert.equal(
      await desk.code("write_file", {
        workspace: rootId,
        path: "config/desk.json",
        content: "{}",
      }),
      "WORKSPACE_VIOLATION",
    );
    assert.equal(
      await desk.code("read_file", { workspace: rootId, path: "config/desk.json" }),
      "WORKSPACE_VIOLATION",
    );
    assert.equal(await Deno.readTextFile(world.policyPath), before);
    // The default Leash app dir (HOME is the world's root here) is out of reach too.
    await Deno.mkdir(join(world.root, ".config", "leash"), { recursive: true });
    assert.equal(
      await desk.code("write_file", {
        workspace: rootId,
        path: ".config/leash/leash-host-dev",
        content: "#!/bin/sh\n",
      }),
      "WORKSPACE_VIOLATION",
    );
    assert.equal(
      await Deno.lstat(join(world.root, ".config/leash/leash-host-dev")).then(
        () => true,
        () => false,
      ),
      false,
    );
  }, (policy, { ws }) => {
    rootId = "ws_00000000000b";
    policy.workspaces.push({
      id: rootId,
      name: "root",
      path: join(ws, ".."),
      webAgentContext: false,
    });
  });
});
