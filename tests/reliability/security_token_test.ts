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
import { figure } from "./_size.ts";
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
    const observed = await mcp.call("browser_observe", { leaseId: mcpLease });
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
