/**
 * Test helpers: temp journals, sample intents and a clock the test moves.
 *
 * @module
 */
import { join } from "node:path";
import { payloadHash } from "./payload_hash.ts";
import type { Intent } from "./types.ts";

/** A 64-character journal key made of one repeated character. */
export function journalKey(fill: string): string {
  return fill.repeat(64).slice(0, 64);
}

/** A fresh temp dir and the journal path inside it. */
export async function tempJournal(): Promise<{ dir: string; path: string }> {
  const dir = await Deno.makeTempDir({ prefix: "leash-journal-" });
  return { dir, path: join(dir, "journal.db") };
}

/** An intent to click `e12` on lease `lease-1`; `overrides` change any field. */
export function sampleIntent(
  requestId: string,
  overrides: Partial<Intent> & { documentEpoch?: string } = {},
): Intent {
  const { documentEpoch = "doc-1", ...rest } = overrides;
  const leaseId = rest.leaseId ?? "lease-1";
  return {
    journalScope: journalKey("a"),
    requestId,
    payloadHash: payloadHash({ leaseId, documentEpoch, action: { kind: "click", ref: "e12" } }),
    leaseId,
    instance: "chrome-1",
    tab: "7",
    origin: "https://shop.example",
    action: { kind: "click", ref: "e12", description: '"Submit"' },
    ...rest,
  };
}

/** A clock that stands still until the test moves it. */
export class ManualClock {
  #now: number;
  constructor(start = Date.UTC(2025, 0, 1)) {
    this.#now = start;
  }
  /** The time, for `JournalOptions.now`. */
  now = (): number => this.#now;
  /** Move the clock forward. */
  advance(ms: number): void {
    this.#now += ms;
  }
}
