/**
 * The real Native Host (a child process with the permission table's flags)
 * fed hostile streams on its stdin, as a broken or hostile extension would
 * send them, against the real Broker process, while another host relays a
 * well-behaved provider and a watchdog client keeps asking:
 *
 * - before the hello: hostile bytes, and seeded mutations of the provider
 *   hello; the host refuses without a word on stdout and without touching
 *   the socket, or (for a mutant that is still a provider hello) relays it;
 * - after a good hello: hostile bytes; the host relays what is well formed
 *   and exits on the first thing that is not.
 *
 * Every run must end with a documented exit code (never `internal`), leave
 * nothing on stdout but whole frames of valid envelopes, and never show the
 * token; the steady host must keep relaying and the Broker keep serving.
 */
import assert from "node:assert/strict";
import { LeashClient } from "../../broker/client/client.ts";
import { parseEnvelope } from "../../contracts/envelope.ts";
import type { JsonValue } from "../../contracts/json.ts";
import { mutants } from "../../contracts/testing/mutate.ts";
import { hostExitCodes } from "../../native_host/exit_codes.ts";
import {
  helloRequest,
  type HostProcess,
  onlyFrames,
  providerHello,
  welcomeIn,
} from "../integration/_host_process.ts";
import { BrokerChild } from "./_broker_child.ts";
import { byteCases, chunksOf } from "./_byte_streams.ts";
import { pooled } from "./_peers.ts";
import { Watchdog } from "./_watchdog.ts";
import { hostFor } from "./_stdio_extension.ts";
import { figure, seedFor, sized } from "./_size.ts";

const exitNames = new Map<number, string>(
  Object.entries(hostExitCodes).map(([name, code]) => [code, name]),
);

/** What one hostile host run must leave behind; returns its exit name. */
async function judge(
  host: HostProcess,
  token: string,
  allowed: readonly number[],
  label: string,
): Promise<string> {
  const result = await host.result();
  const name = exitNames.get(result.code) ?? `code ${result.code}`;
  assert.ok(allowed.includes(result.code), `${label}: exit ${name}\n${result.stderr}`);
  const frames = onlyFrames(result.stdout);
  for (const frame of frames) {
    assert.ok(
      parseEnvelope(frame) !== undefined,
      `${label}: stdout frame ${JSON.stringify(frame)}`,
    );
  }
  assert.equal(new TextDecoder().decode(result.stdout).includes(token), false, `${label}: stdout`);
  assert.equal(result.stderr.includes(token), false, `${label}: stderr`);
  return name;
}

/** Write `chunks` to the host's stdin, stopping quietly once it exits. */
async function feed(host: HostProcess, chunks: readonly Uint8Array[]): Promise<void> {
  for (const chunk of chunks) {
    try {
      await host.sendBytes(chunk);
    } catch {
      return;
    }
  }
}

Deno.test("the Native Host turns every hostile extension stream into a documented exit, with whole frames on stdout and the relay of others intact", async () => {
  const seed = seedFor(0x4057);
  await using broker = await BrokerChild.start();
  const token = await broker.token();

  // The steady peer: a well-behaved provider through its own host.
  const steady = hostFor(broker);
  await steady.send(helloRequest(providerHello("steady")));
  welcomeIn(await steady.nextFrame());
  const watchdog = await Watchdog.start(
    broker.dirs.runtimeDir,
    (ids) => ids.includes("steady") ? undefined : `steady is gone: ${ids}`,
  );
  const exits = new Map<string, number>();
  const count = (name: string) => exits.set(name, (exits.get(name) ?? 0) + 1);
  const { ok, helloRejected, extensionProtocol, brokerClosed } = hostExitCodes;

  // Before the hello: hostile bytes. Nothing may reach the socket.
  const closedBefore = broker.eventCounts().get("closed") ?? 0;
  const early = [...byteCases({ seed, count: sized(18, 400) })];
  await pooled(early, 6, async (stream, i) => {
    const host = hostFor(broker);
    await feed(host, chunksOf(stream.bytes, stream.cuts));
    await host.closeStdin();
    const label = `pre-hello ${stream.kind} stream #${i} (seed ${seed})`;
    const name = await judge(host, token, [ok, helloRejected], label);
    count(`pre-hello ${name}`);
  });
  assert.equal(
    broker.eventCounts().get("closed") ?? 0,
    closedBefore,
    "no host refusing a first frame opened the Broker's socket",
  );

  // Mutated provider hellos: refused by the host, or relayed for the Broker to judge.
  const hellos = mutants(JSON.parse(JSON.stringify(providerHello("mutant"))), {
    seed: seed + 1,
    count: sized(12, 300),
  });
  await pooled(hellos, 6, async (mutant, i) => {
    const host = hostFor(broker);
    const params: JsonValue = mutant.value;
    await host.send(helloRequest(params, `hello-${i}`)).catch(() => {});
    // A relayed hello gets its answer (or the host exits first); then the extension goes away.
    await host.nextFrame();
    await host.closeStdin();
    const label = `mutated hello #${i} (seed ${seed}): ${mutant.steps.join("; ")}`;
    count(`hello ${await judge(host, token, [ok, helloRejected, brokerClosed], label)}`);
  });

  // After a good hello: hostile bytes.
  const late = [...byteCases({ seed: seed + 2, count: sized(18, 400) })];
  await pooled(late, 6, async (stream, i) => {
    const host = hostFor(broker);
    await host.send(helloRequest(providerHello(`late-${i}`)));
    welcomeIn(await host.nextFrame());
    await feed(host, chunksOf(stream.bytes, stream.cuts));
    await host.closeStdin();
    const label = `post-hello ${stream.kind} stream #${i} (seed ${seed})`;
    count(`post-hello ${await judge(host, token, [ok, extensionProtocol, brokerClosed], label)}`);
  });

  // The steady host still relays both ways: a client's call reaches it and its answer returns.
  const client = await LeashClient.connect({ runtimeDir: broker.dirs.runtimeDir });
  const tabs = client.call("browser.tabs", { instance: "steady" });
  const asked = await steady.nextFrame();
  const request = parseEnvelope(asked);
  assert.ok(request?.type === "request" && request.method === "tabs.list", JSON.stringify(asked));
  await steady.send({
    type: "response",
    id: request.id,
    ok: true,
    value: [{ tab: "steady:1", active: true }],
  });
  assert.deepEqual(await tabs, [{ tab: "steady:1", active: true }]);
  const instances = await client.call("browser.instances", {});
  assert.deepEqual(
    instances.map((instance) => instance.id),
    ["steady"],
    "every hostile provider is gone",
  );
  client.close();

  const report = await watchdog.stop();
  assert.deepEqual(report.failures, []);
  assert.ok(report.answers > 0);
  await steady.closeStdin();
  assert.equal((await steady.result()).code, ok);
  assert.ok(await broker.alive());
  assert.equal(broker.stderr.includes(token), false);
  const outcomes = [...exits].sort().map(([name, n]) => `${name} ${n}`).join(", ");
  figure(
    "fuzz host",
    `${early.length + hellos.length + late.length} host runs (seed ${seed}), 0 crashes, 0 hangs, ` +
      `exits: ${outcomes}; stdout whole frames only, token never shown, steady relay kept, ` +
      `watchdog ${report.answers} answers on one connection / 0 failures, lost: nothing`,
  );
});
