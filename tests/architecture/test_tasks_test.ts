/**
 * `deno task test` runs two sets: `test:unit` (no browser, files in
 * parallel) and `test:browser` (real Chromium, one file at a time). A test
 * file in neither set would never run, and one in both would run twice, so
 * every test file of the repository must be named by exactly one of them.
 */
import assert from "node:assert/strict";
import { join, relative } from "node:path";

const root = new URL("../../", import.meta.url).pathname;

/** The paths a task's `deno test` command names. */
function pathsOf(task: string): string[] {
  return task.split(/\s+/).filter((word) =>
    word !== "" && !word.startsWith("-") && word !== "deno" &&
    word !== "test"
  );
}

async function testFiles(dir: string, into: string[]): Promise<void> {
  for await (const entry of Deno.readDir(dir)) {
    if (entry.name === "node_modules" || entry.name === "dist" || entry.name.startsWith(".")) {
      continue;
    }
    const path = join(dir, entry.name);
    if (entry.isDirectory) await testFiles(path, into);
    else if (/[._]test\.ts$/.test(entry.name)) into.push(relative(root, path));
  }
}

Deno.test("every test file runs in exactly one of the test task's two sets", async () => {
  const { tasks } = JSON.parse(await Deno.readTextFile(join(root, "deno.json")));
  assert.equal(tasks.test, "deno task test:unit && deno task test:browser");
  const sets = { unit: pathsOf(tasks["test:unit"]), browser: pathsOf(tasks["test:browser"]) };
  const files: string[] = [];
  await testFiles(root, files);
  assert.ok(files.length > 100, "the walk found the test files");
  const problems: string[] = [];
  for (const file of files) {
    const named = Object.entries(sets)
      .filter(([, paths]) =>
        paths.some((path) => path.endsWith("/") ? file.startsWith(path) : file === path)
      )
      .map(([name]) => name);
    if (named.length !== 1) {
      problems.push(`${file}: in ${named.length === 0 ? "no set" : named.join(" and ")}`);
    }
  }
  assert.deepEqual(problems, []);
});
