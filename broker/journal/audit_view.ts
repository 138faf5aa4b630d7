/**
 * The audit view of the journal: recent intents and their outcomes, as
 * records for `--json` and as lines a person reads. It opens the file
 * read-only, which WAL mode allows while a Broker writes it. Every string
 * from the file is cleaned again before it is printed.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import type { ErrorCode } from "../../contracts/errors.ts";
import { openDatabase } from "./database.ts";
import { entryColumns, type EntryRow, parseEntryRow } from "./rows.ts";
import { displayText } from "./summary.ts";
import type { Outcome } from "./types.ts";

/** One audited entry, as `leash journal --json` prints it. */
export interface AuditRecord {
  entryId: number;
  /** When the intent was committed (ISO 8601, UTC). */
  time: string;
  /** The first 8 characters of the journal key, or `connection-local` for a legacy client. */
  client: string;
  clientName: string | null;
  instance: string;
  tab: string;
  origin: string | null;
  action: { kind: string; ref: string | null; description: string };
  /** `null` while (or because) no outcome was recorded. */
  outcome: Outcome | null;
  code: ErrorCode | null;
  /** Whether input may have reached the page. */
  dispatched: boolean;
  /** A Broker found this intent without an outcome at start: its process died. */
  restarted: boolean;
  /** How often it ran: an exact retry after a failure before dispatch runs it again. */
  attempts: number;
  /** The outcome in words, e.g. `failed STALE_TARGET (nothing dispatched)`. */
  summary: string;
}

const connectionPrefix = "connection:";

function clientLabel(scope: string): string {
  if (scope.startsWith(connectionPrefix)) return "connection-local";
  return displayText(scope.slice(0, 8), 8);
}

/** The outcome of `row` in words. */
export function outcomeText(row: EntryRow): string {
  switch (row.outcome) {
    case "verified":
    case "unverified":
    case "uncertain":
      if (row.error_code === "ORIGIN_CHANGED") {
        return `${row.outcome}, then the page left the leased origin (ORIGIN_CHANGED)`;
      }
      return row.error_code === null ? row.outcome : `${row.outcome}, answered ${row.error_code}`;
    case "failed":
      return row.dispatched_at === null
        ? `failed ${row.error_code} (nothing dispatched)`
        : `failed ${row.error_code} after dispatch (outcome unknown)`;
    case null: {
      const dispatch = row.dispatched_at === null
        ? "nothing was dispatched"
        : "input was dispatched";
      return row.recovered_at === null
        ? `pending (no outcome recorded yet; ${dispatch})`
        : `uncertain (no outcome recorded; Broker restarted; ${dispatch})`;
    }
  }
}

/** The audit record of one row. */
export function auditRecord(row: EntryRow): AuditRecord {
  return {
    entryId: row.id,
    time: new Date(row.created_at).toISOString(),
    client: clientLabel(row.journal_scope),
    clientName: row.client_name === null ? null : displayText(row.client_name, 64),
    instance: displayText(row.instance, 128),
    tab: displayText(row.tab, 128),
    origin: row.origin === null ? null : displayText(row.origin, 256),
    action: {
      kind: displayText(row.action_kind, 32),
      ref: row.action_ref === null ? null : displayText(row.action_ref, 64),
      description: displayText(row.action_description, 160),
    },
    outcome: row.outcome,
    code: row.error_code,
    dispatched: row.dispatched_at !== null,
    restarted: row.recovered_at !== null,
    attempts: row.attempts,
    summary: outcomeText(row),
  };
}

/** The latest `limit` entries of `db`, oldest first. */
export function recentEntries(db: DatabaseSync, limit: number): AuditRecord[] {
  const rows = db.prepare(
    `SELECT ${entryColumns} FROM entries ORDER BY created_at DESC, id DESC LIMIT ?`,
  ).all(limit);
  return rows.map((row) => auditRecord(parseEntryRow(row))).reverse();
}

/** Open the journal at `path` read-only and read its latest `limit` entries. */
export function readAudit(path: string, limit: number): AuditRecord[] {
  const db = openDatabase(path, { readOnly: true });
  try {
    return recentEntries(db, limit);
  } finally {
    db.close();
  }
}

function localTime(iso: string): string {
  const date = new Date(iso);
  const two = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ` +
    `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}

/** The action as a person reads it, e.g. `click e12 "Submit"`. */
export function actionText(record: AuditRecord): string {
  const { kind, ref, description } = record.action;
  return [kind, ref ?? "", description].filter((part) => part !== "").join(" ");
}

/** The records as an aligned table, one line each, with local times. */
export function formatAudit(records: readonly AuditRecord[]): string {
  const header = ["TIME", "CLIENT", "WHERE", "ACTION", "OUTCOME"];
  const rows = records.map((record) => [
    localTime(record.time),
    record.clientName === null ? record.client : `${record.client} (${record.clientName})`,
    [record.instance, `tab ${record.tab}`, record.origin ?? ""].filter((part) => part !== "")
      .join(" "),
    actionText(record),
    record.summary,
  ]);
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => row[i].length))
  );
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i]))).join("  ");
  return [line(header), ...rows.map(line)].join("\n");
}
