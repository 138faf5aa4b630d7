/**
 * DESIGN.md requirement 2 (and 3's rotation), checked over everything a
 * whole session leaves behind: the private token never appears in any
 * output, log, frame or file. The session runs the real Broker (debug
 * logging), a real Native Host relaying an extension the test plays, a raw
 * client, a stock MCP client on the real MCP server, `leash status` and
 * `leash journal`, and strangers with wrong tokens and a wrong origin. Then
 * every captured byte is searched for the token and for each of its
 * 16-character windows, in any letter case.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { denoRunArgs } from "../../broker/launch.ts";
import { limits } from "../../contracts/limits.ts";
import { LeaseSchema } from "../../contracts/methods/common.ts";
import { type Observation, ObservationSchema } from "../../contracts/methods/mod.ts";
import { hostExitCodes } from "../../native_host/exit_codes.ts";
import { specClientHello } from "../integration/_hellos.ts";
import { helloRequest, providerHello } from "../integration/_host_process.ts";
import { fixtureSnapshot, ScriptedPage } from "../integration/_scripted_page.ts";
import { BrokerChild } from "./_broker_child.ts";
import { connectCapturedMcp } from "./_mcp_capture.ts";
import { RecordingPeer } from "./_recording_peer.ts";
import { figure, seedFor, sized } from "./_size.ts";
import { mulberry32 } from "../../contracts/testing/mutate.ts";
import type { JsonValue } from "../../contracts/json.ts";
import { type Envelope, parseEnvelope } from "../../contracts/envelope.ts";
import { hostFor, StdioExtension } from "./_stdio_extension.ts";

/** Run a `leash` command with the permission table's flags; its stdout and stderr. */
async function leash(command: "status" | "journal", broker: BrokerChild): Promise<string> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: denoRunArgs(command, broker.dirs, ["--json"]),
    stdin: "null",
  }).output();
  const decoder = new TextDecoder();
  return decoder.decode(output.stdout) + decoder.decode(output.stderr);
}

/** Every file under `dir` but `skip`, as text (bytes read as Latin-1, so nothing is lost). */
async function filesUnder(dir: string, skip: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const walk = async (at: string): Promise<void> => {
    for await (const entry of Deno.readDir(at)) {
      const path = join(at, entry.name);
      if (path === skip) continue;
      if (entry.isDirectory) await walk(path);
      else if (entry.isFile) {
        files.set(path, new TextDecoder("latin1").decode(await Deno.readFile(path)));
      }
    }
  };
  await walk(dir);
  return files;
}

/** The places in `haystack` where the token or one of its 16-character windows shows. */
function leaksIn(haystack: string, token: string): string[] {
  const folded = haystack.toLowerCase();
  const found: string[] = [];
  for (let at = 0; at + 16 <= token.length; at++) {
    const window = token.slice(at, at + 16);
    if (folded.includes(window)) found.push(window);
  }
  return found;
}

function refOf(observation: Observation, role: string, name: string): string {
  const ref = observation.nodes.find((node) => node.role === role && node.name === name)?.ref;
  assert.ok(typeof ref === "string", `${role} "${name}" has a ref`);
  return ref;
}

