import assert from "node:assert/strict";
import { join } from "node:path";
import { IgnoreRules } from "./ignore_rules.ts";

Deno.test("ignore rules follow .gitignore: scoped to their folder, re-included deeper, .git always", async () => {
  const root = await Deno.makeTempDir({ prefix: "leash-ignore-" });
  try {
    await Deno.writeTextFile(join(root, ".gitignore"), "*.log\n/build\n");
    await Deno.mkdir(join(root, "pkg"));
    await Deno.writeTextFile(join(root, "pkg", ".gitignore"), "!keep.log\ncache/\n");
    const rules = await IgnoreRules.forRoot(root);
    const pkg = await rules.enter(join(root, "pkg"), "pkg");
    assert.equal(rules.ignores("a.log", false), true);
    assert.equal(rules.ignores("build", true), true);
    assert.equal(rules.ignores(".git", true), true);
    assert.equal(rules.ignores("src", true), false);
    assert.equal(pkg.ignores("pkg/keep.log", false), false);
    assert.equal(pkg.ignores("pkg/drop.log", false), true);
    assert.equal(pkg.ignores("pkg/cache", true), true);
    // Anchored to the root's folder: pkg/build is not /build.
    assert.equal(pkg.ignores("pkg/build", true), false);
    // The nested file's rules do not reach the root.
    assert.equal(rules.ignores("cache", true), false);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("a .gitignore that is a link or a hard link is not read", async () => {
  const root = await Deno.makeTempDir({ prefix: "leash-ignore-" });
  try {
    const outside = join(root, "outside");
    await Deno.writeTextFile(outside, "*\n");
    await Deno.mkdir(join(root, "a"));
    await Deno.mkdir(join(root, "b"));
    await Deno.symlink(outside, join(root, "a", ".gitignore"));
    await Deno.link(outside, join(root, "b", ".gitignore"));
    const rules = await IgnoreRules.forRoot(root);
    assert.equal((await rules.enter(join(root, "a"), "a")).ignores("a/x.ts", false), false);
    assert.equal((await rules.enter(join(root, "b"), "b")).ignores("b/x.ts", false), false);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
