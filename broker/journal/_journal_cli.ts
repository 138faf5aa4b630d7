/**
 * Test fixture: `leash journal` as its own process, so a test can run it
 * with read-only permissions beside a writing journal.
 *
 * @module
 */
import { runJournal } from "./audit.ts";

Deno.exit(await runJournal(Deno.args));
