import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import {
  migrate,
  type Migration,
  migrations,
  NewerSchemaError,
  readSchemaVersion,
} from "./schema.ts";
import { Journal } from "./journal.ts";
import { runOnce } from "./_run_once.ts";
import { tempJournal } from "./_testing.ts";

const v2: Migration = {
  version: 2,
  up(db) {
    db.exec("ALTER TABLE entries ADD COLUMN note TEXT");
  },
};

Deno.test("migrate() brings a fresh file to the newest version and is idempotent", () => {
  const db = new DatabaseSync(":memory:");
  assert.deepEqual(migrate(db), [1]);
  assert.equal(readSchemaVersion(db), 1);
  assert.deepEqual(migrate(db), []);
  db.close();
});

Deno.test("migrate() runs a later step on a journal that already holds entries", async () => {
  const { dir, path } = await tempJournal();
  const journal = Journal.open(path);
  runOnce(journal, "r1");
  journal.close();
  const db = new DatabaseSync(path);
  assert.deepEqual(migrate(db, [...migrations, v2]), [2]);
  assert.equal(readSchemaVersion(db), 2);
  const row = db.prepare("SELECT request_id, note FROM entries").get();
  assert.equal(row?.request_id, "r1");
  assert.equal(row?.note, null);
  db.close();
  await Deno.remove(dir, { recursive: true });
});

Deno.test("migrate() rolls back a failing step and keeps the previous version", () => {
  const db = new DatabaseSync(":memory:");
  migrate(db);
  const broken: Migration = {
    version: 2,
    up(db) {
      db.exec("ALTER TABLE entries ADD COLUMN half TEXT");
      throw new Error("step failed halfway");
    },
  };
  assert.throws(() => migrate(db, [...migrations, broken]), /halfway/);
  assert.equal(readSchemaVersion(db), 1);
  const columns = db.prepare("SELECT name FROM pragma_table_info('entries')").all();
  assert.ok(!columns.some((column) => column.name === "half"));
  db.close();
});

Deno.test("migrate() refuses a file newer than every step it knows, and a gap", () => {
  const db = new DatabaseSync(":memory:");
  migrate(db, [...migrations, v2]);
  assert.throws(() => migrate(db), NewerSchemaError);
  const fresh = new DatabaseSync(":memory:");
  assert.throws(() => migrate(fresh, [v2]), /no step from version 0 to 2/);
  db.close();
  fresh.close();
});
