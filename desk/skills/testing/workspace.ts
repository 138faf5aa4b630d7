/**
 * A temporary workspace for the skill engines' tests, with a stand-in for
 * the host's path rule: it resolves a path against the root and refuses
 * anything that leaves it by path component. The host's own rule is far
 * stricter; the engines only need to see it called and obeyed.
 *
 * @module
 */
import { mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative, resolve, sep } from "node:path";
import { DeskFailure } from "../../../contracts/desk/codes.ts";
import type { ResolveInside } from "../skill.ts";

/** A temporary folder and the path rule that keeps actions inside it. */
export interface TestWorkspace extends AsyncDisposable {
  readonly root: string;
  readonly resolveInside: ResolveInside;
  /** Every call the engine made to the path rule, in order. */
  readonly calls: { path: string; write: boolean }[];
}

/** Makes a temporary workspace, removed when disposed. */
export async function testWorkspace(): Promise<TestWorkspace> {
  const root = await realpath(await mkdtemp(join(tmpdir(), "leash-desk-skill-")));
  const calls: { path: string; write: boolean }[] = [];
  return {
    root,
    calls,
    resolveInside(path, { write }) {
      calls.push({ path, write });
      const target = resolve(root, path);
      const inside = relative(root, target);
      if (inside === ".." || inside.startsWith(`..${sep}`) || resolve(inside) === inside) {
        return Promise.reject(new DeskFailure("WORKSPACE_VIOLATION"));
      }
      return Promise.resolve(target);
    },
    async [Symbol.asyncDispose]() {
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** Whether process `pid` has ended (gone, or a zombie no one reaped yet). */
export async function processEnded(pid: number): Promise<boolean> {
  for (let tries = 0; tries < 40; tries++) {
    let stat: string;
    try {
      stat = await Deno.readTextFile(`/proc/${pid}/stat`);
    } catch {
      return true;
    }
    // The state follows the parenthesised command name, which may hold spaces.
    if (stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z")) return true;
    await new Promise((done) => setTimeout(done, 50));
  }
  return false;
}
