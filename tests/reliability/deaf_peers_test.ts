/**
 * Strangers that ask and never read, against the real Broker process: the
 * answers pile up at the Broker until its 2 MiB output budget closes the
 * connection, and then the socket and what was queued on it must go too,
 * although the stranger keeps its end open.
 */
import assert from "node:assert/strict";
import { limits } from "../../contracts/limits.ts";
import { until } from "../integration/_in_process.ts";
import { BrokerChild, mib } from "./_broker_child.ts";
import { DeafSocket, longId, openFiles, pooled } from "./_peers.ts";
import { frameBytes } from "./_recording_peer.ts";
import { Watchdog } from "./_watchdog.ts";
import { figure, sized } from "./_size.ts";

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * Strangers that ask and never read, more of them than the socket cap: the
 * answers pile up at the Broker until its 2 MiB output budget closes the
 * connection, and then the socket and what was queued on it must go too,
 * although the stranger keeps its end open. A closed connection gives its
 * socket slot back, so a socket that lingered would escape the cap: each
 * held its queued answers and a descriptor for as long as the stranger liked
 * (150 of them took the Broker from 78 MiB to 972 MiB before the fix).
 */
Deno.test("strangers that never read cannot make the Broker keep their sockets or their answers", async () => {
  await using broker = await BrokerChild.start();
  const watchdog = await Watchdog.start(broker.dirs.runtimeDir);
  const baseline = await openFiles(broker.pid);
  const before = await broker.memory();
  const connections = sized(80, 1_000);
  // Long IDs make fat refusals: about 2.8 MB of answers to 5,000 requests, no token needed.
  const payload = concat(
    Array.from(
      { length: 5_000 },
      (_, i) =>
        frameBytes({
          type: "request",
          id: longId("deaf-", i),
          method: "browser.instances",
          params: {},
        }),
    ),
  );
  const peers: DeafSocket[] = [];
  const writes = new Map<string, number>();
  await pooled(Array.from({ length: connections }, (_, i) => i), 16, async () => {
    const peer = await DeafSocket.connect(broker.socketPath);
    peers.push(peer);
    // The write ends once the Broker has read what it wanted and let the socket go.
    const outcome = await peer.write(payload, 20_000);
    writes.set(outcome, (writes.get(outcome) ?? 0) + 1);
  });
  await until(
    () => (broker.eventCounts().get("closed") ?? 0) >= connections,
    "every deaf connection closed",
    30_000,
  );
  // Our ends are all still open: the Broker must have let go of its ends by itself.
  let open = await openFiles(broker.pid);
  for (let wait = 0; wait < 100 && open > baseline; wait++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    open = await openFiles(broker.pid);
  }
  const after = await broker.memory();
  const report = await watchdog.stop();
  for (const peer of peers) peer.close();
  assert.ok(open <= baseline, `the Broker still holds ${open - baseline} sockets of gone peers`);
  assert.deepEqual(
    [...writes],
    [["closed", connections]],
    "every deaf socket closed under its writer",
  );
  assert.deepEqual(report.failures, []);
  assert.ok(report.answers > 0);
  const overflowed = broker.stderr.split('"reason":"QUEUE_FULL"').length - 1;
  figure(
    "floods deaf strangers",
    `${connections} unauthenticated peers that never read (cap ${limits.maxSockets}), ` +
      `${overflowed} closed at the 2 MiB output budget, sockets lingering 0 ` +
      `(descriptors ${baseline} → ${open}), watchdog ${report.answers} answers on one connection / 0 failures, ` +
      `RSS ${mib(before.rssKiB)} → ${mib(after.rssKiB)} (peak ${
        mib(after.peakKiB)
      }), lost: nothing`,
  );
});
