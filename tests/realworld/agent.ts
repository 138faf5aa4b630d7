/**
 * The scripted agent: one rule set for every MCP server, so what differs
 * between runs is the server, never the agent.
 *
 * 1. Observe the page once it is open.
 * 2. Target each step's element (and a drag's end) by role and exact name
 *    in the latest observation as the answers since told it — a model
 *    reads each answer, so where a server's action answers show what
 *    changed (Leash's deltas), the rows they add, remove or give new refs
 *    count; the anchors' action answers show none — (the first row that
 *    matches and has a ref;
 *    for a list item, row or cell, else its text where the snapshot shows
 *    the item only by a text with a ref, as a model would point at it);
 *    where the server said the observation left rows out, narrow once by
 *    the name.
 * 3. After a step that reveals UI (a popup, a menu, search results), take a
 *    fresh observation, each server its cheapest way: a snapshot; where the
 *    action's own answer showed every change it made (Leash's delta, when
 *    it summarized and cut nothing), that answer; where the server answers
 *    what changed since its last answer (Leash's `since`), that, when the
 *    server said its last answer was whole. (The anchors' action answers
 *    carry no page content: `@playwright/mcp` links its snapshot as a file,
 *    `chrome-devtools-mcp` says the action ran.)
 * 4. A step that fails (no ref for its target, or the tool answers an
 *    error) is retried once: on the ref the error names as the target's
 *    new self where it names one (Leash's answer for an element the page
 *    drew again), else after a fresh observation; a second failure ends the
 *    task.
 *
 * Nothing waits or sleeps between steps. Each server gets an
 * {@linkcode Adapter} that turns its snapshot text into rows and maps the
 * intents to its own ordinary tools, each mapping in one table.
 *
 * @module
 */
import { tokensOf } from "../../scripts/bench/agents/stats.ts";
import type { StdioSession, ToolReply } from "../../scripts/bench/agents/mcp_stdio.ts";
import type { Row } from "./rows.ts";
import { join } from "node:path";
import type { Step, Target, Task, UploadFile } from "./tasks.ts";

/** What one observation gave the agent. */
export interface Observed {
  rows: Row[];
  /** The server said rows were left out (only then does the agent narrow). */
  partial: boolean;
}

/** What an adapter is told besides a step's own ref. */
export interface ActOptions {
  /**
   * The step before acted on that same element, so it holds the focus (a
   * key needs no click on it first).
   */
  focused: boolean;
  /** A drag's end: the ref of the element to let go on. */
  to?: string;
}

/** One MCP server as the agent drives it. */
export interface Adapter {
  /** Who this is, e.g. `@playwright/mcp 0.0.83`. */
  readonly label: string;
  /** Make `url` the page the next calls work on (navigate, or open a tab and claim it). */
  open(url: string): Promise<void>;
  /**
   * Observe the page the server's default way; with `narrow`, only what
   * matches that name. `why` says what the look follows: a step that
   * revealed UI, a failed step (then the look starts afresh), or neither.
   */
  observe(narrow?: string, why?: "reveal" | "retry"): Promise<Observed>;
  /**
   * Do `step` to the element `ref` names (no ref for a key press without a
   * target); see {@linkcode ActOptions} for the rest.
   */
  act(step: Step, ref: string | undefined, options: ActOptions): Promise<void>;
  /**
   * The ref an action's error names as its target's new self (the page drew
   * the element again), when the server's errors say one.
   */
  redrawnRef?(error: unknown): string | undefined;
  /**
   * The page's rows as the answers so far told them (the last look, then
   * each action answer's changes), when the server's action answers show
   * rows; `undefined` when they do not, or when no answer since a look
   * said what the page holds.
   */
  told?(): Observed | undefined;
  /** Leave the page (release, close), ready for the next task. */
  leave(): Promise<void>;
  /** End the server. */
  close(): Promise<void>;
}

/** Every tool call a task made, counted as the model would pay for it. */
export class Meter {
  calls = 0;
  tokens = 0;
  /** Calls and tokens per tool name, for the per-call-kind table. */
  byTool: Map<string, { calls: number; tokens: number }> = new Map();
  /** Every call's arguments and answer as the model reads them, in order (for a transcript). */
  transcript: { name: string; args: string; text: string; tokens: number; ms: number }[] = [];

  /** `session` with every call counted: tokens of the arguments sent and the text received. */
  wrap(session: StdioSession): StdioSession {
    return {
      call: async (name, args, timeoutMs) => {
        const sent = JSON.stringify({ name, arguments: args });
        const began = performance.now();
        let text = "";
        try {
          const reply: ToolReply = await session.call(name, args, timeoutMs);
          text = reply.text;
          return reply;
        } catch (error) {
          text = String(error instanceof Error ? error.message : error);
          throw error;
        } finally {
          this.#count(name, sent, text, performance.now() - began);
        }
      },
      stderr: () => session.stderr(),
      close: () => session.close(),
    };
  }

  /** Start counting a new task (the per-tool tallies and the transcript go on). */
  reset(): void {
    this.calls = 0;
    this.tokens = 0;
  }

