import assert from "node:assert/strict";
import { connectionLabel, sinceLabel, untilLabel } from "./labels.ts";

Deno.test("the connection line says where the connection stands", () => {
  assert.equal(
    connectionLabel({ status: "connected", mode: "restricted", retryAt: null }, 0),
    "Connected",
  );
  assert.equal(
    connectionLabel({ status: "connected", mode: "personal", retryAt: null }, 0),
    "Connected · personal mode",
  );
  assert.equal(
    connectionLabel({ status: "disconnected", mode: null, retryAt: 5_500 }, 1_000),
    "Not connected · retrying in 5 s",
  );
  assert.equal(
    connectionLabel({ status: "connecting", mode: null, retryAt: null }, 0),
    "Connecting to Leash…",
  );
});

Deno.test("a lease granted today shows only its time", () => {
  const now = new Date(2025, 0, 2, 15, 0).getTime();
  assert.match(sinceLabel(new Date(2025, 0, 2, 14, 5).getTime(), now), /^since \S+/);
  assert.notEqual(
    sinceLabel(new Date(2025, 0, 1, 14, 5).getTime(), now),
    sinceLabel(new Date(2025, 0, 2, 14, 5).getTime(), now),
  );
});

Deno.test("untilLabel() says how long a standing grant still lasts, never less than a minute", () => {
  assert.equal(untilLabel(90_000, 0), "2 min left");
  assert.equal(untilLabel(10, 0), "1 min left");
  assert.equal(untilLabel(8 * 3_600_000, 0), "8 h left");
  assert.equal(untilLabel(3_600_000 + 5 * 60_000, 0), "1 h 5 min left");
});
