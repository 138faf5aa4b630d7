import assert from "node:assert/strict";
import { generateToken, readToken, removeToken, TokenVerifier, writeToken } from "./token.ts";

Deno.test("generateToken gives 64 lowercase hex characters, different every time", () => {
  const tokens = new Set(Array.from({ length: 100 }, generateToken));
  assert.equal(tokens.size, 100);
  for (const token of tokens) assert.match(token, /^[0-9a-f]{64}$/);
});

Deno.test("TokenVerifier accepts exactly the token, whatever the presented length", async () => {
  const token = generateToken();
  const verifier = await TokenVerifier.create(token);
  assert.equal(await verifier.verify(token), true);
  assert.equal(await verifier.verify(token.slice(0, 63)), false);
  assert.equal(await verifier.verify(`${token}0`), false);
  assert.equal(await verifier.verify(token.toUpperCase()), false);
  assert.equal(await verifier.verify(""), false);
  assert.equal(await verifier.verify("x".repeat(10_000)), false);
});

Deno.test("writeToken leaves a 0600 token file that readToken reads back; removeToken removes it", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const token = generateToken();
    await writeToken(dir, token);
    await writeToken(dir, token);
    assert.equal(((await Deno.stat(`${dir}/token`)).mode ?? 0) & 0o777, 0o600);
    assert.equal(await readToken(dir), token);
    assert.deepEqual([...Deno.readDirSync(dir)].map((entry) => entry.name), ["token"]);
    await removeToken(dir);
    await removeToken(dir);
    await assert.rejects(readToken(dir), Deno.errors.NotFound);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("readToken refuses a file that does not hold a token", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/token`, "not a token\n");
    await assert.rejects(readToken(dir), /is not 64 hex digits/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
