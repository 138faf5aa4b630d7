import assert from "node:assert/strict";
import type { ValidateFunction } from "ajv";
import type { z } from "zod";
import { compileProtocol, type ProtocolValidators } from "./testing/ajv.ts";
import publishedSchema from "./protocol/v1.schema.json" with { type: "json" };
import { EnvelopeSchema, parseEnvelope } from "./envelope.ts";
import { HelloSchema, ProviderHelloSchema, WelcomeSchema } from "./hello.ts";
import type { JsonValue } from "./json.ts";
import { events, methods } from "./methods/mod.ts";
import { eventSamples, methodSamples } from "./testing/samples.ts";
import { mutants } from "./testing/mutate.ts";
import { eventDef, methodParamsDef, methodResultDef } from "./schema.ts";
import {
  brokerCapabilities,
  clientRequiredCapabilities,
  providerCapabilities,
} from "./capabilities.ts";

/** Mutants per schema family, at least. */
const minimumPerFamily = 1_000;

/** The verdict of a zod schema. */
function accepts(schema: z.ZodType): (value: unknown) => boolean {
  return (value) => schema.safeParse(value).success;
}

/** One schema as zod and the published document each see it, with golden values. */
interface Twin {
  label: string;
  /** The zod side's verdict. */
  zod: (value: unknown) => boolean;
  /** The `$defs` entry of the published schema; `null` for the root (an envelope). */
  def: string | null;
  goldens: JsonValue[];
}

/** A family of twins mutated together, e.g. every method payload. */
interface Family {
  name: string;
  twins: Twin[];
  /** Mutants per golden value. */
  perGolden: number;
}

/** Every length, size and range bound in a published schema, with its neighbours. */
function boundariesOf(schema: unknown): { lengths: number[]; counts: number[]; numbers: number[] } {
  const lengths: number[] = [];
  const counts: number[] = [];
  const numbers: number[] = [];
  const numberKeys = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== "object" || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      // The root's $defs are other twins, not part of the envelope.
      if (key === "$defs") continue;
      if (typeof value === "number") {
        if (key === "minLength" || key === "maxLength") lengths.push(value - 1, value, value + 1);
        if (key === "minItems" || key === "maxItems") counts.push(value - 1, value, value + 1);
        if (numberKeys.includes(key)) {
          numbers.push(value - 1, value - 0.5, value, value + 0.5, value + 1);
        }
      }
      visit(value);
    }
  };
  visit(schema);
  return { lengths, counts, numbers };
}

/** A family of twins mutated together, e.g. every method payload. */
interface Family {
  name: string;
  twins: Twin[];
  /** Mutants per golden value. */
  perGolden: number;
}

/** Round-trip through JSON: what a peer would receive, as a `JsonValue`. */
function json(value: unknown): JsonValue {
  const parsed: JsonValue = JSON.parse(JSON.stringify(value));
  return parsed;
}

function lookup<T>(record: Record<string, T>, key: string): T {
  const entry = Object.entries(record).find(([name]) => name === key);
  assert.ok(entry, `no entry for ${key}`);
  return entry[1];
}

const clientHello = json(lookup(methodSamples, "hello").params);
const providerHello = {
  bootstrap: 1,
  versions: [1, 2],
  role: "provider",
  capabilities: [...providerCapabilities],
  requiredCapabilities: ["runtime.v1", "provider.ax-read.v1", "provider.ax-find.v1"],
  instance: {
    id: "opaque-instance",
    family: "chromium",
    brand: "chrome",
    version: "browser user agent",
    profileLabel: "User-authorized profile",
  },
};

const envelopeGoldens: JsonValue[] = [
  { type: "request", id: "r1", method: "browser.instances", params: {} },
  { type: "request", id: "😀x", method: "hello", params: clientHello },
  { type: "response", id: "r1", ok: true, value: [] },
  {
    type: "response",
    id: "r3",
    ok: true,
    value: json(lookup(methodSamples, "browser.act").result),
  },
  { type: "response", id: "r4", ok: true, value: null },
  { type: "response", id: "r2", ok: false, code: "STALE_TARGET" },
  {
    type: "event",
    event: "page.changed",
    value: { tab: "instance:7", leaseId: "lease", sequence: 1 },
  },
  { type: "cancel", id: "r2" },
];

