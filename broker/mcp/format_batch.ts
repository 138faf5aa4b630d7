/**
 * A batch result as text for a model: one head line (status, steps done),
 * every step's status on one line (skipped ones too), where and why the
 * plan stopped, then the one observation of the whole plan.
 *
 * @module
 */
import type { BatchResult, BatchStop } from "../../contracts/methods/mod.ts";
import { word } from "./format.ts";

const reasons: Record<BatchStop["reason"], string> = {
  denied: "its approval was refused",
  "approval-timeout": "its approval did not come in time",
  "connection-lost": "the connection was lost",
  unverified: "it was not verified",
  uncertain: "it may or may not have happened: observe before anything else",
  "document-changed": "the document changed",
  failed: "it failed",
};

function stopLine(stop: BatchStop, total: number, skipped: number): string {
  const code = stop.code === undefined ? "" : ` ${stop.code}`;
  const sent = stop.dispatched === true ? " after input was sent" : "";
  let line = `stopped at step ${stop.index + 1}: ${reasons[stop.reason]}${code}${sent}`;
  if (skipped > 0) {
    const first = total - skipped + 1;
    const range = first === total ? `step ${total}` : `steps ${first}–${total}`;
    line += `; ${range} skipped (never run, never resumed)`;
  }
  return line;
}

/** What the step that ended the plan without running is called, by why. */
const notRun: Partial<Record<BatchStop["reason"], string>> = {
  denied: "denied",
  "approval-timeout": "not approved in time",
  "connection-lost": "not run",
};

/** Every step's status on one line: those that ran, the one that stopped the plan, the skipped. */
function stepsLine(result: BatchResult, total: number): string {
  const parts = result.steps.map((step, index) =>
    `${index + 1} ${step.status}${step.documentChanged ? " (document changed)" : ""}`
  );
  const { stop } = result;
  if (stop?.reason === "failed") parts.push(`${stop.index + 1} failed ${stop.code ?? ""}`.trim());
  else if (stop !== undefined && notRun[stop.reason] !== undefined) {
    parts.push(`${stop.index + 1} ${notRun[stop.reason]}`);
  }
  for (let index = parts.length; index < total; index++) parts.push(`${index + 1} skipped`);
  return `steps: ${parts.join(", ")}`;
}

/** The text of `result` for a plan of `total` steps sent with `sent`. */
export function formatBatch(
  result: BatchResult,
  total: number,
  sent: { requestId?: string; documentEpoch: string },
): string {
  let head = `batch ${result.status}  ${result.completed}/${total} steps`;
  if (result.status === "uncertain") {
    head += `  requestId: ${word(result.requestId)} (retry only with this ID)`;
  } else if (sent.requestId !== undefined) {
    head += `  requestId: ${word(result.requestId)}`;
  }
  const last = result.steps.at(-1);
  if (last !== undefined && last.documentEpoch !== sent.documentEpoch) {
    head += `  epoch: ${word(last.documentEpoch)}`;
  }
  const lines = [head, stepsLine(result, total)];
  if (result.stop !== undefined) lines.push(stopLine(result.stop, total, result.skipped));
  if (last !== undefined) {
    lines.push(
      last.observation === null
        ? "(no observation came back; observe to see the page)"
        : last.observation.text,
    );
  }
  return lines.join("\n");
}
