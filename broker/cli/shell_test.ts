/**
 * `leash shell`: one Broker connection for every line, leases that persist
 * between lines, one answer per line, and failures that never end it.
 */
import assert from "node:assert/strict";
import { errorCodes } from "../../contracts/errors.ts";
import { startInProcess, until } from "../../tests/integration/_in_process.ts";
import { ScriptedProvider } from "../../tests/integration/_scripted_provider.ts";
import {
  fakeConnector,
  type FakeHandlers,
  sampleLease,
  sampleObservation,
} from "../mcp/_fake_link.ts";
import { memoryIo } from "./_memory_io.ts";
import { runVerb } from "./mod.ts";

Deno.test("a shell keeps one Broker connection across its lines", async () => {
  await using env = await startInProcess();
  const provider = await ScriptedProvider.connect({
    socketPath: env.socketPath,
    token: env.token,
    instanceId: "scripted-1",
  });
  const io = memoryIo([], false);
  const shell = runVerb("shell", ["--runtime-dir", env.runtimeDir], io);
  io.feed("instances --json");
  await until(() => io.outs.length === 1, "the first answer");
  assert.equal(env.broker.state.sessions.size, 1);
  const [first] = env.broker.state.sessions.list();
  io.feed("tabs --instance scripted-1 --json");
  await until(() => io.outs.length === 2, "the second answer");
  assert.deepEqual(env.broker.state.sessions.list(), [first]);
  io.end();
  assert.equal(await shell, 0);
  assert.equal(JSON.parse(io.outs[0]).instances[0].id, "scripted-1");
  assert.equal(JSON.parse(io.outs[1]).tabs[0].tab, "instance:1");
  await until(() => env.broker.state.sessions.size === 0, "the shell's connection to close");
  provider.close();
});

Deno.test("every line gets one answer on stdout and a failed line does not end the shell", async () => {
  await using env = await startInProcess();
  const io = memoryIo([
    "",
    "# a comment",
    "tabs --instance gone",
    "observe",
    "frobnicate",
    "tabs --bogus",
    "observe --query 'unclosed",
    "instances",
    "exit",
    "instances",
  ]);
  assert.equal(await runVerb("shell", ["--runtime-dir", env.runtimeDir], io), 0);
  assert.deepEqual(io.outs.length, 6);
  assert.equal(io.outs[0], `INSTANCE_NOT_FOUND: ${errorCodes.INSTANCE_NOT_FOUND}`);
  assert.match(io.outs[1], /^Cannot observe: no live lease \(claim one first\)\nusage: observe/);
  assert.match(io.outs[2], /^Cannot run "frobnicate": it is not a shell verb/);
  assert.match(io.outs[3], /Unknown option '--bogus'/);
  assert.match(io.outs[4], /quote is not closed/);
  assert.match(io.outs[5], /^No browser instance is connected\./);
  assert.deepEqual(io.errs, []);
});

const handlers: FakeHandlers = {
  "browser.claim": (params) => sampleLease("L1", params.sessionId),
  "browser.observe": () => sampleObservation("d7"),
  "browser.act": (params) => ({
    requestId: params.requestId,
    status: "verified",
    documentChanged: true,
    documentEpoch: "d8",
    observation: sampleObservation("d8"),
  }),
  "browser.capture": () => ({
    mimeType: "image/png",
    data: btoa("\x89PNG"),
    width: 4,
    height: 3,
    documentEpoch: "d8",
  }),
  "browser.validateLease": () => ({ valid: true }),
  "browser.release": () => ({ released: true }),
};

Deno.test("a shell lease persists between lines; the lease and the last epoch are defaults", async () => {
  const fake = fakeConnector(handlers);
  const file = await Deno.makeTempFile({ suffix: ".png" });
  const io = memoryIo([
    "claim --instance i1",
    "observe",
    `act --action '{"kind":"click","ref":"e1"}' --request-id pay-1`,
    `capture --out ${file}`,
    "leases --json",
    "release",
    "observe",
  ]);
  assert.equal(await runVerb("shell", [], io, fake.connect), 0);
  assert.equal(fake.links.length, 1);
  const act = fake.calls.find((call) => call.method === "browser.act");
  assert.ok(act !== undefined);
  assert.ok(typeof act.params === "object" && act.params !== null);
  assert.deepEqual({ ...act.params, sessionId: "-" }, {
    action: { kind: "click", ref: "e1" },
    requestId: "pay-1",
    leaseId: "L1",
    documentEpoch: "d7",
    sessionId: "-",
  });
  assert.match(io.outs[0], /^lease L1 on tab t1 for this origin\n/);
  assert.match(io.outs[2], /^act verified {2}requestId: pay-1/);
  assert.match(io.outs[3], /^captured the viewport: image\/png 4x3 .*\nsaved to /);
  assert.deepEqual(await Deno.readFile(file), new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
  assert.equal(JSON.parse(io.outs[4]).leases[0].leaseId, "L1");
  assert.equal(io.outs[5], "released lease L1");
  assert.match(io.outs[6], /^Cannot observe: no live lease/);
  await Deno.remove(file);
});

Deno.test("shell --json answers every line with one JSON line, failures as {error}", async () => {
  const fake = fakeConnector(handlers);
  const io = memoryIo(["claim --instance i1", "observe --lease-id nope"]);
  const withUnknown = fakeConnector({
    ...handlers,
    "browser.observe": () => {
      throw new Error("not a wire error");
    },
  });
  assert.equal(await runVerb("shell", ["--json"], io, fake.connect), 0);
  assert.equal(JSON.parse(io.outs[0]).leaseId, "L1");
  assert.equal(JSON.parse(io.outs[1]).cursor, "c1");
  const failing = memoryIo(["observe --lease-id nope"]);
  assert.equal(await runVerb("shell", ["--json"], failing, withUnknown.connect), 0);
  assert.deepEqual(JSON.parse(failing.outs[0]), {
    error: { code: "INTERNAL", message: errorCodes.INTERNAL },
  });
});

Deno.test("shell capture passes --full-page and --ref to the wire and refuses both at once", async () => {
  const fake = fakeConnector(handlers);
  const io = memoryIo([
    "claim --instance i1",
    "observe",
    "capture --full-page",
    "capture --ref e1",
    "capture --full-page --ref e1",
  ]);
  assert.equal(await runVerb("shell", [], io, fake.connect), 0);
  const captures = fake.calls.filter((call) => call.method === "browser.capture");
  assert.equal(captures.length, 2);
  assert.deepEqual({ ...captures[0].params as object, sessionId: "-" }, {
    leaseId: "L1",
    fullPage: true,
    sessionId: "-",
  });
  assert.deepEqual({ ...captures[1].params as object, sessionId: "-" }, {
    leaseId: "L1",
    ref: "e1",
    documentEpoch: "d7",
    sessionId: "-",
  });
  assert.match(io.outs[2], /^captured the whole page: image\/png 4x3 /);
  assert.match(io.outs[3], /^captured element e1: image\/png 4x3 /);
  assert.match(io.outs[4], /fullPage or ref, not both/);
});
