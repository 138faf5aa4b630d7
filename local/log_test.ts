import assert from "node:assert/strict";
import { JsonLogger } from "./log.ts";

Deno.test("JsonLogger writes one JSON object per line with ts, level, event and conn first", () => {
  const lines: string[] = [];
  const logger = new JsonLogger({ write: (line) => lines.push(line) });
  logger.log("info", "hello-accepted", { conn: "c1", role: "client" });
  logger.log("debug", "dropped");
  logger.log("warn", "socket-refused");
  assert.equal(lines.length, 2);
  assert.ok(lines.every((line) => line.endsWith("\n") && !line.slice(0, -1).includes("\n")));
  const first = JSON.parse(lines[0]);
  assert.deepEqual(Object.keys(first), ["ts", "level", "event", "conn", "role"]);
  assert.equal(first.level, "info");
  assert.ok(!Number.isNaN(Date.parse(first.ts)));
  assert.deepEqual(Object.keys(JSON.parse(lines[1])), ["ts", "level", "event"]);
});