Deno.test("the token appears in no output, log, frame or file of a whole session", async () => {
  await using broker = await BrokerChild.start(["--log-level", "debug"]);
  const token = await broker.token();
  assert.match(token, new RegExp(`^[0-9a-f]{${limits.tokenLength}}$`));

  // The extension behind a real host.
  const host = hostFor(broker);
  const page = new ScriptedPage(fixtureSnapshot("form_page.json"));
  const extension = await StdioExtension.start(host, page, "steady");

  // A raw client over the socket, recording every frame it receives.
  const raw = await RecordingPeer.connect(broker.socketPath);
  await raw.request("h", "hello", specClientHello(token));
  await raw.request("1", "browser.instances", {});
  await raw.request("2", "browser.tabs", { instance: "steady" });
  const claim = await raw.request("3", "browser.claim", {
    sessionId: "raw",
    instance: "steady",
    tab: "steady:1",
    clientName: "raw client",
  });
  assert.ok(claim?.type === "response" && claim.ok, JSON.stringify(claim));
  const { leaseId } = LeaseSchema.parse(claim.value);
  await raw.request("4", "browser.observe", { sessionId: "raw", leaseId });
  await raw.request("5", "browser.capture", { sessionId: "raw", leaseId });
  await raw.request("6", "browser.release", { sessionId: "raw", leaseId });
  await raw.request("7", "browser.observe", { sessionId: "raw", leaseId });

  // An agent through the MCP server: claim, observe, act, read, capture, release.
  let mcpStdout = "";
  let mcpStderr = "";
  {
    await using mcp = await connectCapturedMcp(broker.dirs.runtimeDir);
    await mcp.call("browser_instances", {});
    await mcp.call("browser_tabs", { instance: "steady" });
    const claimed = await mcp.call("browser_claim", { instance: "steady", reason: "Check out" });
    const mcpLease = String(claimed.structuredContent?.leaseId);
    const observed = await mcp.call("browser_observe", { leaseId: mcpLease, nodes: true });
    const observation = ObservationSchema.parse(observed.structuredContent);
    await mcp.call("browser_act", {
      leaseId: mcpLease,
      requestId: "order-1",
      documentEpoch: observation.documentEpoch,
      action: { kind: "click", ref: refOf(observation, "button", "Place order") },
    });
    await mcp.call("browser_read_page", { leaseId: mcpLease });
    await mcp.call("browser_capture", { leaseId: mcpLease });
    await mcp.call("browser_release", { leaseId: mcpLease });
    await mcp.call("browser_observe", { leaseId: mcpLease });
    mcpStdout = mcp.stdout();
    mcpStderr = mcp.stderr();
  }

  // Strangers: a near-miss token, a token's prefix, and a host for another extension.
  const stranger = await RecordingPeer.connect(broker.socketPath);
  const near = token.replace(/.$/, (c) => (c === "0" ? "1" : "0"));
  await stranger.request("s1", "hello", specClientHello(near));
  await stranger.request("s2", "hello", specClientHello(token.slice(0, 32)));
  await stranger.request("s3", "browser.instances", {});
  stranger.close();
  const foreign = hostFor(broker, "chrome-extension://abcdefghijklmnopabcdefghijklmnop/");
  await foreign.send(helloRequest(providerHello("foreign"))).catch(() => {});
  const foreignResult = await foreign.result();
  assert.equal(foreignResult.code, hostExitCodes.originRejected);

  const status = await leash("status", broker);
  const journal = await leash("journal", broker);
  raw.close();
  await host.closeStdin();
  const hostResult = await host.result();
  await extension.served;
  await broker.stop();
  const files = await filesUnder(broker.dirs.root, join(broker.dirs.runtimeDir, "token"));

  // The near-miss differs in one character: its windows but the last are the token's own.
  const strangerFrames = JSON.stringify(stranger.received);
  const outputs = new Map<string, string>([
    ["Broker stdout", broker.stdout],
    ["Broker stderr (debug)", broker.stderr],
    [
      "host stdout (every frame the extension received)",
      new TextDecoder().decode(hostResult.stdout),
    ],
    ["host stderr", hostResult.stderr],
    [
      "foreign host stdout and stderr",
      new TextDecoder().decode(foreignResult.stdout) + foreignResult.stderr,
    ],
    ["raw client's frames", JSON.stringify(raw.received)],
    ["stranger's frames", strangerFrames],
    ["MCP server stdout", mcpStdout],
    ["MCP server stderr", mcpStderr],
    ["leash status", status],
    ["leash journal", journal],
    ...[...files].map(([path, text]): [string, string] => [`file ${path}`, text]),
  ]);
  let bytes = 0;
  for (const [what, text] of outputs) {
    bytes += text.length;
    assert.deepEqual(leaksIn(text, token), [], `${what} shows the token`);
  }
  // The capture was real: the session did what it says.
  assert.ok(broker.stderr.includes('"event":"hello-refused"'));
  assert.ok(mcpStdout.includes("Place order"));
  assert.ok(extension.cdpMethods.includes("Input.dispatchMouseEvent"));
  assert.equal(extension.staleFences, 0);
  assert.equal(hostResult.code, hostExitCodes.ok);
  assert.ok(files.size >= 1, "the state dir's files were searched");
  figure(
    "security token",
    `${outputs.size} outputs, logs, frame streams and files (${bytes} characters) searched for ` +
      `the token and its ${token.length - 15} 16-character windows: 0 found`,
  );
});

type Random = () => number;
type JsonRecord = { [key: string]: JsonValue };

