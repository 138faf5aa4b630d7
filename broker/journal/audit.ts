/**
 * `leash journal [--state-dir S] [--json] [--limit N]`: the latest intents
 * and outcomes, for the person to audit what was clicked, where, when and
 * by which client. It only reads the journal, so it works while a Broker
 * runs. Typed text is never shown: the journal stores only its length.
 *
 * Exit codes: 0 listed (also when there is no journal yet); 1 the journal
 * cannot be read; 2 usage error.
 *
 * @module
 */
import { join } from "node:path";
import { parseStrict, UsageError } from "../../local/cli_args.ts";
import { resolveStateDir } from "../../local/dirs.ts";
import { type AuditRecord, formatAudit, readAudit } from "./audit_view.ts";
import { JournalOpenError } from "./open_error.ts";

/** Usage of `leash journal`. */
export const journalUsage = "leash journal [--state-dir S] [--json] [--limit N]";

/** The journal's file name inside the state dir. */
export const journalFileName = "journal.db";

/** The journal file in `stateDir`. */
export function journalPath(stateDir: string): string {
  return join(stateDir, journalFileName);
}

const defaultLimit = 50;
const maxLimit = 100_000;

function parseLimit(value: string | undefined): number {
  if (value === undefined) return defaultLimit;
  const limit = Number(value);
  if (!/^\d+$/.test(value) || limit < 1 || limit > maxLimit) {
    throw new UsageError(
      `Cannot use --limit ${value}: expected a whole number from 1 to ${maxLimit}`,
    );
  }
  return limit;
}

/**
 * Run `leash journal` with `argv` (the arguments after `journal`); resolves
 * with the exit code. Throws {@linkcode UsageError} for bad arguments, which
 * the `leash` CLI prints with its usage.
 */
export function runJournal(argv: readonly string[]): Promise<number> {
  // Reading is synchronous (node:sqlite); the promise keeps the shape of the other commands.
  return new Promise((resolve) => resolve(listJournal(argv)));
}

function listJournal(argv: readonly string[]): number {
  const { values } = parseStrict(argv, {
    "state-dir": { type: "string" },
    json: { type: "boolean" },
    limit: { type: "string" },
  });
  const limit = parseLimit(values.limit);
  const path = journalPath(resolveStateDir((name) => Deno.env.get(name), values["state-dir"]));
  let records: AuditRecord[];
  try {
    records = readAudit(path, limit);
  } catch (error) {
    if (error instanceof JournalOpenError && error.problem === "missing") {
      records = [];
    } else if (error instanceof JournalOpenError) {
      console.error(error.message);
      return 1;
    } else {
      throw error;
    }
  }
  if (values.json) {
    console.log(JSON.stringify({ journal: path, entries: records }, null, 2));
  } else if (records.length === 0) {
    console.log(`Journal ${path}: no actions recorded yet.`);
  } else {
    console.log(`Journal ${path}: the latest ${records.length} actions, oldest first.\n`);
    console.log(formatAudit(records));
  }
  return 0;
}
