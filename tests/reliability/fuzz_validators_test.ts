/**
 * Fuzzing every boundary validator with seeded mutations of its golden
 * values: the envelope parser, every hello and the welcome, every method's
 * params and result, every event, the CDP allowlist, the extension's CDP
 * parameter checker, the Broker's hello judge and the host's origin check.
 *
 * What must hold for every input: the validator never throws (a zod
 * `safeParse` answers, a checker throws only its typed `LeashError`), every
 * rejection is a `ZodError`, whatever is accepted is accepted again after a
 * JSON round trip, nothing on `Object.prototype` changes, and no mutation
 * widens authority: only the exact token authenticates, only the exact
 * origin passes the host, and the CDP checker never lets through a
 * function that is not one of the fixed page functions or a navigation off
 * the lease's origin.
 */
import { chordRefusal, codesNamed } from "../../contracts/keyboard.ts";
import assert from "node:assert/strict";
import { z } from "zod";
import { judgeHello } from "../../broker/server/handshake.ts";
import { TokenVerifier } from "../../local/token.ts";
import { parseEnvelope } from "../../contracts/envelope.ts";
import { isLeashError } from "../../contracts/errors.ts";
import {
  AuthenticatedProviderHelloSchema,
  ClientHelloSchema,
  HelloSchema,
  LegacyClientHelloSchema,
  ProviderHelloSchema,
  WelcomeSchema,
} from "../../contracts/hello.ts";
import { extensionOrigin } from "../../contracts/identity.ts";
import type { JsonObject, JsonValue } from "../../contracts/json.ts";
import { cdpAllowlist, type CdpMethod, CdpMethodSchema } from "../../contracts/methods/cdp.ts";
import { events, methods } from "../../contracts/methods/mod.ts";
import { isPageFunction, pageFunctions } from "../../contracts/methods/page_functions.ts";
import { eventSamples, methodSamples } from "../../contracts/testing/samples.ts";
import { type Mutant, mutants, type MutateOptions } from "../../contracts/testing/mutate.ts";
import publishedSchema from "../../contracts/protocol/v1.schema.json" with { type: "json" };
import { eventDef, methodParamsDef, methodResultDef } from "../../contracts/schema.ts";
import { checkCdpParams } from "../../extension/provider/cdp_params.ts";
import { httpOrigin } from "../../contracts/origin.ts";
import { isAllowedOrigin } from "../../local/caller_origin.ts";
import { specClientHello, specProviderHello } from "../integration/_hellos.ts";
import { messageCorpus } from "./_byte_streams.ts";
import { figure, seedFor, sized } from "./_size.ts";

/** Round-trip through JSON: what a peer would receive. */
function json(value: unknown): JsonValue {
  const parsed: JsonValue = JSON.parse(JSON.stringify(value ?? null));
  return parsed;
}

function lookup<T>(record: Record<string, T>, key: string): T {
  const entry = Object.entries(record).find(([name]) => name === key);
  assert.ok(entry, `no entry for ${key}`);
  return entry[1];
}

/** Every length, size and range bound in a published `$defs` entry, with neighbours. */
function boundariesOf(def: string | null): Pick<MutateOptions, "lengths" | "counts" | "numbers"> {
  const lengths: number[] = [];
  const counts: number[] = [];
  const numbers: number[] = [];
  const defs: Record<string, unknown> = publishedSchema.$defs;
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== "object" || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === "$defs") continue;
      if (typeof value === "number") {
        if (key === "minLength" || key === "maxLength") lengths.push(value - 1, value, value + 1);
        if (key === "minItems" || key === "maxItems") counts.push(value - 1, value, value + 1);
        if (key.endsWith("imum")) numbers.push(value - 1, value, value + 1);
      }
      visit(value);
    }
  };
  visit(def === null ? publishedSchema : defs[def]);
  return { lengths, counts, numbers };
}

