import assert from "node:assert/strict";
import { prepareRuntimeDir, prepareStateDir, runtimeDirProblem } from "./runtime_dir.ts";
import { StartError } from "../journal/start_error.ts";

function info(overrides: Partial<Deno.FileInfo>): Deno.FileInfo {
  const base = Deno.lstatSync(".");
  return { ...base, isDirectory: true, isSymlink: false, uid: 1000, mode: 0o40700, ...overrides };
}

Deno.test("runtimeDirProblem names symlinks, non-directories, other owners and open modes", () => {
  assert.equal(runtimeDirProblem(info({}), 1000), undefined);
  assert.equal(
    runtimeDirProblem(info({ isSymlink: true, isDirectory: false }), 1000),
    "it is a symlink",
  );
  assert.equal(
    runtimeDirProblem(info({ isDirectory: false, isFile: true }), 1000),
    "it is not a directory",
  );
  assert.equal(runtimeDirProblem(info({ uid: 0 }), 1000), "it is owned by uid 0, not 1000");
  assert.match(runtimeDirProblem(info({ mode: 0o40750 }), 1000) ?? "", /mode 0750/);
  assert.match(runtimeDirProblem(info({ mode: 0o40701 }), 1000) ?? "", /mode 0701/);
});

Deno.test("prepareRuntimeDir creates a missing dir 0700, parents included, whatever the umask", async () => {
  const root = await Deno.makeTempDir();
  try {
    const dir = `${root}/a/b`;
    await prepareRuntimeDir(dir, Deno.uid() ?? 0);
    assert.equal(((await Deno.lstat(dir)).mode ?? 0) & 0o777, 0o700);
    await prepareRuntimeDir(dir, Deno.uid() ?? 0);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("prepareRuntimeDir refuses an open dir instead of repairing it", async () => {
  const root = await Deno.makeTempDir();
  try {
    await Deno.chmod(root, 0o711);
    await assert.rejects(prepareRuntimeDir(root, Deno.uid() ?? 0), StartError);
    assert.equal(((await Deno.lstat(root)).mode ?? 0) & 0o777, 0o711);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("prepareStateDir creates a missing state dir and leaves an existing one alone", async () => {
  const root = await Deno.makeTempDir();
  try {
    await prepareStateDir(`${root}/state`);
    assert.ok((await Deno.lstat(`${root}/state`)).isDirectory);
    await Deno.chmod(root, 0o755);
    await prepareStateDir(root);
    assert.equal(((await Deno.lstat(root)).mode ?? 0) & 0o777, 0o755);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
