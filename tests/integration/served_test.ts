/**
 * What the build advertises is what it serves: over a real socket, every
 * client method whose capability the welcome lists reaches its handler,
 * and every other one is answered `UNSUPPORTED` — so a client that relies
 * on an advertised capability is never welcomed and then refused.
 */
import assert from "node:assert/strict";
import { LeashClient } from "../../broker/client/client.ts";
import { clientRequiredCapabilities, runtimeCapabilities } from "../../contracts/capabilities.ts";
import { type ErrorCode, isLeashError } from "../../contracts/errors.ts";
import { type ClientMethods, clientMethods } from "../../contracts/methods/mod.ts";
import { methodSamples } from "../../contracts/testing/samples.ts";
import { runtimeWorld } from "./_runtime_world.ts";

type ClientMethod = keyof ClientMethods & string;

/** Methods that end what later calls need run last. */
const last: readonly ClientMethod[] = ["browser.release", "browser.releaseSession"];

/** The golden params of `method`, aimed at the world's instance and lease. */
function paramsFor(method: ClientMethod, handle: { sessionId: string; leaseId: string }) {
  const params: Record<string, unknown> = { ...methodSamples[method].params };
  if ("sessionId" in params) params.sessionId = handle.sessionId;
  if ("leaseId" in params) params.leaseId = handle.leaseId;
  if ("instance" in params) params.instance = "scripted-1";
  // A claim of the sample's tab would name a tab the scripted browser lacks.
  delete params.tab;
  return params;
}

/** The code `method` is answered with, or `"ok"`. */
async function answer(
  client: LeashClient,
  method: ClientMethod,
  params: Record<string, unknown>,
): Promise<ErrorCode | "ok"> {
  try {
    // Golden params of the method itself; the Broker validates them again.
    await client.call(method, params as never, { timeoutMs: 5_000 });
    return "ok";
  } catch (error) {
    if (isLeashError(error)) return error.code;
    throw error;
  }
}

Deno.test("every client method of an advertised capability is served, and every other one is UNSUPPORTED", async () => {
  await using world = await runtimeWorld();
  const offered = new Set<string>(world.client.welcome.capabilities);
  assert.deepEqual(world.client.welcome.capabilities, [...runtimeCapabilities]);
  const names = Object.keys(clientMethods) as ClientMethod[];
  const ordered = [...names.filter((name) => !last.includes(name)), ...last];
  const answers: Record<string, string> = {};
  for (const method of ordered) {
    answers[method] = await answer(world.client, method, paramsFor(method, world.handle));
  }
  for (const method of ordered) {
    const capability = clientMethods[method].capability;
    if (capability === null || offered.has(capability)) {
      assert.ok(
        !["UNSUPPORTED", "UNKNOWN_METHOD"].includes(answers[method]),
        `${method} is advertised (${capability}) but answered ${answers[method]}`,
      );
    } else {
      assert.equal(answers[method], "UNSUPPORTED", `${method} is not advertised`);
    }
  }
  // Every family the spec declares is served: no method is left outside the welcome.
  assert.deepEqual(
    ordered.filter((method) => answers[method] === "UNSUPPORTED").sort(),
    [],
  );
});

Deno.test("a client requiring the spec's whole list is welcomed: every family it names is served", async () => {
  await using world = await runtimeWorld();
  // Batches and frames, the last families to be served, are among the default requirements.
  for (const name of ["runtime.batch.v1", "runtime.frames.v1"]) {
    assert.ok(clientRequiredCapabilities.some((required) => required === name), name);
  }
  // The default requirements are what this build serves: welcomed.
  const client = await LeashClient.connect({ runtimeDir: world.env.runtimeDir });
  assert.deepEqual(client.welcome.capabilities, [...runtimeCapabilities]);
  client.close();
});