/** One validator under fuzz: its verdict, and what it was fuzzed from. */
interface Target {
  label: string;
  goldens: JsonValue[];
  def: string | null;
  /** Judge one input; throws only for a finding. */
  check: (value: JsonValue) => "accepted" | "rejected";
}

/** A zod schema's verdict, holding the properties every zod boundary must have. */
function zodTarget(label: string, schema: z.ZodType, goldens: JsonValue[], def: string | null) {
  return {
    label,
    goldens,
    def,
    check(value: JsonValue): "accepted" | "rejected" {
      const result = schema.safeParse(value);
      if (!result.success) {
        assert.ok(result.error instanceof z.ZodError, `${label}: a rejection that is no ZodError`);
        return "rejected";
      }
      const again = schema.safeParse(json(result.data));
      assert.ok(again.success, `${label}: accepted data fails after a JSON round trip`);
      return "accepted";
    },
  } satisfies Target;
}

const golden = (...values: unknown[]) => values.map(json);

/** A golden call for every allowlisted DevTools method, as the action engine makes them. */
const cdpGoldens: Record<CdpMethod, JsonObject> = {
  "Accessibility.getPartialAXTree": { backendNodeId: 7, fetchRelatives: false },
  "Accessibility.queryAXTree": { backendNodeId: 1, accessibleName: "Submit", role: "button" },
  "DOM.describeNode": { backendNodeId: 7, depth: 0 },
  "DOM.focus": { backendNodeId: 7 },
  "DOM.getBoxModel": { nodeId: 7 },
  "DOM.getContentQuads": { backendNodeId: 7 },
  "DOM.getDocument": { depth: 1 },
  "DOM.getNodeForLocation": { x: 10, y: 20, ignorePointerEventsNone: true },
  "DOM.resolveNode": { backendNodeId: 7, objectGroup: "leash-1" },
  "DOM.scrollIntoViewIfNeeded": { backendNodeId: 7, rect: { x: 0, y: 0, width: 9, height: 9 } },
  "Input.dispatchDragEvent": { type: "drop", x: 10, y: 20 },
  "Input.dispatchKeyEvent": { type: "keyDown", key: "a", modifiers: 2, commands: ["selectAll"] },
  "Input.dispatchMouseEvent": {
    type: "mousePressed",
    x: 10,
    y: 20,
    button: "left",
    clickCount: 1,
  },
  "Input.insertText": { text: "hello" },
  "Input.setInterceptDrags": { enabled: true },
  "Page.captureScreenshot": { format: "jpeg", quality: 80 },
  "Page.getFrameTree": {},
  "Page.getLayoutMetrics": {},
  "Page.getNavigationHistory": {},
  "Page.navigate": { url: "https://shop.example/cart" },
  "Page.navigateToHistoryEntry": { entryId: 3 },
  "Page.reload": { ignoreCache: false },
  "Page.setInterceptFileChooserDialog": { enabled: true },
  "Runtime.callFunctionOn": {
    functionDeclaration: pageFunctions.deliversTo,
    objectId: "1.2.3",
    arguments: [{ objectId: "4.5.6" }],
    returnByValue: true,
    awaitPromise: false,
    objectGroup: "leash-1",
  },
  "Runtime.releaseObjectGroup": { objectGroup: "leash-1" },
};

const leaseOrigin = "https://shop.example";