const families: Family[] = [
  {
    name: "envelopes",
    perGolden: 250,
    // parseEnvelope is what peers run; EnvelopeSchema is what the schema is made from.
    twins: [
      {
        label: "parseEnvelope",
        zod: (value) => parseEnvelope(value) !== undefined,
        def: null,
        goldens: envelopeGoldens,
      },
      {
        label: "EnvelopeSchema",
        zod: accepts(EnvelopeSchema),
        def: null,
        goldens: envelopeGoldens,
      },
    ],
  },
  {
    name: "hellos",
    perGolden: 300,
    twins: [
      {
        label: "hello",
        zod: accepts(HelloSchema),
        def: "hello",
        goldens: [
          clientHello,
          {
            bootstrap: 1,
            versions: [1],
            role: "client",
            token: "0".repeat(64),
            journalKey: "A-_z".repeat(16),
            requiredCapabilities: [...clientRequiredCapabilities],
          },
          { bootstrap: 1, versions: [1, 3, 2], role: "client", token: "t" },
          { ...providerHello, token: "f".repeat(64) },
        ],
      },
      {
        label: "providerHello",
        zod: accepts(ProviderHelloSchema),
        def: "providerHello",
        goldens: [providerHello],
      },
    ],
  },
  {
    name: "welcome",
    perGolden: 600,
    twins: [{
      label: "welcome",
      zod: accepts(WelcomeSchema),
      def: "welcome",
      goldens: [
        json(lookup(methodSamples, "hello").result),
        {
          version: 1,
          connectionEpoch: "opaque-new-connection",
          capabilities: [...brokerCapabilities],
        },
      ],
    }],
  },
  {
    name: "method payloads",
    perGolden: 100,
    twins: [
      ...Object.entries(methods).flatMap(([name, spec]): Twin[] => {
        const sample = lookup(methodSamples, name);
        return [
          {
            label: `${name} params`,
            zod: accepts(spec.params),
            def: methodParamsDef(name),
            goldens: [json(sample.params)],
          },
          {
            label: `${name} result`,
            zod: accepts(spec.result),
            def: methodResultDef(name),
            goldens: [json(sample.result)],
          },
        ];
      }),
      ...Object.entries(events).map(([name, spec]): Twin => ({
        label: `${name} event`,
        zod: accepts(spec.value),
        def: eventDef(name),
        goldens: [json(lookup(eventSamples, name))],
      })),
    ],
  },
];

/** A value on which zod and Ajv disagree. */
interface Disagreement {
  twin: string;
  seed: number;
  index: number;
  steps: string[];
  zod: boolean;
  value: JsonValue;
}

function describe(item: Disagreement): string {
  const text = JSON.stringify(item.value);
  const shown = text.length > 300 ? `${text.slice(0, 300)}…` : text;
  return `${item.twin} (seed ${item.seed} #${item.index}): zod ${
    item.zod ? "accepts" : "rejects"
  }, ` +
    `Ajv ${item.zod ? "rejects" : "accepts"} after [${item.steps.join("; ")}]: ${shown}`;
}

/** A stable seed per twin and golden, so adding a method does not reshuffle others. */
function seedOf(label: string, golden: number): number {
  let hash = 2166136261;
  for (const char of `${label}#${golden}`) {
    hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 16777619);
  }
  return hash >>> 0;
}

function validatorOf(validators: ProtocolValidators, twin: Twin): ValidateFunction {
  return twin.def === null ? validators.envelope : validators.def(twin.def);
}

/** Verdict counts and disagreements of one family against one compiled schema. */
interface Outcome {
  accepted: number;
  rejected: number;
  disagreements: Disagreement[];
}

