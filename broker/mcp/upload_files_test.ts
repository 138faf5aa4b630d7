import assert from "node:assert/strict";
import { join } from "node:path";
import { isLeashError } from "../../contracts/errors.ts";
import { maxUploadBytes } from "../../contracts/methods/mod.ts";
import { NotedError } from "./errors.ts";
import { readUploadFiles, uploadRefusals } from "./upload_files.ts";

/** A project folder with files, and a secret beside it outside. */
async function project() {
  const top = await Deno.makeTempDir({ prefix: "leash-upload-" });
  const root = join(top, "project");
  await Deno.mkdir(join(root, "images"), { recursive: true });
  await Deno.mkdir(join(root, ".ssh"));
  await Deno.writeTextFile(join(root, "notes.txt"), "hello");
  await Deno.writeFile(join(root, "images", "dot.png"), new Uint8Array([137, 80, 78, 71]));
  await Deno.writeTextFile(join(root, ".env"), "TOKEN=1");
  await Deno.writeTextFile(join(root, ".ssh", "id"), "key");
  await Deno.writeTextFile(join(top, "secret.txt"), "outside");
  await Deno.symlink(join(top, "secret.txt"), join(root, "link.txt"));
  return {
    root,
    [Symbol.asyncDispose]: () => Deno.remove(top, { recursive: true }),
  };
}

/** The refusal sentence `paths` get, or "read" when they are read. */
async function refusalOf(paths: string[], root: string): Promise<string> {
  try {
    await readUploadFiles(paths, root);
    return "read";
  } catch (error) {
    assert.ok(isLeashError(error, "INVALID_PARAMS"), String(error));
    assert.ok(error instanceof NotedError);
    return error.note;
  }
}

Deno.test("upload files are read by value under the working directory, with names and types", async () => {
  await using dir = await project();
  const files = await readUploadFiles(["notes.txt", join(dir.root, "images", "dot.png")], dir.root);
  assert.deepEqual(files, [
    { name: "notes.txt", type: "text/plain", data: btoa("hello") },
    { name: "dot.png", type: "image/png", data: btoa("\x89PNG") },
  ]);
});

Deno.test("a path out of the working directory, hidden, or not a file is refused with its index", async () => {
  await using dir = await project();
  const cases: [string, keyof typeof uploadRefusals][] = [
    ["../secret.txt", "outside"],
    ["/etc/hostname", "outside"],
    ["link.txt", "outside"],
    [".env", "hidden"],
    [".ssh/id", "hidden"],
    ["images/../.env", "hidden"],
    ["missing.txt", "missing"],
    ["images", "notFile"],
  ];
  for (const [path, why] of cases) {
    assert.equal(
      await refusalOf(["notes.txt", path], dir.root),
      `paths[1]: ${uploadRefusals[why]}.`,
      path,
    );
  }
});

Deno.test("files past 512 KiB together are refused before any is sent", async () => {
  await using dir = await project();
  await Deno.writeFile(join(dir.root, "big.bin"), new Uint8Array(maxUploadBytes - 2));
  assert.equal(await refusalOf(["big.bin"], dir.root), "read");
  assert.equal(
    await refusalOf(["big.bin", "notes.txt"], dir.root),
    `paths[1]: ${uploadRefusals.tooLarge}.`,
  );
});