/** The extension's CDP checker for one method: only CDP_FORBIDDEN, and never a widened call. */
function cdpTarget(method: CdpMethod): Target {
  return {
    label: `checkCdpParams ${method}`,
    goldens: [json(cdpGoldens[method])],
    def: null,
    check(value) {
      let sent: JsonObject;
      try {
        sent = checkCdpParams(method, value, { kind: "origin", origin: leaseOrigin });
      } catch (error) {
        assert.ok(isLeashError(error, "CDP_FORBIDDEN"), `${method}: threw ${error}`);
        return "rejected";
      }
      if (method === "Runtime.callFunctionOn") {
        assert.ok(isPageFunction(sent.functionDeclaration), "only a fixed page function runs");
        assert.equal(sent.returnByValue, true);
      }
      if (method === "Page.navigate") {
        assert.equal(httpOrigin(String(sent.url)), leaseOrigin, "navigation stays on the origin");
      }
      if (method === "Input.dispatchKeyEvent") {
        assert.ok(
          !("nativeVirtualKeyCode" in sent),
          "no key event may reach the browser's shortcuts",
        );
        const mask = typeof sent.modifiers === "number" ? sent.modifiers : 0;
        const names = codesNamed({
          key: typeof sent.key === "string" ? sent.key : undefined,
          code: typeof sent.code === "string" ? sent.code : undefined,
          keyCode: typeof sent.windowsVirtualKeyCode === "number"
            ? sent.windowsVirtualKeyCode
            : undefined,
        });
        for (const code of names) {
          assert.equal(chordRefusal(code, mask), undefined, "no clipboard or browser chord");
        }
      }
      return "accepted";
    },
  };
}

const methodTargets = Object.entries(methods).flatMap(([name, spec]): Target[] => {
  const sample = lookup(methodSamples, name);
  return [
    zodTarget(`${name} params`, spec.params, golden(sample.params), methodParamsDef(name)),
    zodTarget(`${name} result`, spec.result, golden(sample.result), methodResultDef(name)),
  ];
});

const eventTargets = Object.entries(events).map(([name, spec]) =>
  zodTarget(`${name} event`, spec.value, golden(lookup(eventSamples, name)), eventDef(name))
);

const token = "0123456789abcdef".repeat(4);
const clientHello = specClientHello(token);
const providerHello = specProviderHello(token);
const { token: _token, ...bareProviderHello } = providerHello;
const { journalKey: _key, requiredCapabilities: _required, ...legacyHello } = clientHello;

const envelopeTarget: Target = {
  label: "parseEnvelope",
  goldens: golden(
    ...messageCorpus(),
    { type: "request", id: "h", method: "hello", params: clientHello },
  ),
  def: null,
  check(value) {
    return parseEnvelope(value) === undefined ? "rejected" : "accepted";
  },
};

const targets: Target[] = [
  envelopeTarget,
  zodTarget("HelloSchema", HelloSchema, golden(clientHello, legacyHello, providerHello), "hello"),
  zodTarget("ClientHelloSchema", ClientHelloSchema, golden(clientHello), "hello"),
  zodTarget("LegacyClientHelloSchema", LegacyClientHelloSchema, golden(legacyHello), "hello"),
  zodTarget("ProviderHelloSchema", ProviderHelloSchema, golden(bareProviderHello), "providerHello"),
  zodTarget(
    "AuthenticatedProviderHelloSchema",
    AuthenticatedProviderHelloSchema,
    golden(providerHello),
    "hello",
  ),
  zodTarget(
    "WelcomeSchema",
    WelcomeSchema,
    golden(lookup(methodSamples, "hello").result),
    "welcome",
  ),
  ...methodTargets,
  ...eventTargets,
  zodTarget("CdpMethodSchema", CdpMethodSchema, golden(...cdpAllowlist), null),
  ...cdpAllowlist.map(cdpTarget),
  {
    label: "isAllowedOrigin",
    goldens: [extensionOrigin],
    def: null,
    check(value) {
      const allowed = typeof value === "string" && isAllowedOrigin(value);
      assert.equal(allowed, value === extensionOrigin, `origin ${JSON.stringify(value)}`);
      return allowed ? "accepted" : "rejected";
    },
  },
];

/**
 * `count` mutants of `golden`, made in batches of 2,000 so a long run never
 * holds them all at once; each comes with the seed and index that remake it.
 */
