/**
 * `deno task test` runs two sets: `test:unit` (no browser, files in
 * parallel) and `test:browser` (real Chromium, one file at a time, beside
 * one more `deno test` for the test that mostly waits). A test file no
 * command runs would never run, and one two commands run would run twice,
 * so every test file of the repository must be run by exactly one of them.
 */
import assert from "node:assert/strict";
import { join, relative } from "node:path";

const root = new URL("../../", import.meta.url).pathname;

/** One `deno test` command: the paths it names and the ones it leaves out (`--ignore=`). */
interface TestCommand {
  paths: string[];
  ignored: string[];
}

/** The `deno test` commands of a task, run one after another or side by side (`&`). */
function commandsOf(task: string): TestCommand[] {
  return task.split(/\s+&\s+/).map((command) => {
    const words = command.split(/\s+/).filter((word) => word !== "");
    assert.deepEqual(words.slice(0, 2), ["deno", "test"], command);
    return {
      paths: words.slice(2).filter((word) => !word.startsWith("-")),
      ignored: words.filter((word) => word.startsWith("--ignore="))
        .flatMap((word) => word.slice("--ignore=".length).split(",")),
    };
  });
}

/** Whether `path`, a file or a folder ending in `/`, holds `file`. */
function holds(path: string, file: string): boolean {
  return path.endsWith("/") ? file.startsWith(path) : file === path;
}

/** Whether `command` runs `file`. */
function runs(command: TestCommand, file: string): boolean {
  return command.paths.some((path) => holds(path, file)) &&
    !command.ignored.some((path) => holds(path, file));
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

Deno.test("every test file runs in exactly one command of the test task's two sets", async () => {
  const { tasks } = JSON.parse(await Deno.readTextFile(join(root, "deno.json")));
  assert.equal(tasks.test, "deno task test:unit && deno task test:browser");
  const commands = [
    ...commandsOf(tasks["test:unit"]).map((command, at) => ({ name: `unit #${at + 1}`, command })),
    ...commandsOf(tasks["test:browser"]).map((command, at) => ({
      name: `browser #${at + 1}`,
      command,
    })),
  ];
  const files: string[] = [];
  await testFiles(root, files);
  assert.ok(files.length > 100, "the walk found the test files");
  const problems: string[] = [];
  for (const file of files) {
    const named = commands.filter(({ command }) => runs(command, file)).map(({ name }) => name);
    if (named.length !== 1) {
      problems.push(`${file}: run by ${named.length === 0 ? "no command" : named.join(" and ")}`);
    }
  }
  assert.deepEqual(problems, []);
});
