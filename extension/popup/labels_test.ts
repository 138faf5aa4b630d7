import assert from "node:assert/strict";
import { connectionLabel, sinceLabel } from "./labels.ts";

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
