import assert from "node:assert/strict";
import { isLeashError } from "../../contracts/errors.ts";
import { memoryTransportPair } from "../../contracts/testing/memory_transport.ts";
import { generateToken, TokenVerifier } from "../../local/token.ts";
import {
  carriesToken,
  requestCarriesToken,
  type TokenRefusal,
  TokenScreen,
} from "./token_screen.ts";

const token = generateToken();
const verifier = await TokenVerifier.create(token);

Deno.test("carriesToken looks in every string, object keys and deep nesting included", () => {
  assert.equal(carriesToken({ a: [1, "x", { b: null, c: true }] }, verifier), false);
  assert.equal(carriesToken(token, verifier), true);
  assert.equal(carriesToken({ a: [1, { b: `id-${token}` }] }, verifier), true);
  assert.equal(carriesToken({ [`k${token}`]: 1 }, verifier), true);
  let deep: unknown = [`${token}`];
  for (let i = 0; i < 100_000; i++) deep = [deep];
  assert.equal(carriesToken(deep, verifier), true);
  assert.equal(carriesToken({ split: [token.slice(0, 32), token.slice(32)] }, verifier), false);
});

Deno.test("requestCarriesToken lets the token stand only in a hello's own token field", () => {
  assert.equal(requestCarriesToken("hello", { role: "client", token }, verifier), false);
  assert.equal(
    requestCarriesToken("hello", { role: "client", token, journalKey: token }, verifier),
    true,
  );
  assert.equal(requestCarriesToken("browser.claim", { token }, verifier), true);
  assert.equal(requestCarriesToken("browser.claim", { clientName: "agent" }, verifier), false);
});

Deno.test("TokenScreen drops a frame whose ID holds the token and refuses to send one that holds it", async () => {
  const [near, far] = memoryTransportPair();
  const refusals: TokenRefusal[] = [];
  const screen = new TokenScreen(near, { verifier, onRefused: (r) => refusals.push(r) });
  const delivered: unknown[] = [];
  screen.onmessage = (message) => delivered.push(message);
  const farGot: unknown[] = [];
  far.onmessage = (message) => farGot.push(message);
  screen.start();
  far.start();

  assert.throws(
    () => screen.send({ type: "response", id: "1", ok: true, value: [token] }),
    (error) => isLeashError(error, "INVALID_PARAMS"),
  );
  screen.send({ type: "response", id: "1", ok: false, code: "INVALID_PARAMS" });
  const clean = { type: "request", id: "2", method: "m", params: { a: token } };
  far.send(clean);
  far.send({ type: "cancel", id: `x${token}` });
  await new Promise((resolve) => setTimeout(resolve, 0));

  // Params are the admission check's business; only the ID decides here.
  assert.deepEqual(delivered, [clean]);
  assert.deepEqual(refusals, [{ kind: "outgoing", type: "response" }, { kind: "incoming-id" }]);
  assert.deepEqual(farGot, [{ type: "response", id: "1", ok: false, code: "INVALID_PARAMS" }]);
  screen.close();
});
