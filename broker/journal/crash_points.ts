/**
 * TEST HOOK, inert unless `LEASH_TEST_CRASH_AT` is set: the crash-point
 * end-to-end tests (`tests/e2e/journal_crash_test.ts`) start a Broker with
 * `LEASH_TEST_CRASH_AT=<point>` so that it kills itself with SIGKILL at
 * that exact point of its next `browser.act` — no finally block, no unload
 * handler, no journal close runs, as in a real crash.
 *
 * The points, in the order an action passes them:
 *
 * - `before-intent`: nothing of the request is committed yet;
 * - `after-intent`: the intent is committed and the action is about to
 *   send its first input, but the dispatch mark is not written and nothing
 *   reached the page;
 * - `after-dispatch`: the input reached the page and the action finished,
 *   but its outcome is not recorded;
 * - `after-outcome`: the outcome is recorded, the result not yet delivered.
 *
 * A `browser.batch` plan passes `before-intent` with its whole-plan intent,
 * then the other three with its first step (the step's own intent is
 * committed right after `after-intent`'s plan intent), and two of its own:
 *
 * - `batch-before-outcome`: every step that ran has its outcome, the plan's
 *   is not recorded;
 * - `batch-after-outcome`: the plan's outcome is recorded, its result not
 *   yet delivered.
 *
 * The variable is read once, on the first action, and only when the
 * process may read it without a prompt (the Broker may read `LEASH_*`);
 * without it, or unset, {@linkcode crashAt} does nothing.
 *
 * @module
 */

/** Where the hook can stop a Broker; see the module doc. */
export type CrashPoint = "before-intent" | "after-intent" | "after-dispatch" | "after-outcome";

/** The points only a batch plan passes; see the module doc. */
export type BatchCrashPoint = "batch-before-outcome" | "batch-after-outcome";

/** Any point the hook can be armed at. */
export type ArmedPoint = CrashPoint | BatchCrashPoint;

/** The points in the order an action passes them. */
export const crashPoints: readonly CrashPoint[] = [
  "before-intent",
  "after-intent",
  "after-dispatch",
  "after-outcome",
];

/** The batch plan's own points, in the order a plan passes them. */
export const batchCrashPoints: readonly BatchCrashPoint[] = [
  "batch-before-outcome",
  "batch-after-outcome",
];

const armable: readonly ArmedPoint[] = [...crashPoints, ...batchCrashPoints];

/** The environment variable that arms the hook. */
export const crashPointVariable = "LEASH_TEST_CRASH_AT";

/**
 * The point `value` names; `undefined` for an unset or empty value. Throws
 * `TypeError` for anything else, so a misspelt point fails loudly instead of
 * leaving a test waiting for a crash that never comes.
 */
export function parseCrashPoint(value: string | undefined): ArmedPoint | undefined {
  if (value === undefined || value === "") return undefined;
  const point = armable.find((known) => known === value);
  if (point === undefined) {
    throw new TypeError(
      `Cannot arm the crash point: ${crashPointVariable}=${value} is not one of ${
        armable.join(", ")
      }`,
    );
  }
  return point;
}

function readArmedPoint(): ArmedPoint | undefined {
  const permission = Deno.permissions.querySync({ name: "env", variable: crashPointVariable });
  if (permission.state !== "granted") return undefined;
  return parseCrashPoint(Deno.env.get(crashPointVariable));
}

let armed: { point: ArmedPoint | undefined } | undefined;

/** Test hook: SIGKILL this process if it was started with `LEASH_TEST_CRASH_AT=<point>`. */
export function crashAt(point: ArmedPoint): void {
  armed ??= { point: readArmedPoint() };
  if (armed.point === point) Deno.kill(Deno.pid, "SIGKILL");
}
