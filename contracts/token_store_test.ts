import assert from "node:assert/strict";
import { freshToken, randomHexToken, TokenStore, type TokenStoreOptions } from "./token_store.ts";

interface Held {
  group: string;
  n: number;
}

function store(options: Partial<TokenStoreOptions<Held>> = {}): TokenStore<Held> {
  return new TokenStore<Held>({
    groupOf: (held) => held.group,
    perGroup: 8,
    total: 64,
    ...options,
  });
}

function counter(prefix = "t"): () => string {
  let next = 0;
  return () => `${prefix}${++next}`;
}

Deno.test("randomHexToken() is 128 random bits in hex after its prefix", () => {
  assert.match(randomHexToken(), /^[0-9a-f]{32}$/);
  assert.match(randomHexToken("pc-"), /^pc-[0-9a-f]{32}$/);
  assert.notEqual(randomHexToken(), randomHexToken());
});

Deno.test("freshToken() draws again while a token is in use, and gives up on a stuck source", () => {
  const next = counter();
  assert.equal(freshToken(next, (token) => token === "t1" || token === "t2"), "t3");
  assert.throws(() => freshToken(() => "same", () => true), /Cannot mint a token/);
});

Deno.test("a token is spent by take(): it works once", () => {
  const tokens = store();
  const token = tokens.issue({ group: "a", n: 1 });
  assert.deepEqual(tokens.take(token), { group: "a", n: 1 });
  assert.equal(tokens.take(token), undefined);
  assert.equal(tokens.get(token), undefined);
  assert.equal(tokens.take("never-issued"), undefined);
  assert.equal(tokens.size, 0);
});

Deno.test("get() reads a token without spending it", () => {
  const tokens = store();
  const token = tokens.issue({ group: "a", n: 1 });
  assert.equal(tokens.get(token)?.n, 1);
  assert.equal(tokens.get(token)?.n, 1);
  assert.equal(tokens.take(token)?.n, 1);
});

Deno.test("default tokens are random and distinct; an injected source is used as given", () => {
  const random = store();
  const a = random.issue({ group: "a", n: 1 });
  const b = random.issue({ group: "a", n: 2 });
  assert.match(a, /^[0-9a-f]{32}$/);
  assert.notEqual(a, b);
  const counted = store({ token: counter("c") });
  assert.equal(counted.issue({ group: "a", n: 1 }), "c1");
});

Deno.test("a token never stands for two values: a colliding draw is drawn again", () => {
  const draws = ["x", "x", "y"];
  const tokens = store({ token: () => draws.shift() ?? "z" });
  assert.equal(tokens.issue({ group: "a", n: 1 }), "x");
  assert.equal(tokens.issue({ group: "a", n: 2 }), "y");
  assert.equal(tokens.get("x")?.n, 1);
});

Deno.test("a token expires once its time to live has passed, and is then dropped", () => {
  let now = 1_000;
  const tokens = store({ ttlMs: 100, now: () => now });
  const token = tokens.issue({ group: "a", n: 1 });
  now = 1_100;
  assert.equal(tokens.get(token)?.n, 1, "usable up to its time to live");
  now = 1_101;
  assert.equal(tokens.get(token), undefined);
  assert.equal(tokens.take(token), undefined);
  assert.equal(tokens.size, 0);
});

Deno.test("expired tokens are dropped when a new one is issued", () => {
  let now = 0;
  const tokens = store({ ttlMs: 10, now: () => now });
  tokens.issue({ group: "a", n: 1 });
  tokens.issue({ group: "b", n: 2 });
  now = 11;
  tokens.issue({ group: "a", n: 3 });
  assert.equal(tokens.size, 1);
});

Deno.test("without a time to live a token stays until spent, dropped or forgotten", () => {
  let now = 0;
  const tokens = store({ now: () => now });
  const token = tokens.issue({ group: "a", n: 1 });
  now = Number.MAX_SAFE_INTEGER;
  assert.equal(tokens.get(token)?.n, 1);
});

Deno.test("each group keeps its newest tokens; other groups keep theirs", () => {
  const tokens = store({ perGroup: 2 });
  const [a1, a2, a3] = [1, 2, 3].map((n) => tokens.issue({ group: "a", n }));
  const b1 = tokens.issue({ group: "b", n: 4 });
  assert.equal(tokens.get(a1), undefined, "the oldest of the group was dropped");
  assert.equal(tokens.get(a2)?.n, 2);
  assert.equal(tokens.get(a3)?.n, 3);
  assert.equal(tokens.get(b1)?.n, 4);
  assert.equal(tokens.size, 3);
});

Deno.test("the store keeps its newest tokens in all", () => {
  const tokens = store({ total: 2 });
  const [a, b, c] = ["a", "b", "c"].map((group, n) => tokens.issue({ group, n }));
  assert.equal(tokens.size, 2);
  assert.equal(tokens.get(a), undefined);
  assert.equal(tokens.get(b)?.group, "b");
  assert.equal(tokens.get(c)?.group, "c");
});

Deno.test("a touched token is dropped last, but its time to live still runs", () => {
  let now = 0;
  const tokens = store({ perGroup: 2, ttlMs: 50, now: () => now });
  const first = tokens.issue({ group: "a", n: 1 });
  const second = tokens.issue({ group: "a", n: 2 });
  tokens.touch(first);
  tokens.issue({ group: "a", n: 3 });
  assert.equal(tokens.get(second), undefined);
  assert.equal(tokens.get(first)?.n, 1);
  now = 51;
  tokens.touch(first);
  assert.equal(tokens.get(first), undefined);
  tokens.touch("never-issued");
});

Deno.test("newest() finds the most recently issued or touched matching token", () => {
  const tokens = store();
  const a1 = tokens.issue({ group: "a", n: 1 });
  const a2 = tokens.issue({ group: "a", n: 2 });
  tokens.issue({ group: "b", n: 3 });
  assert.equal(tokens.newest((held) => held.group === "a"), a2);
  tokens.touch(a1);
  assert.equal(tokens.newest((held) => held.group === "a"), a1);
  assert.equal(tokens.newest((held) => held.group === "c"), undefined);
});

Deno.test("newest() passes over expired tokens", () => {
  let now = 0;
  const tokens = store({ ttlMs: 10, now: () => now });
  tokens.issue({ group: "a", n: 1 });
  now = 11;
  assert.equal(tokens.newest(() => true), undefined);
});

Deno.test("forget() drops exactly the tokens whose values match", () => {
  const tokens = store();
  const a = tokens.issue({ group: "a", n: 1 });
  const b = tokens.issue({ group: "b", n: 2 });
  tokens.forget((held) => held.group === "a");
  assert.equal(tokens.get(a), undefined);
  assert.equal(tokens.get(b)?.n, 2);
  assert.equal(tokens.size, 1);
});

Deno.test("values() lists the usable values that match, most recently used first", () => {
  let now = 0;
  const held = store({ ttlMs: 100, now: () => now });
  const first = held.issue({ group: "a", n: 1 });
  held.issue({ group: "b", n: 2 });
  now = 50;
  held.issue({ group: "a", n: 3 });
  held.touch(first);
  assert.deepEqual(held.values((value) => value.group === "a").map((value) => value.n), [1, 3]);
  now = 120;
  // The first two expired; values() does not list them.
  assert.deepEqual(held.values(() => true).map((value) => value.n), [3]);
});