function isJsonRecord(value: JsonValue): value is JsonRecord {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `text` with `token` put in at a random place: in front, behind, inside, or instead of it. */
function withToken(text: string, token: string, random: Random): string {
  const at = Math.floor(random() * (text.length + 1));
  switch (Math.floor(random() * 4)) {
    case 0:
      return `${token}${text}`;
    case 1:
      return `${text}${token}`;
    case 2:
      return `${text.slice(0, at)}${token}${text.slice(at)}`;
    default:
      return token;
  }
}

/**
 * `envelope` with the token planted once: in one of its strings (the
 * transport ID, the method, a param, a nested field), in one object key,
 * or as a new field of one object. Every place is as likely as any other.
 */
function plant(envelope: JsonRecord, token: string, random: Random): JsonRecord {
  const copy: JsonRecord = structuredClone(envelope);
  const places: Array<() => void> = [];
  const visit = (value: JsonValue, set: (next: JsonValue) => void) => {
    if (typeof value === "string") {
      places.push(() => set(withToken(value, token, random)));
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => visit(item, (next) => value[index] = next));
    } else if (isJsonRecord(value)) {
      places.push(() => value[withToken("extra", token, random)] = "x");
      places.push(() => value.note = withToken("see", token, random));
      for (const key of Object.keys(value)) {
        places.push(() => {
          const item = value[key];
          delete value[key];
          value[withToken(key, token, random)] = item;
        });
        visit(value[key], (next) => value[key] = next);
      }
    }
  };
  visit(copy, () => {});
  places[Math.floor(random() * places.length)]();
  return copy;
}

/** A client that says hello again whenever the Broker closed its socket. */
class Reconnecting {
  readonly peers: RecordingPeer[] = [];
  readonly #broker: BrokerChild;
  readonly #token: string;

  constructor(broker: BrokerChild, token: string) {
    this.#broker = broker;
    this.#token = token;
  }

