/**
 * Rows as they come out of SQLite, validated before use: the file may have
 * been written by another build or edited by hand.
 *
 * @module
 */
import { z } from "zod";
import { errorCodeList } from "../../contracts/errors.ts";
import type { EntryMeta } from "./types.ts";

const OutcomeSchema = z.enum(["verified", "unverified", "uncertain", "failed"]);

/** One `entries` row. */
export const EntryRowSchema = z.object({
  id: z.number().int(),
  kind: z.enum(["action", "plan"]),
  journal_scope: z.string(),
  request_id: z.string(),
  payload_hash: z.string(),
  lease_id: z.string(),
  instance: z.string(),
  tab: z.string(),
  origin: z.string().nullable(),
  client_name: z.string().nullable(),
  action_kind: z.string(),
  action_ref: z.string().nullable(),
  action_description: z.string(),
  attempts: z.number().int(),
  created_at: z.number(),
  dispatched_at: z.number().nullable(),
  completed_at: z.number().nullable(),
  outcome: OutcomeSchema.nullable(),
  // A code this build does not know (a newer build wrote it) reads as INTERNAL.
  error_code: z.string().nullable().transform((code) =>
    code === null ? null : errorCodeList.find((known) => known === code) ?? "INTERNAL"
  ),
  recovered_at: z.number().nullable(),
});

/** A validated `entries` row. */
export type EntryRow = z.infer<typeof EntryRowSchema>;

/** The columns {@linkcode EntryRowSchema} reads, for `SELECT`. */
export const entryColumns = Object.keys(EntryRowSchema.shape).join(", ");

/** Validate one row; throws when the file holds something this build cannot read. */
export function parseEntryRow(row: unknown): EntryRow {
  const parsed = EntryRowSchema.safeParse(row);
  if (!parsed.success) {
    throw new Error(`Cannot read a journal entry: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

/** The metadata of a row, without anything of the page. */
export function entryMeta(row: EntryRow): EntryMeta {
  return {
    entryId: row.id,
    journalScope: row.journal_scope,
    requestId: row.request_id,
    leaseId: row.lease_id,
    outcome: row.outcome,
    code: row.error_code,
    dispatched: row.dispatched_at !== null,
    createdAt: row.created_at,
    dispatchedAt: row.dispatched_at,
    completedAt: row.completed_at,
    recoveredAt: row.recovered_at,
  };
}
