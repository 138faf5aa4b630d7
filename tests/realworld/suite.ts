/**
 * One run of the real-world suite through one adapter: every task in turn
 * on its page, the agent's calls counted, and each outcome read from what
 * the page itself sent to the fixture server's `/report` (never from the
 * agent's tools).
 *
 * @module
 */
import type { FixtureServer } from "../support/serve.ts";
import { type Adapter, brief, type Meter, runTask } from "./agent.ts";
import { type Task, tasks } from "./tasks.ts";

/**
 * The tasks a run takes: every one, or with `LEASH_TASKS=id,id` only those,
 * for working on one page (alone in the test, beside the anchors in the bench).
 */
export function chosenTasks(): readonly Task[] {
  const only = Deno.env.get("LEASH_TASKS")?.split(",").filter((id) => id !== "");
  return only === undefined ? tasks : tasks.filter((task) => only.includes(task.id));
}

/** How one task went for one server. */
export interface TaskResult {
  task: Task;
  /** The page reported exactly the task's outcome. */
  achieved: boolean;
  /** What the page reported last, if anything. */
  reported?: string;
  /** Tool calls from opening the page to the last step. */
  calls: number;
  /** o200k tokens of those calls' arguments and answers. */
  tokens: number;
  /** Of those, the tokens of the start: opening the page and the first look. */
  startTokens: number;
  /** Wall time from opening the page to the last step, milliseconds. */
  ms: number;
  /** Why it was not achieved, when it was not. */
  failure?: string;
  /** First tries that failed and were retried. */
  retries: string[];
}

/** How long after the last step the page's report may take to arrive (it is one local fetch). */
const reportWaitMs = 3_000;

/** Run `tasks` through `adapter` on the pages of `server`, tagging the pages' reports with `run`. */
export async function runSuite(
  adapter: Adapter,
  meter: Meter,
  server: FixtureServer,
  run: string,
  tasks: readonly Task[],
): Promise<TaskResult[]> {
  const results: TaskResult[] = [];
  for (const task of tasks) {
    const tag = `${run}-${task.id}`;
    meter.reset();
    const began = performance.now();
    let startTokens = 0;
    const agent = await runTask(
      adapter,
      task,
      `${server.url(task.page)}?run=${tag}`,
      () => startTokens = meter.tokens,
    );
    const ms = performance.now() - began;
    const { calls, tokens } = meter;
    await adapter.leave().catch(() => {});
    const reported = await reportOf(server, tag, task.outcome);
    const achieved = reported === task.outcome;
    const failure = achieved
      ? undefined
      : agent.failure ?? (reported === undefined
        ? "every step answered, but the page reported nothing"
        : `every step answered, but the page reported ${JSON.stringify(reported)}`);
    results.push({
      task,
      achieved,
      ...(reported === undefined ? {} : { reported }),
      calls,
      tokens,
      startTokens,
      ms,
      ...(failure === undefined ? {} : { failure }),
      retries: agent.retries,
    });
  }
  return results;
}

/** The last outcome run `tag`'s page reported, waiting briefly for `expected` to arrive. */
async function reportOf(
  server: FixtureServer,
  tag: string,
  expected: string,
): Promise<string | undefined> {
  const deadline = Date.now() + reportWaitMs;
  while (true) {
    const mine = server.reports().filter((params) => params.get("run") === tag);
    const last = mine.at(-1)?.get("outcome") ?? undefined;
    if (last === expected || Date.now() > deadline) return last;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The results as a table: task, achieved, calls, tokens, seconds, and why not. */
export function formatResults(label: string, results: readonly TaskResult[]): string {
  const achieved = results.filter((result) => result.achieved).length;
  const lines = [`${label}: ${achieved} of ${results.length} tasks achieved`];
  for (const result of results) {
    const mark = result.achieved ? "yes" : "no ";
    const cost = `${result.calls} calls, ${result.tokens} tokens, ${
      (result.ms / 1000).toFixed(1)
    } s`;
    const why = result.failure === undefined ? "" : ` — ${brief(result.failure)}`;
    lines.push(`  ${mark} ${result.task.id.padEnd(18)} ${cost}${why}`);
  }
  return lines.join("\n");
}