function runFamily(family: Family, validators: ProtocolValidators): Outcome {
  const outcome: Outcome = { accepted: 0, rejected: 0, disagreements: [] };
  for (const twin of family.twins) {
    const ajv = validatorOf(validators, twin);
    twin.goldens.forEach((golden, goldenIndex) => {
      const seed = seedOf(twin.label, goldenIndex);
      const options = { seed, count: family.perGolden, ...boundariesOf(ajv.schema) };
      mutants(golden, options).forEach((mutant, index) => {
        const zod = twin.zod(mutant.value);
        const verdict = ajv(mutant.value);
        if (verdict) outcome.accepted++;
        else outcome.rejected++;
        if (zod !== verdict) {
          outcome.disagreements.push({
            twin: twin.label,
            seed,
            index,
            steps: mutant.steps,
            zod,
            value: mutant.value,
          });
        }
      });
    });
  }
  return outcome;
}

const published = compileProtocol();

Deno.test("zod and Ajv accept every golden vector", () => {
  for (const family of families) {
    for (const twin of family.twins) {
      const ajv = validatorOf(published, twin);
      twin.goldens.forEach((golden, index) => {
        assert.equal(twin.zod(golden), true, `zod: ${twin.label} #${index}`);
        assert.equal(ajv(golden), true, `Ajv: ${twin.label} #${index}`);
      });
    }
  }
});

for (const family of families) {
  Deno.test(`zod and Ajv agree on seeded mutations of ${family.name}`, () => {
    const { accepted, rejected, disagreements } = runFamily(family, published);
    const total = accepted + rejected;
    console.log(
      `${family.name}: ${total} mutants, ${accepted} accepted, ${rejected} rejected, ` +
        `${disagreements.length} disagreements`,
    );
    assert.ok(total >= minimumPerFamily, `${family.name}: only ${total} mutants`);
    // Both outcomes must occur, or the family tests nothing on one side.
    assert.ok(
      accepted > 0 && rejected > 0,
      `${family.name}: ${accepted} accepted, ${rejected} rejected`,
    );
    assert.deepEqual(
      disagreements.slice(0, 20).map(describe),
      [],
      `${disagreements.length} disagreements in ${family.name}`,
    );
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A copy of the published schema with the sub-schema at `path` changed. */
function tampered(path: string[], change: (node: Record<string, unknown>) => void): object {
  const copy: unknown = JSON.parse(JSON.stringify(publishedSchema));
  let node: unknown = copy;
  for (const key of path) {
    node = Array.isArray(node) ? node[Number(key)] : isRecord(node) ? node[key] : undefined;
  }
  assert.ok(isRecord(node), `no sub-schema at ${path.join("/")}`);
  change(node);
  assert.ok(isRecord(copy));
  return copy;
}

function familyNamed(name: string): Family {
  const family = families.find((item) => item.name === name);
  assert.ok(family, name);
  return family;
}

Deno.test("the mutations catch a published schema that drifted from zod", () => {
  const cases: [string, object][] = [
    // An ID cap one code point short.
    ["envelopes", tampered(["anyOf", "4", "properties", "id"], (id) => (id.maxLength = 127))],
    // Duplicate capabilities let through.
    [
      "welcome",
      tampered(["$defs", "welcome", "properties", "capabilities"], (list) => {
        delete list.uniqueItems;
      }),
    ],
    // Unknown fields let through in one nested object.
    [
      "hellos",
      tampered(["$defs", "providerHello", "properties", "instance"], (instance) => {
        delete instance.additionalProperties;
      }),
    ],
    // A loosened integer bound in one method.
    [
      "method payloads",
      tampered(
        ["$defs", methodParamsDef("browser.approveBatchStep"), "properties", "index"],
        (index) => (index.maximum = 8),
      ),
    ],
  ];
  for (const [name, schema] of cases) {
    const { disagreements } = runFamily(familyNamed(name), compileProtocol(schema));
    assert.ok(disagreements.length > 0, `${name}: the drift went unnoticed`);
  }
});
