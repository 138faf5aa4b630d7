import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import {
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  realpath,
  rm,
  symlink,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { deskFailure } from "../testing/failure.ts";
import { type TestWorkspace, testWorkspace } from "../testing/workspace.ts";
import { importAsset, ImportAssetArgsSchema, type ImportContext } from "./import_asset.ts";

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

/** An import root beside a sibling whose name shares its prefix, and files in both. */
async function importFolders() {
  const base = await realpath(await mkdtemp(join(tmpdir(), "leash-desk-import-")));
  const root = join(base, "imports");
  const sibling = join(base, "imports_evil");
  await mkdir(root);
  await mkdir(sibling);
  await writeFile(join(root, "photo.png"), png);
  await writeFile(join(root, "notes.txt"), "plain notes\n");
  await writeFile(join(root, ".env"), "TOKEN=secret\n");
  await writeFile(join(root, "page.txt"), "<!doctype html><script>x()</script>");
  await writeFile(join(root, "png-bytes.txt"), png);
  await writeFile(join(root, "tool.png"), "\x7fELF\x02\x01\x01");
  await writeFile(join(root, "big.png"), new Uint8Array([...png, ...new Uint8Array(5000)]));
  await writeFile(join(sibling, "photo.png"), png);
  await writeFile(join(base, "outside.png"), png);
  await symlink(join(base, "outside.png"), join(root, "link.png"));
  execFileSync("mkfifo", [join(root, "pipe.png")]);
  return {
    base,
    root,
    async [Symbol.asyncDispose]() {
      await rm(base, { recursive: true, force: true });
    },
  };
}

function context(ws: TestWorkspace, root: string): ImportContext {
  return {
    resolveInside: ws.resolveInside,
    importRoots: [root],
    isSensitive: (path) => basename(path).startsWith(".env"),
    maxBytes: 1000,
  };
}

Deno.test("import_asset copies a file from an import root into the workspace", async () => {
  await using ws = await testWorkspace();
  await using folders = await importFolders();
  const value = context(ws, folders.root);
  const result = await importAsset({ source: join(folders.root, "photo.png"), dest: "." }, value);
  assert.equal(result.path, "photo.png");
  assert.equal(result.bytes, png.length);
  assert.equal(result.contentType, "image/png");
  assert.deepEqual(new Uint8Array(await readFile(join(ws.root, "photo.png"))), png);
  const text = await importAsset({ source: join(folders.root, "notes.txt"), dest: "n.md" }, value);
  assert.equal(text.path, "n.txt");
  assert.deepEqual((await readdir(ws.root)).sort(), ["n.txt", "photo.png"]);
});

Deno.test("import_asset refuses every source outside its roots, sensitive, or not an allowed file", async () => {
  await using ws = await testWorkspace();
  await using folders = await importFolders();
  const value = context(ws, folders.root);
  const refused = [
    join(folders.base, "imports_evil", "photo.png"),
    join(folders.root, "..", "outside.png"),
    join(folders.root, "link.png"),
    join(folders.root, ".env"),
    join(folders.root, "pipe.png"),
    join(folders.root, "page.txt"),
    join(folders.root, "png-bytes.txt"),
    join(folders.root, "tool.png"),
    join(folders.root, "big.png"),
    folders.root,
    "/etc/hostname",
    "imports/photo.png",
  ];
  for (const source of refused) {
    const error = await deskFailure(importAsset({ source, dest: "." }, value));
    assert.equal(error.code, "ASSET_IMPORT_DENIED", source);
    assert.ok(!error.message.includes(folders.base));
  }
  const missing = await deskFailure(
    importAsset({ source: join(folders.root, "gone.png"), dest: "." }, value),
  );
  assert.equal(missing.code, "FILE_NOT_FOUND");
  assert.deepEqual(await readdir(ws.root), []);
});

Deno.test("import_asset's schema refuses unknown and ill-typed fields", () => {
  assert.ok(ImportAssetArgsSchema.safeParse({ source: "/a/b.png", dest: "." }).success);
  for (
    const bad of [
      { source: "/a/b.png" },
      { source: "/a/b.png", dest: ".", overwrite: true },
      { source: "/a/\0b.png", dest: "." },
      { source: 1, dest: "." },
    ]
  ) {
    assert.equal(ImportAssetArgsSchema.safeParse(bad).success, false, JSON.stringify(bad));
  }
});