  async current(): Promise<RecordingPeer> {
    const last = this.peers.at(-1);
    if (last !== undefined && !last.closed) return last;
    const peer = await RecordingPeer.connect(this.#broker.socketPath);
    this.peers.push(peer);
    const welcome = await peer.request("h", "hello", specClientHello(this.#token));
    assert.ok(welcome?.type === "response" && welcome.ok, JSON.stringify(welcome));
    return peer;
  }
}

Deno.test("whatever a client plants the token in, no frame the Broker writes to any peer holds it, and the browser's link stays", async () => {
  const seed = seedFor(1313);
  const random = mulberry32(seed);
  await using broker = await BrokerChild.start();
  const token = await broker.token();

  const steadyHost = hostFor(broker);
  const steady = await StdioExtension.start(
    steadyHost,
    new ScriptedPage(fixtureSnapshot("form_page.json")),
    "steady",
  );
  // A page that shows the token: what the Broker would relay from it must not leave either.
  const shown = fixtureSnapshot("form_page.json");
  const plantedHost = hostFor(broker);
  const planted = await StdioExtension.start(
    plantedHost,
    new ScriptedPage({
      ...shown,
      title: `Token ${token}`,
      nodes: shown.nodes.map((node) =>
        node.role === "button" ? { ...node, name: `Send ${token}` } : node
      ),
    }),
    "planted",
  );

  const client = new Reconnecting(broker, token);
  const first = await client.current();
  const claim = await first.request("c", "browser.claim", {
    sessionId: "fuzz",
    instance: "steady",
    tab: "steady:1",
    clientName: "fuzz",
  });
  assert.ok(claim?.type === "response" && claim.ok, JSON.stringify(claim));
  const { leaseId } = LeaseSchema.parse(claim.value);
  const handle = { sessionId: "fuzz", leaseId };
  const observed = await first.request("o", "browser.observe", handle);
  assert.ok(observed?.type === "response" && observed.ok, JSON.stringify(observed));
  const observation = ObservationSchema.parse(observed.value);
  const button = refOf(observation, "button", "Place order");
  const field = refOf(observation, "textbox", "Full name");
  const act = { ...handle, documentEpoch: observation.documentEpoch };
  const params: Array<[string, JsonRecord]> = [
    ["browser.instances", {}],
    ["browser.tabs", { instance: "steady" }],
    ["browser.claim", { sessionId: "other", instance: "steady", clientName: "a", reason: "b" }],
    ["browser.validateLease", handle],
    ["browser.observe", { ...handle, query: "Email" }],
    ["browser.readPage", handle],
    ["browser.capture", handle],
    ["browser.act", { ...act, requestId: "r", action: { kind: "click", ref: button } }],
    ["browser.act", { ...act, requestId: "r", action: { kind: "fill", ref: field, text: "Ada" } }],
    [
      "browser.act",
      { ...act, requestId: "r", action: { kind: "navigate", url: "https://shop.example/n" } },
    ],
    [
      "browser.act",
      {
        ...act,
        requestId: "r",
        action: { kind: "click", ref: button },
        expect: { textPresent: "done" },
      },
    ],
    ["browser.release", handle],
  ];

  const total = sized(300, 3_000);
  let refused = 0;
  let closings = 0;
  for (let n = 0; n < total; n++) {
    const peer = await client.current();
    const [method, template] = params[Math.floor(random() * params.length)];
    const envelope: JsonRecord = random() < 0.1
      ? { type: "cancel", id: `k${n}` }
      : { type: "request", id: `q${n}`, method, params: template };
    const mutant = plant(envelope, token, random);
    const id = typeof mutant.id === "string" ? mutant.id : "";
    // A clean request behind each mutant tells whether its connection lives on.
    const probe = `p${n}`;
    await peer.sendAll([mutant, {
      type: "request",
      id: probe,
      method: "browser.instances",
      params: {},
    }]);
    await peer.settled(mutant.type === "request" ? [id, probe] : [probe], 10_000);
    const what = `mutant ${n} (seed ${seed}): ${
      JSON.stringify(mutant).replaceAll(token, "<token>")
    }`;
    const answer = peer.responses.get(id);
    if (answer !== undefined) {
      assert.ok(answer.type === "response" && !answer.ok, `${what} was served`);
      refused++;
    }
    if (peer.responses.has(probe)) continue;
    assert.ok(peer.closed, `${what} left its connection neither serving nor closed`);
    // Only a token in the transport ID, or an envelope the token broke, ends a connection.
    assert.ok(id.includes(token) || parseEnvelope(mutant) === undefined, `${what} closed it`);
    closings++;
  }

  // What the planted page holds is refused on its way out, not relayed. A restricted
  // Broker relays no tab title, so its listing is served without the planted one.
  const reader = await client.current();
  const tabs = await reader.request("pt", "browser.tabs", { instance: "planted" });
  assert.ok(tabs?.type === "response" && tabs.ok, JSON.stringify(tabs));
  assert.ok(!JSON.stringify(tabs).includes(token), "the listing holds no token");
  const shownClaim = await reader.request("pc", "browser.claim", {
    sessionId: "shown",
    instance: "planted",
    tab: "steady:1",
  });
  assert.ok(shownClaim?.type === "response" && shownClaim.ok, JSON.stringify(shownClaim));
  const shownLease = { sessionId: "shown", leaseId: LeaseSchema.parse(shownClaim.value).leaseId };
  const shownRead = await reader.request("po", "browser.observe", shownLease);
  assert.deepEqual(shownRead, { type: "response", id: "po", ok: false, code: "INVALID_PARAMS" });
  // The steady browser's link is still there: a new lease on it is served.
  const reclaimed = await reader.request("c2", "browser.claim", {
    sessionId: "after",
    instance: "steady",
    tab: "steady:1",
  });
  assert.ok(reclaimed?.type === "response" && reclaimed.ok, JSON.stringify(reclaimed));
  const after = { sessionId: "after", leaseId: LeaseSchema.parse(reclaimed.value).leaseId };
  const again = await reader.request("o2", "browser.observe", after);
  assert.ok(again?.type === "response" && again.ok, JSON.stringify(again));

  // Taken before our own close, which interrupts the last peer's read.
  const problems = client.peers.flatMap((peer) => peer.problems);
  for (const peer of client.peers) peer.close();
  await steadyHost.closeStdin();
  await plantedHost.closeStdin();
  const hostResults = [await steadyHost.result(), await plantedHost.result()];
  await steady.served;
  await planted.served;
  await broker.stop();

  const received: Envelope[] = client.peers.flatMap((peer) => peer.received);
  assert.deepEqual(problems, []);
  assert.deepEqual(leaksIn(JSON.stringify(received), token), [], "a client got a frame with it");
  for (const result of hostResults) {
    assert.equal(result.code, hostExitCodes.ok, result.stderr);
    assert.deepEqual(leaksIn(new TextDecoder().decode(result.stdout), token), []);
  }
  assert.deepEqual(leaksIn(broker.stderr + broker.stdout, token), []);
  figure(
    "security token (planted)",
    `${total} frames with the token planted (seed ${seed}): ${refused} refused with a code, ` +
      `${closings} closed their connection, 0 served; ${received.length} frames to clients ` +
      `and 2 browser links: 0 held the token, 0 host exits`,
  );
});
