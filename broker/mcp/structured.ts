/**
 * What a tool's result carries as `structuredContent` over MCP. Hosts
 * differ in what they show the model: some forward the text content, but
 * Claude Code and Codex forward `structuredContent` in its place whenever
 * it is present (see `docs/tools.md`). So the structured result carries the
 * same text, plus the IDs, epoch, cursor, status and counts a program
 * needs — never the node list again (it would triple the bill), nor a
 * log's entries, a request's headers or a body's text, which the text
 * already shows. A caller that asks with `nodes: true` gets the whole wire
 * result instead, as the CLI's `--json` always does; this shaping is only
 * for MCP.
 *
 * @module
 */
import { z } from "zod";
import { isRecord } from "../../contracts/json.ts";

/** How a delta is counted when its rows stay out. */
interface DeltaCounts {
  since: string;
  added: number;
  removed: number;
  changed: number;
}

/**
 * `structured` for `structuredContent`: with `withNodes`, as it is;
 * otherwise `text` first (the tool's text, as the model would read it),
 * then every field but the node list (its length as `shownRows`) and the
 * delta's rows (their counts), with a nested `observation` shaped the same
 * way minus its own text (the top-level text already holds it).
 */
export function leanStructured(
  structured: Record<string, unknown>,
  text: string,
  withNodes: boolean,
): Record<string, unknown> {
  return withNodes ? structured : { text, ...shape(structured) };
}

function shape(structured: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(structured)) {
    if (key === "text") continue;
    if (key === "nodes" && Array.isArray(value)) out.shownRows = value.length;
    else if (key === "entries" && Array.isArray(value)) out.shownEntries = value.length;
    else if ((key === "requestHeaders" || key === "responseHeaders") && Array.isArray(value)) {
      out[key] = value.length;
    } else if (key === "requestBody") continue;
    else if (key === "body" && isRecord(value)) {
      const { text: _, ...rest } = value;
      out.body = rest;
    } else if (key === "delta" && isDelta(value)) out.delta = counts(value);
    else if (key === "observation" && isRecord(value)) out.observation = shape(value);
    // A batch's steps are action results: each shaped the same way.
    else if (key === "steps" && Array.isArray(value)) {
      out.steps = value.map((step) => isRecord(step) ? shape(step) : step);
    } else out[key] = value;
  }
  return out;
}

function isDelta(value: unknown): value is { since: string } & Record<string, unknown[]> {
  return isRecord(value) &&
    ["added", "removed", "changed"].every((key) => Array.isArray(value[key]));
}

function counts(delta: { since: string } & Record<string, unknown[]>): DeltaCounts {
  return {
    since: delta.since,
    added: delta.added.length,
    removed: delta.removed.length,
    changed: delta.changed.length,
  };
}

/** The MCP-only argument that asks for the node list in `structuredContent`. */
export const NodesArgumentSchema = z.boolean().optional().describe(
  "Also put the node list (and a delta's rows) in structuredContent; by default it carries the text, IDs, epoch, cursor and counts only.",
);

/** The MCP-only argument that asks for the whole result in `structuredContent`. */
export const LogsWholeArgumentSchema = z.boolean().optional().describe(
  "Also put the entries (or a request's headers and body) in structuredContent; by default it carries the text, cursor and counts only.",
);

/** A lean observation as `structuredContent` carries it (the fields a program reads). */
export const LeanObservationSchema = z.object({
  documentEpoch: z.string(),
  cursor: z.string().optional(),
  truncated: z.object({ omitted: z.number(), hint: z.string() }).nullable(),
  shownRows: z.number().optional(),
});

/** A lean action result as `structuredContent` carries it. */
export const LeanActResultSchema = z.object({
  text: z.string(),
  requestId: z.string(),
  status: z.string(),
  documentChanged: z.boolean(),
  documentEpoch: z.string(),
  observation: LeanObservationSchema.nullable(),
});
