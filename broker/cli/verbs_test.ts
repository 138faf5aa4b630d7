/**
 * One-shot verbs: against a real Broker on a real socket with a scripted
 * provider where the Broker serves the method today, and against scripted
 * connections for the lease flows (claim → work → release in one process).
 */
import assert from "node:assert/strict";
import { errorCodes } from "../../contracts/errors.ts";
import { startInProcess } from "../../tests/integration/_in_process.ts";
import { freshDirs } from "../../tests/integration/_broker_process.ts";
import { ScriptedProvider } from "../../tests/integration/_scripted_provider.ts";
import {
  fakeConnector,
  type FakeHandlers,
  sampleLease,
  sampleObservation,
} from "../mcp/_fake_link.ts";
import { memoryIo } from "./_memory_io.ts";
import { runVerb, verbNames, verbUsage } from "./mod.ts";

Deno.test("the verbs are the tool names without the prefix, and shell", () => {
  assert.deepEqual(verbNames, [
    "instances",
    "tabs",
    "claim",
    "open",
    "observe",
    "act",
    "upload",
    "batch",
    "read-page",
    "frames",
    "capture",
    "console",
    "network",
    "network-request",
    "release",
    "close",
    "shell",
  ]);
  assert.match(verbUsage("observe"), /^leash observe \[--instance <string>\] \[--tab <string>\]/);
  assert.doesNotMatch(verbUsage("observe"), /--lease-id/);
});

Deno.test("instances and tabs --json print the Broker's answers", async () => {
  // Personal mode, where the Broker relays tab titles.
  await using env = await startInProcess({ accessMode: "personal" });
  const provider = await ScriptedProvider.connect({
    socketPath: env.socketPath,
    token: env.token,
    instanceId: "scripted-1",
    tabs: [{ tab: "scripted-1:3", active: true, title: "Home" }],
  });
  const dir = ["--runtime-dir", env.runtimeDir];
  const io = memoryIo();
  assert.equal(await runVerb("instances", ["--json", ...dir], io), 0);
  const instances = JSON.parse(io.outs[0]);
  assert.equal(instances.instances[0].id, "scripted-1");

  assert.equal(await runVerb("tabs", ["--instance", "scripted-1", "--json", ...dir], io), 0);
  assert.deepEqual(JSON.parse(io.outs[1]), {
    instance: "scripted-1",
    tabs: [{ tab: "scripted-1:3", active: true, title: "Home" }],
  });

  assert.equal(await runVerb("tabs", ["--instance", "scripted-1", ...dir], io), 0);
  assert.match(io.outs[2], /1 tab in scripted-1:\n {2}scripted-1:3 {2}active {2}"Home"/);
  provider.close();
});

Deno.test("a Broker refusal exits 1 with the code and sentence; --json prints it", async () => {
  await using env = await startInProcess();
  const io = memoryIo();
  const args = ["--instance", "gone", "--runtime-dir", env.runtimeDir];
  assert.equal(await runVerb("tabs", args, io), 1);
  assert.deepEqual(io.errs, [`INSTANCE_NOT_FOUND: ${errorCodes.INSTANCE_NOT_FOUND}`]);
  assert.equal(await runVerb("tabs", [...args, "--json"], io), 1);
  assert.deepEqual(JSON.parse(io.outs[0]), {
    error: { code: "INSTANCE_NOT_FOUND", message: errorCodes.INSTANCE_NOT_FOUND },
  });
});

Deno.test("no Broker on the runtime dir exits 3 and says so", async () => {
  const dirs = await freshDirs();
  const io = memoryIo();
  assert.equal(await runVerb("instances", ["--runtime-dir", dirs.runtimeDir], io), 3);
  assert.match(io.errs[0], /^CONNECTION_LOST: .*\nNo Leash Broker answers on /);
  await Deno.remove(dirs.root, { recursive: true });
});

Deno.test("usage errors exit 2 with the verb's usage; --help exits 0", async () => {
  const io = memoryIo();
  assert.equal(await runVerb("tabs", [], io), 2);
  assert.match(io.errs[0], /--instance is required\nusage: leash tabs --instance <string>/);
  assert.equal(await runVerb("release", ["--lease-id", "L1"], io), 2);
  assert.match(io.errs[1], /use it inside leash shell/);
  assert.equal(await runVerb("frobnicate", [], io), 2);
  assert.equal(await runVerb("observe", ["--help"], io), 0);
  assert.match(io.outs[0], /^usage: leash observe /);
});

const leaseFlow: FakeHandlers = {
  "browser.claim": (params) => sampleLease("L1", params.sessionId),
  "browser.observe": () => sampleObservation(),
  "browser.release": () => ({ released: true }),
  "browser.act": (params) => ({
    requestId: params.requestId,
    status: "verified",
    documentChanged: false,
    documentEpoch: params.documentEpoch,
    observation: null,
  }),
};

Deno.test("a one-shot observe claims, observes and releases in one connection", async () => {
  const fake = fakeConnector(leaseFlow);
  const io = memoryIo();
  const code = await runVerb("observe", ["--instance", "i1", "--query", "Pay"], io, fake.connect);
  assert.equal(code, 0, io.errs.join("\n"));
  assert.deepEqual(fake.calls.map((call) => call.method), [
    "browser.claim",
    "browser.observe",
    "browser.release",
  ]);
  assert.equal(fake.links.length, 1);
  assert.equal(fake.links[0].open, false);
  assert.deepEqual(io.outs, [sampleObservation().text]);
});