  #count(name: string, sent: string, text: string, ms: number): void {
    const tokens = tokensOf(sent) + tokensOf(text);
    this.calls++;
    this.tokens += tokens;
    const tool = this.byTool.get(name) ?? { calls: 0, tokens: 0 };
    tool.calls++;
    tool.tokens += tokens;
    this.byTool.set(name, tool);
    this.transcript.push({ name, args: sent, text, tokens, ms: Math.round(ms) });
  }
}

/** How the agent's run of one task went (the outcome is checked by the caller, from the page). */
export interface AgentRun {
  /** Every step ran without a final error. */
  completed: boolean;
  /** Why it stopped, when it did: the step and the server's answer. */
  failure?: string;
  /** Steps that needed their one retry, and why the first try failed. */
  retries: string[];
}

/**
 * Run `task` on the page at `url` through `adapter`, by the rule set above;
 * the caller leaves the page. `onStarted` is called once the page is open
 * and observed.
 */
export async function runTask(
  adapter: Adapter,
  task: Task,
  url: string,
  onStarted?: () => void,
): Promise<AgentRun> {
  const retries: string[] = [];
  try {
    await adapter.open(url);
    let observed = await adapter.observe();
    // The start is over: the page is open and the agent has its first look.
    onStarted?.();
    /** The element the last step acted on. */
    let last: string | undefined;
    const refOf = async (target: Target) => {
      const told = adapter.told?.();
      // What was cut from a look stays cut: answers since add changes, not the rest.
      if (told !== undefined) {
        observed = { rows: told.rows, partial: observed.partial || told.partial };
      }
      let row = find(observed, target);
      if (row === undefined && observed.partial) {
        observed = await adapter.observe(target.name);
        row = find(observed, target);
      }
      if (row === undefined) throw new Error(`no ${describe(target)} with a ref`);
      return row.ref;
    };
    const attempt = async (step: Step, redrawn?: string) => {
      const ref = step.target === undefined ? undefined : redrawn ?? await refOf(step.target);
      const to = step.intent === "drag" ? await refOf(step.to) : undefined;
      const focused = ref !== undefined && ref === last;
      last = ref;
      await adapter.act(step, ref, { focused, to });
    };
    for (const [index, step] of task.steps.entries()) {
      try {
        await attempt(step);
      } catch (first) {
        retries.push(`step ${index + 1} (${stepLabel(step)}): ${brief(first)}`);
        const redrawn = adapter.redrawnRef?.(first);
        if (redrawn === undefined) observed = await adapter.observe(undefined, "retry");
        try {
          await attempt(step, redrawn);
        } catch (second) {
          return {
            completed: false,
            failure: `step ${index + 1} (${stepLabel(step)}): ${brief(second)}`,
            retries,
          };
        }
      }
      if (step.reveals === true) observed = await adapter.observe(undefined, "reveal");
    }
    return { completed: true, retries };
  } catch (error) {
    return { completed: false, failure: brief(error), retries };
  }
}

/** Roles of items a snapshot may show by their text alone (`uid=1_4 "Login fails"`). */
const textItemRoles: ReadonlySet<string> = new Set(["listitem", "row", "cell"]);
const textRoles: ReadonlySet<string> = new Set(["", "text", "StaticText"]);

function find(observed: Observed, target: Target): Row | undefined {
  const named = (row: Row) => row.name === target.name && row.ref !== undefined;
  // A nameless editor is known by the text it shows (an Editor.js block).
  const showing = (row: Row) =>
    row.name === "" && row.value === target.name && row.ref !== undefined;
  return observed.rows.find((row) => row.role === target.role && named(row)) ??
    (textItemRoles.has(target.role)
      ? observed.rows.find((row) => textRoles.has(row.role) && named(row))
      : undefined) ??
    observed.rows.find((row) => row.role === target.role && showing(row));
}

function describe(target: Target): string {
  return `${target.role} ${JSON.stringify(target.name)}`;
}

/** `type searchbox "Quick filter"`; a drag's end after `to`. */
export function stepLabel(step: Step): string {
  if (step.target === undefined) return `${step.intent} ${"key" in step ? step.key : ""}`;
  const to = step.intent === "drag" ? ` to ${describe(step.to)}` : "";
  return `${step.intent} ${describe(step.target)}${to}`;
}

/** The first line of an error, without the `Cannot run tool:` prefix, at most 160 characters. */
export function brief(error: unknown): string {
  const text = (error instanceof Error ? error.message : String(error)).split("\n")[0]
    .replace(/^Cannot run (\S+): /, "$1: ");
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
}

/**
 * Write the file an upload step gives into `dir` (the anchors take files by
 * path, and `@playwright/mcp` only from under its working directory);
 * returns its absolute path.
 */
export function stageUpload(dir: string, file: UploadFile): string {
  const folder = join(dir, "uploads");
  Deno.mkdirSync(folder, { recursive: true });
  const path = join(folder, file.name);
  Deno.writeTextFileSync(path, file.text);
  return path;
}

/** Every call of `meter` as the model read it: tool, tokens, arguments, then the answer. */
export function formatTranscript(meter: Meter): string {
  return meter.transcript.map((call) =>
    `=== ${call.name} (${call.tokens} tokens, ${call.ms} ms)\n> ${call.args}\n${call.text}\n`
  ).join("\n");
}
