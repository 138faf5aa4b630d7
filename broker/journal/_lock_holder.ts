/**
 * Test fixture: holds a journal's lock until its stdin closes.
 * `journal <path>`: a second Broker with the journal open.
 * `sqlite <path>`: a foreign process holding SQLite's exclusive lock on the file.
 *
 * @module
 */
import { DatabaseSync } from "node:sqlite";
import { Journal } from "./journal.ts";

const [mode, path] = Deno.args;
let release: () => void;
if (mode === "journal") {
  const journal = Journal.open(path);
  release = () => journal.close();
} else {
  const db = new DatabaseSync(path);
  db.exec("PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE;");
  db.exec("CREATE TABLE IF NOT EXISTS foreign_writer (x)");
  release = () => db.close();
}
console.log("holding");
for await (const _ of Deno.stdin.readable) {
  // Wait until the test closes stdin.
}
release();