function* mutantBatches(
  golden: JsonValue,
  seed: number,
  count: number,
  bounds: Pick<MutateOptions, "lengths" | "counts" | "numbers"> = {},
): Generator<{ mutant: Mutant; seed: number; index: number }> {
  const batch = 2_000;
  for (let from = 0, b = 0; from < count; from += batch, b++) {
    const batchSeed = (seed + b * 0x9e3779b1) >>> 0;
    const made = mutants(golden, {
      seed: batchSeed,
      count: Math.min(batch, count - from),
      ...bounds,
    });
    for (const [index, mutant] of made.entries()) yield { mutant, seed: batchSeed, index };
  }
}

/** Every own key on the prototypes a validator could be tricked into writing. */
function prototypeKeys(): string[] {
  return [Object.prototype, Array.prototype, Function.prototype].flatMap((proto) =>
    Reflect.ownKeys(proto).map(String)
  );
}

Deno.test("every boundary validator answers every seeded mutation of its goldens with a verdict, never a throw", () => {
  const total = sized(110_000, 2_500_000);
  const seed = seedFor(0xb0da);
  const perTarget = Math.ceil(total / targets.length);
  const before = prototypeKeys();
  let inputs = 0;
  let accepted = 0;
  for (const [index, target] of targets.entries()) {
    const perGolden = Math.ceil(perTarget / target.goldens.length);
    const bounds = boundariesOf(target.def);
    for (const [g, value] of target.goldens.entries()) {
      assert.equal(target.check(value), "accepted", `${target.label}: its golden value`);
      const cases = mutantBatches(value, seed + index * 101 + g, perGolden, bounds);
      for (const { mutant, seed: made, index: i } of cases) {
        inputs++;
        let verdict: "accepted" | "rejected";
        try {
          verdict = target.check(mutant.value);
        } catch (error) {
          throw new Error(
            `Cannot judge ${target.label} mutant ${i} of seed ${made}: ${mutant.steps.join("; ")}`,
            { cause: error },
          );
        }
        if (verdict === "accepted") accepted++;
      }
    }
  }
  assert.deepEqual(prototypeKeys(), before, "no validator wrote to a prototype");
  assert.equal(Reflect.get({}, "extra"), undefined);
  figure(
    "fuzz validators",
    `${inputs} inputs over ${targets.length} validators (seed ${seed}), 0 throws, ` +
      `${inputs - accepted} rejected as typed errors, ${accepted} accepted and stable, ` +
      `0 widened (token, origin, page functions, navigation), lost: nothing`,
  );
});

Deno.test("the Broker's hello judge authenticates only the exact token, whatever else a hello holds", async () => {
  const count = sized(6_000, 150_000);
  const seed = seedFor(0x4e11);
  const verifier = await TokenVerifier.create(token);
  const offer = { accessMode: "restricted" as const };
  const codes = new Map<string, number>();
  let inputs = 0;
  for (const [g, hello] of golden(clientHello, legacyHello, providerHello).entries()) {
    for (const { mutant } of mutantBatches(hello, seed + g, Math.ceil(count / 3))) {
      inputs++;
      const value = mutant.value;
      if (typeof value !== "object" || value === null || Array.isArray(value)) continue;
      const verdict = await judgeHello(value, verifier, offer);
      const code = verdict.ok ? "welcome" : verdict.code;
      codes.set(code, (codes.get(code) ?? 0) + 1);
      if (verdict.ok || verdict.code !== "UNAUTHENTICATED") {
        assert.equal(value.token, token, `passed authentication: ${mutant.steps.join("; ")}`);
      }
      if (verdict.ok) assert.ok(HelloSchema.safeParse(value).success);
    }
  }
  assert.ok((codes.get("welcome") ?? 0) > 0 && (codes.get("UNAUTHENTICATED") ?? 0) > 0);
  const verdicts = [...codes].map(([code, n]) => `${code} ${n}`).join(", ");
  figure("fuzz hello judge", `${inputs} hellos (seed ${seed}), 0 throws, verdicts: ${verdicts}`);
});
