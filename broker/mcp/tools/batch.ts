/**
 * The batch tool: 1 to 8 actions as one fenced plan, in the same shapes as
 * `browser_act`. The server validates the plan the agent sent and answers
 * the Broker's per-step approvals from that validated copy alone, and
 * nothing the Broker sends back can add or change a step. By default the
 * host approved this tool call, so the plan runs as validated; a server
 * started with `--ask-batch-steps` asks the person before each step where
 * the MCP client supports elicitation (a decline ends the plan there).
 *
 * @module
 */
import { z } from "zod";
import { isLeashError } from "../../../contracts/errors.ts";
import { limits } from "../../../contracts/limits.ts";
import { clientMethods, refOf } from "../../../contracts/methods/mod.ts";
import { batchTimeoutMs } from "../../client/client.ts";
import { defineTool, leaseIdNote } from "../define.ts";
import { NotedError } from "../errors.ts";
import { formatBatch } from "../format_batch.ts";
import { generatedRequestIdPrefix, leftOriginNote, noEpochNote } from "./act.ts";

const batchParams = clientMethods["browser.batch"].params;
const requestShape = batchParams.shape.request.shape;

/** What an agent is told when its steps name refs from different observations. */
export const mixedEpochNote =
  "The steps name refs from different observations: a batch runs on one document. Observe once, then send steps whose refs all come from that observation (or pass documentEpoch).";

/** `browser_batch` → `browser.batch`. */
export const batchTool = defineTool({
  name: "browser_batch",
  method: "browser.batch",
  description: [
    `Run 1 to ${limits.maxBatchSteps} actions on the leased page as one plan, in order, in one call: the cheap, safe way to fill a form and submit it.`,
    "Each step is `{action, expect?}` exactly as in browser_act (same kinds, same refs, same expectations), and each is fenced and verified on its own.",
    "The plan stops at the first step that is not verified (give a click in the middle an `expect`, e.g. textPresent or an element state, so it can be), fails, or changes the document before the last step; the steps after it are skipped, never run and never resumed — observe, then send a new plan for what is left.",
    "The result says the plan's status, how many steps ran, where and why it stopped, and one observation of the page for the whole plan: only the rows that changed since your last observation of this document.",
    "`requestId` makes the whole plan safe to retry: the same requestId with the identical steps never runs again; you get the first answer back (or RECOVERY_REQUIRED / OUTCOME_UNKNOWN). A changed plan under the same requestId is REQUEST_CONFLICT. IDs starting `batch:` are reserved.",
    "Errors are browser_act's: STALE_TARGET, REQUEST_CONFLICT, OUTCOME_UNKNOWN, ORIGIN_CHANGED, INVALID_PARAMS.",
  ].join(" "),
  input: z.strictObject({
    leaseId: requestShape.leaseId.describe(leaseIdNote),
    requestId: requestShape.requestId.optional().describe(
      "Your ID for this plan (up to 128 characters, not starting `batch:`), new for every distinct plan; reuse it only to retry the identical plan.",
    ),
    documentEpoch: requestShape.documentEpoch.optional().describe(
      "The `epoch` of the observation the refs came from; omit it and the server uses the observation it showed you them in.",
    ),
    steps: requestShape.steps.describe(
      `1 to ${limits.maxBatchSteps} steps, each {action, expect?} as in browser_act.`,
    ),
  }),
  hints: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  async handler(args, { session, signal, askPerson }) {
    const requestId = args.requestId ?? `${generatedRequestIdPrefix}${crypto.randomUUID()}`;
    const documentEpoch = args.documentEpoch ?? epochOfSteps(args, session.leases);
    if (documentEpoch === undefined) {
      session.leases.assertNotEnded(args.leaseId);
      throw new NotedError("INVALID_PARAMS", noEpochNote);
    }
    // The validated plan: its own copy, the only thing an approval is answered from.
    const validated = structuredClone(args.steps);
    const request = { leaseId: args.leaseId, requestId, documentEpoch, steps: validated };
    const result = await session.withLease(
      args.leaseId,
      1,
      (connection) =>
        connection.batch(
          { sessionId: session.sessionId, request },
          async ({ index, step, total }) => {
            if (index >= validated.length) return false;
            if (JSON.stringify(step) !== JSON.stringify(validated[index])) return false;
            return askPerson === undefined || await askPerson(stepQuestion(step, index, total));
          },
          { signal, timeoutMs: batchTimeoutMs },
        ),
    ).catch((error) => {
      if (isLeashError(error, "ORIGIN_CHANGED")) {
        session.leases.end(args.leaseId, "left-origin");
        throw new NotedError("ORIGIN_CHANGED", leftOriginNote, { cause: error });
      }
      throw error;
    });
    const last = result.steps.at(-1);
    if (last !== undefined) {
      session.leases.noteObservation(
        args.leaseId,
        last.documentEpoch,
        last.observation?.nodes,
        last.observation === null ? undefined : { scope: {}, cursor: last.observation.cursor },
      );
    }
    return {
      text: formatBatch(result, validated.length, { requestId: args.requestId, documentEpoch }),
      structured: result,
    };
  },
});

/** What the person is asked before a step: its kind, ref and target, never typed text. */
export function stepQuestion(
  step: { action: Parameters<typeof refOf>[0] },
  index: number,
  total: number,
): string {
  const { action } = step;
  const parts: string[] = [action.kind];
  const ref = refOf(action);
  if (ref !== undefined) parts.push(ref);
  if ("url" in action && typeof action.url === "string") parts.push(action.url);
  if ("text" in action && typeof action.text === "string") {
    parts.push(`(${[...action.text].length} characters)`);
  }
  return `Allow step ${index + 1} of ${total} of the agent's browser plan: ${parts.join(" ")}?`;
}

/**
 * The one epoch every ref of the plan was shown in (the epoch last shown
 * for a plan without refs), or `undefined` when none is known.
 */
function epochOfSteps(
  args: { leaseId: string; steps: readonly { action: Parameters<typeof refOf>[0] }[] },
  leases: { epochFor(leaseId: string, ref: string | undefined): string | undefined },
): string | undefined {
  const refs = args.steps.map((step) => refOf(step.action)).filter((ref) => ref !== undefined);
  if (refs.length === 0) return leases.epochFor(args.leaseId, undefined);
  const epochs = new Set(refs.map((ref) => leases.epochFor(args.leaseId, ref)));
  if (epochs.size > 1) throw new NotedError("INVALID_PARAMS", mixedEpochNote);
  return [...epochs][0];
}
