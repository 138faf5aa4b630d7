/**
 * One run of a desktop program: argv only, no shell, the session's
 * environment, in a process group of its own with a deadline after which
 * the whole group is killed, and its output read up to a bound. A program
 * that must outlive its run (a clipboard owner) runs with no output pipes,
 * so the daemon it forks holds nothing the host waits on.
 *
 * @module
 */
import { DeskFailure } from "../../../contracts/desk/codes.ts";
import { concatBytes } from "../bytes.ts";
import { killGroup, spawnGroup } from "../commands/process_group.ts";
import type { DesktopSession } from "./session.ts";

/** What to run. */
export interface ToolRun {
  readonly executable: string;
  readonly args: readonly string[];
  /** Bytes fed on stdin, then closed: text never travels in argv. */
  readonly stdin?: string | Uint8Array;
  readonly timeoutMs: number;
  /** The most stdout bytes kept; past it the run stops and `overflow` is set. */
  readonly maxOutputBytes: number;
  /**
   * Whether the program leaves a daemon behind that must live on: its
   * output is not piped and its group is not killed when it exits.
   */
  readonly leavesOwner?: boolean;
}

/** How a run ended. */
export interface ToolResult {
  readonly exitCode: number | null;
  readonly stdout: Uint8Array;
  /** The start of stderr, for the engine's own judgement only; never answered. */
  readonly stderr: string;
  readonly overflow: boolean;
}

const STDERR_BYTES = 4096;

/**
 * Runs `run` in `session`. Throws `EXECUTION_FAILED` when the program
 * cannot start or runs past its deadline (its whole group is killed then).
 */
export async function runTool(run: ToolRun, session: DesktopSession): Promise<ToolResult> {
  let child;
  try {
    child = spawnGroup({
      executable: run.executable,
      args: run.args,
      cwd: session.os === "windows" ? "C:\\" : "/",
      env: session.env,
      stdin: run.stdin,
      output: run.leavesOwner ? "ignore" : "pipe",
    });
  } catch {
    throw new DeskFailure("EXECUTION_FAILED", { reason: "spawn" });
  }
  const out: Uint8Array[] = [];
  let outBytes = 0;
  let overflow = false;
  const err: Uint8Array[] = [];
  let errBytes = 0;
  child.stdout?.on("data", (chunk: Uint8Array) => {
    if (overflow) return;
    if (outBytes + chunk.length > run.maxOutputBytes) {
      overflow = true;
      out.push(chunk.subarray(0, run.maxOutputBytes - outBytes));
      outBytes = run.maxOutputBytes;
      if (child.pid !== undefined) killGroup(child.pid);
      return;
    }
    out.push(chunk);
    outBytes += chunk.length;
  });
  child.stderr?.on("data", (chunk: Uint8Array) => {
    if (errBytes < STDERR_BYTES) err.push(chunk.subarray(0, STDERR_BYTES - errBytes));
    errBytes += chunk.length;
  });
  let timedOut = false;
  let deadline: ReturnType<typeof setTimeout> | undefined;
  const outcome = await new Promise<{ started: boolean; code: number | null }>((resolve) => {
    child.once("error", () => resolve({ started: false, code: null }));
    child.once("spawn", () => {
      const pid = child.pid!;
      deadline = setTimeout(() => {
        timedOut = true;
        killGroup(pid);
        // Where there are no process groups (Windows), the program itself at least.
        child.kill("SIGKILL");
      }, run.timeoutMs);
      // Without pipes there is nothing to drain: the exit is the end.
      child.once(run.leavesOwner ? "exit" : "close", (code: number | null) => {
        if (!run.leavesOwner) killGroup(pid);
        resolve({ started: true, code });
      });
    });
  }).finally(() => clearTimeout(deadline));
  if (!outcome.started) throw new DeskFailure("EXECUTION_FAILED", { reason: "spawn" });
  if (timedOut) throw new DeskFailure("EXECUTION_FAILED", { reason: "timeout" });
  return {
    exitCode: outcome.code,
    stdout: concatBytes(out),
    stderr: new TextDecoder().decode(concatBytes(err)),
    overflow,
  };
}
