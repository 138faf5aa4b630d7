/**
 * The Broker process as an outsider sees it: a client written only from the
 * spec (4-byte little-endian frames, the spec's client hello with the token
 * read from the runtime dir), every answer checked against the published
 * JSON Schema; and `leash status` run with its own permission set.
 */
import assert from "node:assert/strict";
import { denoRunArgs } from "../../broker/launch.ts";
import { compileProtocol } from "../../contracts/testing/ajv.ts";
import { specClientHello } from "./_hellos.ts";
import { BrokerProcess, freshDirs } from "./_broker_process.ts";
import { isRecord, RawSocket } from "./_raw_socket.ts";
import { ScriptedProvider } from "./_scripted_provider.ts";

const schema = compileProtocol();

function valid(name: string, value: unknown): boolean {
  const validate = name === "envelope" ? schema.envelope : schema.def(name);
  return validate(value) === true;
}

async function status(runtimeDir: string, json: boolean) {
  const output = await new Deno.Command(Deno.execPath(), {
    args: denoRunArgs("status", { runtimeDir }, json ? ["--json"] : []),
    stdin: "null",
  }).output();
  return { code: output.code, stdout: new TextDecoder().decode(output.stdout) };
}

Deno.test("a spec-only client gets a schema-valid welcome from the Broker process and lists instances", async () => {
  const dirs = await freshDirs();
  const broker = await BrokerProcess.start(dirs);
  try {
    const token = (await Deno.readTextFile(`${dirs.runtimeDir}/token`)).trim();
    const socket = await RawSocket.connect(`${dirs.runtimeDir}/broker.sock`);
    const welcome = await socket.request("1", "hello", specClientHello(token));
    assert.ok(valid("envelope", welcome));
    assert.ok(isRecord(welcome) && welcome.ok === true, JSON.stringify(welcome));
    assert.ok(valid("welcome", welcome.value));

    const empty = await socket.request("2", "browser.instances", {});
    assert.deepEqual(empty, { type: "response", id: "2", ok: true, value: [] });

    const provider = await ScriptedProvider.connect({ socketPath: broker.socketPath, token });
    const listed = await socket.request("3", "browser.instances", {});
    assert.ok(valid("envelope", listed) && isRecord(listed) && listed.ok === true);
    assert.ok(valid("method:browser.instances:result", listed.value));
    assert.ok(Array.isArray(listed.value) && listed.value.length === 1);
    provider.close();
    socket.close();
  } finally {
    await broker.stop();
  }
  await Deno.remove(dirs.root, { recursive: true });
});

Deno.test("a wrong token gets an error code and no access, and no token ever reaches the Broker's stderr", async () => {
  const dirs = await freshDirs();
  const broker = await BrokerProcess.start(dirs, ["--log-level", "debug"]);
  const token = await broker.token();
  try {
    const socket = await RawSocket.connect(broker.socketPath);
    const wrong = token.replace(/^./, (c) => (c === "0" ? "1" : "0"));
    assert.deepEqual(await socket.request("1", "hello", specClientHello(wrong)), {
      type: "response",
      id: "1",
      ok: false,
      code: "UNAUTHENTICATED",
    });
    assert.deepEqual(await socket.request("2", "browser.instances", {}), {
      type: "response",
      id: "2",
      ok: false,
      code: "HANDSHAKE_REQUIRED",
    });
    // A right hello on another socket, a provider, and a malformed peer, all logged.
    const good = await RawSocket.connect(broker.socketPath);
    await good.request("1", "hello", specClientHello(token));
    const provider = await ScriptedProvider.connect({ socketPath: broker.socketPath, token });
    const bad = await RawSocket.connect(broker.socketPath);
    await bad.send({
      type: "request",
      id: "x",
      method: "hello",
      params: { token, role: "nobody" },
    });
    assert.equal(await bad.closedWithin(2_000), true);
    provider.close();
    good.close();
    socket.close();
  } finally {
    await broker.stop();
  }
  assert.ok(broker.logLines.some((line) => line.event === "hello-refused"));
  assert.ok(
    broker.logLines.every((line) => typeof line.ts === "string" && typeof line.level === "string"),
  );
  assert.equal(broker.stderr.includes(token), false);
  await Deno.remove(dirs.root, { recursive: true });
});

Deno.test("leash status tells running from not running, with access mode and instances", async () => {
  const dirs = await freshDirs();
  const absent = await status(dirs.runtimeDir, true);
  assert.equal(absent.code, 3);
  assert.equal(JSON.parse(absent.stdout).running, false);

  const broker = await BrokerProcess.start(dirs, ["--access-mode", "personal"]);
  try {
    const provider = await ScriptedProvider.connect({
      socketPath: broker.socketPath,
      token: await broker.token(),
    });
    const json = await status(dirs.runtimeDir, true);
    assert.equal(json.code, 0);
    const report = JSON.parse(json.stdout);
    assert.equal(report.running, true);
    assert.equal(report.accessMode, "personal");
    assert.deepEqual(report.instances.map((i: { id: string }) => i.id), ["opaque-instance"]);
    const text = await status(dirs.runtimeDir, false);
    assert.equal(text.code, 0);
    assert.match(text.stdout, /Access mode: personal/);
    assert.match(text.stdout, /opaque-instance/);
    provider.close();
  } finally {
    await broker.stop("SIGKILL");
  }
  const stale = await status(dirs.runtimeDir, true);
  assert.equal(stale.code, 3, "a socket left by a killed Broker is not a running Broker");
  await Deno.remove(dirs.root, { recursive: true });
});
