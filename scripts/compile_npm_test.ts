import assert from "node:assert/strict";
import { join } from "node:path";
import { npmExcludes } from "./compile_npm.ts";

Deno.test("npmExcludes() leaves out Deno's own files beside the packages, the lock's poll file too", async () => {
  const root = await Deno.makeTempDir({ prefix: "leash-compile-npm-" });
  try {
    const store = join(root, "node_modules", ".deno");
    await Deno.mkdir(join(store, "unused@1.0.0", "node_modules", "unused"), { recursive: true });
    await Deno.writeTextFile(join(store, ".deno.lock"), "");
    await Deno.writeTextFile(join(store, ".setup-cache.bin"), "");
    // No module reaches any package: every package folder goes, and Deno's files with them,
    // including the poll file another Deno process may make while the compile reads the store.
    const excluded = await npmExcludes(root, join(root, "deno.json"), []);
    for (const name of ["unused@1.0.0", ".deno.lock", ".deno.lock.poll", ".setup-cache.bin"]) {
      assert.ok(excluded.includes(join(store, name)), `${name} is not excluded`);
    }
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
