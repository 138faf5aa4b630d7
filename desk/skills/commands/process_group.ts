/**
 * A program started in a process group of its own, so it can be stopped
 * with every child and grandchild it started: `detached` makes the child a
 * session and group leader (setsid), and a signal sent to the negative pid
 * reaches the whole group. A process that starts a session of its own
 * leaves the group; nothing short of a cgroup follows it.
 *
 * @module
 */
import { type ChildProcess, spawn } from "node:child_process";
import process from "node:process";

/** What to start: argv only, never a shell. */
export interface GroupSpawn {
  readonly executable: string;
  readonly args: readonly string[];
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  /** Piped to the program then closed; without it the program reads an empty stdin. */
  readonly stdin?: string | Uint8Array;
  /**
   * `ignore` for a program that leaves a daemon behind (a clipboard owner):
   * a daemon inherits the pipes and would hold them open past the exit.
   */
  readonly output?: "pipe" | "ignore";
}

/** Starts `options.executable` as the leader of a new process group. */
export function spawnGroup(options: GroupSpawn): ChildProcess {
  const child = spawn(options.executable, [...options.args], {
    cwd: options.cwd,
    env: { ...options.env },
    detached: true,
    shell: false,
    windowsHide: true,
    stdio: [
      options.stdin === undefined ? "ignore" : "pipe",
      options.output ?? "pipe",
      options.output ?? "pipe",
    ],
  });
  if (options.stdin !== undefined && child.stdin !== null) {
    // A program that exits without reading its stdin closes the pipe: not an error.
    child.stdin.on("error", () => {});
    child.stdin.end(options.stdin);
  }
  return child;
}

/** Sends SIGKILL to every process still in the group led by `pid`. */
export function killGroup(pid: number): void {
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // ESRCH: the group is already empty.
  }
}
