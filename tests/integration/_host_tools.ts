/**
 * Running `deno task install|uninstall|doctor` as a person would, inside a
 * temporary HOME, and describing a folder tree with modes so a test can
 * compare it before and after.
 *
 * @module
 */
import { join, relative } from "node:path";
import { z } from "zod";
import { denoDir } from "./_host_process.ts";

const repo = new URL("../../", import.meta.url).pathname;

/** How a task run ended. */
export interface TaskResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** The environment of a person whose HOME is `home`, with Leash's overrides cleared. */
export function personEnv(home: string, runtimeDir: string): Record<string, string> {
  return {
    HOME: home,
    XDG_CONFIG_HOME: "",
    LEASH_HOST_CONFIG: "",
    LEASH_DESK_CONFIG: "",
    APPDATA: "",
    LEASH_RUNTIME_DIR: runtimeDir,
    DENO_DIR: denoDir(),
  };
}

/** Run `deno task <name> …args` from the repository with `env` added. */
export async function runTask(
  name: string,
  args: readonly string[],
  env: Record<string, string>,
): Promise<TaskResult> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["task", "--quiet", name, ...args],
    cwd: repo,
    env,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decoder = new TextDecoder();
  return {
    code: output.code,
    stdout: decoder.decode(output.stdout),
    stderr: decoder.decode(output.stderr),
  };
}

/** Every path under `root` as `"<octal mode> <relative path>"`, sorted. */
export async function tree(root: string): Promise<string[]> {
  const lines: string[] = [];
  async function walk(dir: string): Promise<void> {
    for await (const entry of Deno.readDir(dir)) {
      const path = join(dir, entry.name);
      const info = await Deno.lstat(path);
      const mode = ((info.mode ?? 0) & 0o777).toString(8);
      lines.push(`${mode} ${relative(root, path)}${entry.isSymlink ? " -> symlink" : ""}`);
      if (entry.isDirectory) await walk(path);
    }
  }
  await walk(root);
  return lines.sort();
}

/** What `leash doctor --json` prints. */
export const DoctorReportSchema = z.object({
  ok: z.boolean(),
  links: z.array(z.object({
    link: z.string(),
    state: z.enum(["ok", "broken", "skipped"]),
    detail: z.string(),
    fix: z.string().optional(),
  })),
});