Deno.test("a one-shot act takes the epoch and the --target's ref from its own observation", async () => {
  const fake = fakeConnector(leaseFlow);
  const io = memoryIo();
  const args = ["--instance", "i1", "--action", '{"kind":"click"}', "--target", "Pay later"];
  assert.equal(await runVerb("act", args, io, fake.connect), 0, io.errs.join("\n"));
  const act = fake.calls.find((call) => call.method === "browser.act");
  assert.ok(act !== undefined && typeof act.params === "object" && act.params !== null);
  assert.ok("action" in act.params && "documentEpoch" in act.params);
  assert.deepEqual(act.params.action, { kind: "click", ref: "e2" });
  assert.equal(act.params.documentEpoch, "d1");
  assert.equal(fake.calls.at(-1)?.method, "browser.release");
});

Deno.test("a --target matching several elements acts on none and lists them", async () => {
  const fake = fakeConnector(leaseFlow);
  const io = memoryIo();
  const args = ["--instance", "i1", "--action", '{"kind":"click"}', "--target", "Pay"];
  assert.equal(await runVerb("act", args, io, fake.connect), 1);
  assert.match(io.errs[0], /^INVALID_PARAMS: .*\n--target "Pay" matches 2 elements \(e1, e2\)/);
  assert.equal(fake.calls.some((call) => call.method === "browser.act"), false);
  assert.equal(fake.calls.at(-1)?.method, "browser.release");
});

Deno.test("a one-shot claim passes its flags, prints the lease and releases it", async () => {
  const fake = fakeConnector(leaseFlow);
  const io = memoryIo();
  const args = ["--instance", "i1", "--tab", "i1:7", "--reason", "check it", "--json"];
  assert.equal(await runVerb("claim", args, io, fake.connect), 0, io.errs.join("\n"));
  const [claim, look, release] = fake.calls;
  assert.ok(typeof claim.params === "object" && claim.params !== null);
  assert.deepEqual({ ...claim.params, sessionId: "-" }, {
    instance: "i1",
    tab: "i1:7",
    reason: "check it",
    clientName: "command-line client",
    sessionId: "-",
    capture: true,
  });
  assert.equal(look.method, "browser.observe");
  assert.equal(release.method, "browser.release");
  assert.equal(JSON.parse(io.outs[0]).leaseId, "L1");
});

Deno.test("a --target with an --action that is no object is a usage error, and the lease is released", async () => {
  const fake = fakeConnector(leaseFlow);
  const io = memoryIo();
  const args = ["--instance", "i1", "--action", "[1]", "--target", "Pay later"];
  assert.equal(await runVerb("act", args, io, fake.connect), 2);
  assert.match(io.errs[0], /^Cannot read --action: it is not a JSON object\nusage: leash act /);
  assert.equal(fake.calls.at(-1)?.method, "browser.release");
});

Deno.test("a one-shot capture --ref is fenced by its own observation; --full-page with --ref is a usage error", async () => {
  const fake = fakeConnector({
    ...leaseFlow,
    "browser.capture": () => ({
      mimeType: "image/png",
      data: btoa("\x89PNG"),
      width: 4,
      height: 3,
      documentEpoch: "d7",
    }),
    "browser.validateLease": () => ({ valid: true }),
  });
  const io = memoryIo();
  const code = await runVerb("capture", ["--instance", "i1", "--ref", "e1"], io, fake.connect);
  assert.equal(code, 0, io.errs.join("\n"));
  const capture = fake.calls.find((call) => call.method === "browser.capture");
  assert.ok(capture !== undefined);
  assert.deepEqual({ ...capture.params as object, sessionId: "-", leaseId: "-" }, {
    ref: "e1",
    documentEpoch: "d1",
    sessionId: "-",
    leaseId: "-",
  });
  assert.match(io.outs[0], /^captured element e1: image\/png 4x3 /);
  const both = memoryIo();
  const args = ["--instance", "i1", "--full-page", "--ref", "e1"];
  assert.equal(await runVerb("capture", args, both, fake.connect), 2);
  assert.match(both.errs[0], /give --full-page or --ref, not both/);
  assert.equal(fake.calls.filter((call) => call.method === "browser.claim").length, 1);
});

Deno.test("a one-shot capture --full-page passes it to the wire without observing", async () => {
  const fake = fakeConnector({
    ...leaseFlow,
    "browser.capture": () => ({
      mimeType: "image/png",
      data: btoa("\x89PNG"),
      width: 4,
      height: 9,
      documentEpoch: "d1",
    }),
    "browser.validateLease": () => ({ valid: true }),
  });
  const io = memoryIo();
  const code = await runVerb("capture", ["--instance", "i1", "--full-page"], io, fake.connect);
  assert.equal(code, 0, io.errs.join("\n"));
  assert.deepEqual(fake.calls.map((call) => call.method), [
    "browser.claim",
    "browser.capture",
    "browser.validateLease",
    "browser.release",
  ]);
  const capture = fake.calls[1].params as Record<string, unknown>;
  assert.equal(capture.fullPage, true);
  assert.match(io.outs[0], /^captured the whole page: image\/png 4x9 /);
});
