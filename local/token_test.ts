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

Deno.test("TokenVerifier.foundIn finds the token wherever it stands, and nothing else", async () => {
  const token = generateToken();
  const verifier = await TokenVerifier.create(token);
  for (
    const text of [
      token,
      `x${token}`,
      `${token}x`,
      `request-${token}-1`,
      `${"0".repeat(1_000)}${token}${"f".repeat(1_000)}`,
      `${token.slice(0, 40)}${token}`,
      `é${token}\u{1f600}`,
    ]
  ) {
    assert.equal(verifier.foundIn(text), true, text);
  }
  const nearMiss = token.replace(/.$/, (c) => (c === "0" ? "1" : "0"));
  for (
    const text of [
      "",
      token.slice(1),
      nearMiss,
      token.toUpperCase(),
      `${token.slice(0, 32)} ${token.slice(32)}`,
      `${token.slice(0, 32)}${token.slice(0, 32)}`,
    ]
  ) {
    assert.equal(verifier.foundIn(text), false, text);
  }
});

Deno.test("TokenVerifier.foundIn agrees with a plain substring search on random text", async () => {
  // A short token over a two-letter alphabet makes matches and near misses frequent.
  const alphabet = "ab";
  const pick = (length: number) =>
    Array.from({ length }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join("");
  for (let round = 0; round < 200; round++) {
    const token = pick(1 + Math.floor(Math.random() * 6));
    const verifier = await TokenVerifier.create(token);
    for (let i = 0; i < 20; i++) {
      const text = pick(Math.floor(Math.random() * 40));
      assert.equal(verifier.foundIn(text), text.includes(token), `${token} in ${text}`);
    }
  }
  await assert.rejects(TokenVerifier.create(""), RangeError);
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
