/**
 * The Agent tab run table of one connection. The host mints every run ID,
 * keeps each run's mode, workspace, rounds and what it read, and forgets
 * every run when the port closes (the process ends): nothing is restored
 * on reconnect. A run idle for longer than its limit is over.
 *
 * @module
 */
import { webAgentLimits } from "../contracts/desk/limits.ts";

/** The most runs one connection keeps at once. */
export const maxRunsPerConnection = 16;

/** One Agent tab run. */
export interface Run {
  id: string;
  mode: "browser-only" | "workspace-context";
  /** The workspace a workspace-context run reads. */
  workspaceId?: string;
  rounds: number;
  filesRead: number;
  characters: number;
  lastUsed: number;
}

function mintRunId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `run_${Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}

/** The runs of one connection. */
export class RunTable {
  readonly #runs = new Map<string, Run>();
  readonly #idleMs: number;

  constructor(idleMs: number = webAgentLimits.idleMs) {
    this.#idleMs = idleMs;
  }

  /** Start a run; `undefined` when the connection already holds the most runs it may. */
  start(mode: Run["mode"], workspaceId: string | undefined, now: number): Run | undefined {
    this.#expire(now);
    if (this.#runs.size >= maxRunsPerConnection) return undefined;
    const run: Run = {
      id: mintRunId(),
      mode,
      ...(workspaceId === undefined ? {} : { workspaceId }),
      rounds: 0,
      filesRead: 0,
      characters: 0,
      lastUsed: now,
    };
    this.#runs.set(run.id, run);
    return run;
  }

  /** The live run `id` names, or `undefined` (never started, stopped or idle too long). */
  get(id: string, now: number): Run | undefined {
    this.#expire(now);
    return this.#runs.get(id);
  }

  /** End run `id`; whether it was live. */
  stop(id: string): boolean {
    return this.#runs.delete(id);
  }

  #expire(now: number): void {
    for (const [id, run] of this.#runs) {
      if (now - run.lastUsed > this.#idleMs) this.#runs.delete(id);
    }
  }
}
