import assert from "node:assert/strict";
import {
  type Capability,
  capabilityCatalog,
  capabilityTable,
  clientRequiredCapabilities,
  isServed,
  personalModeCapability,
  providerCapabilities,
  providerRequiredCapabilities,
  runtimeCapabilities,
} from "./capabilities.ts";
import type { z } from "zod";
import { compileProtocol } from "./testing/ajv.ts";
import { EnvelopeSchema, parseEnvelope } from "./envelope.ts";
import { HelloSchema, ProviderHelloSchema, WelcomeSchema } from "./hello.ts";
import { events, methods } from "./methods/mod.ts";
import { eventDef, methodParamsDef, methodResultDef } from "./schema.ts";

// Copied verbatim from the spec (browser-protocol-v1.md); only the line
// breaks of the multi-line examples differ, which JSON ignores.
const envelopeExamples = [
  `{"type":"request","id":"r1","method":"browser.instances","params":{}}`,
  `{"type":"response","id":"r1","ok":true,"value":[]}`,
  `{"type":"response","id":"r2","ok":false,"code":"STALE_TARGET"}`,
  `{"type":"event","event":"page.changed","value":{"tab":"instance:7","leaseId":"lease","sequence":1}}`,
  `{"type":"cancel","id":"r2"}`,
];

const clientHelloExample = `{
  "bootstrap":1,"versions":[1],"role":"client","token":"<private IPC token>",
  "journalKey":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
  "requiredCapabilities":["runtime.v1","runtime.personal-tab-scope.v1","observe.query.v1","journal.recovery.v1","runtime.check.v1","runtime.wheel.v1","runtime.radio.v1","runtime.capture-publication.v1","runtime.contenteditable-fill.v1","runtime.append.v1","runtime.element-state.v1","runtime.batch.v1","runtime.page.v1","runtime.frames.v1","observe.frame.v1","runtime.frame-click.v1","observe.frame-query.v1","observe.frame-subtree.v1","observe.frame-page.v1"]
}`;

const providerHelloExample = `{
  "bootstrap":1,"versions":[1],"role":"provider",
  "capabilities":["lease.fencing.v1","lease.tab-scope.v1","ax.read.v1","ax.find.v1","input.named-keys.v1","scroll.dom.v1","ax.checked-state.v1","input.wheel.v1","input.radio.v1","ax.editable-state.v1","ax.page.v1","frame.sessions.v1","ax.frame.v1","input.frame-click.v1","ax.frame-find.v1","ax.frame-subtree.v1","ax.frame-page.v1","ax.frame-text.v1"],
  "requiredCapabilities":["runtime.v1","provider.ax-read.v1","provider.ax-find.v1"],
  "instance":{"id":"opaque-instance","family":"chromium","brand":"chrome","version":"browser user agent","profileLabel":"User-authorized profile"}
}`;

const welcomeExample = `{
  "version":1,"connectionEpoch":"opaque-new-connection",
  "capabilities":["runtime.v1","runtime.personal-tab-scope.v1","observe.query.v1","journal.recovery.v1","provider.ax-read.v1","provider.ax-find.v1","runtime.check.v1","runtime.wheel.v1","runtime.radio.v1","runtime.capture-publication.v1","runtime.contenteditable-fill.v1","runtime.append.v1","runtime.element-state.v1","runtime.batch.v1","runtime.page.v1","runtime.frames.v1","observe.frame.v1","runtime.frame-click.v1","observe.frame-query.v1","observe.frame-subtree.v1","observe.frame-page.v1"]
}`;

const validators = compileProtocol();

/** One spec example with the zod schema and published definition it must pass. */
interface Example {
  label: string;
  text: string;
  schema: z.ZodType;
  ajv: (value: unknown) => boolean;
  /** Another zod-side check that must agree, e.g. `parseEnvelope`. */
  also?: (value: unknown) => boolean;
}

const examples: Example[] = [
  ...envelopeExamples.map((text, index) => ({
    label: `envelope ${index + 1}`,
    text,
    schema: EnvelopeSchema,
    ajv: (value: unknown) => validators.envelope(value),
    also: (value: unknown) => parseEnvelope(value) !== undefined,
  })),
  {
    label: "client hello",
    text: clientHelloExample,
    schema: HelloSchema,
    ajv: (value) => validators.def("hello")(value),
  },
  {
    label: "provider hello",
    text: providerHelloExample,
    schema: ProviderHelloSchema,
    ajv: (value) => validators.def("providerHello")(value),
  },
  {
    label: "welcome",
    text: welcomeExample,
    schema: WelcomeSchema,
    ajv: (value) => validators.def("welcome")(value),
  },
];

/** Both validators' verdicts, which must agree. */
function verdict(example: Example, value: unknown): boolean {
  const ajv = example.ajv(value);
  const zod = example.schema.safeParse(value).success;
  assert.equal(zod, ajv, `${example.label}: zod says ${zod}, Ajv says ${ajv}`);
  if (example.also) assert.equal(example.also(value), ajv, `${example.label}: parse disagrees`);
  return ajv;
}

function parseObject(text: string): Record<string, unknown> {
  const value: unknown = JSON.parse(text);
  assert.ok(typeof value === "object" && value !== null && !Array.isArray(value));
  return { ...value };
}

Deno.test("published schema accepts every spec example as written", () => {
  for (const example of examples) {
    assert.equal(verdict(example, JSON.parse(example.text)), true, example.label);
  }
});

Deno.test("published schema rejects every spec example with one extra field", () => {
  for (const example of examples) {
    const value = { ...parseObject(example.text), extra: 1 };
    assert.equal(verdict(example, value), false, example.label);
  }
});

Deno.test("published schema rejects extra fields in nested handshake objects", () => {
  const provider = parseObject(providerHelloExample);
  const instance = provider.instance;
  assert.ok(typeof instance === "object" && instance !== null);
  const example = examples.find((item) => item.label === "provider hello");
  assert.ok(example !== undefined);
  assert.equal(verdict(example, { ...provider, instance: { ...instance, extra: 1 } }), false);
});

Deno.test("an ID counts code points: 128 astral characters pass, 129 fail", () => {
  const envelopes = examples.filter((item) => item.label.startsWith("envelope"));
  for (const example of envelopes) {
    const value = parseObject(example.text);
    if (!("id" in value)) continue;
    assert.equal(verdict(example, { ...value, id: "😀".repeat(128) }), true, example.label);
    assert.equal(verdict(example, { ...value, id: "😀".repeat(129) }), false, example.label);
    assert.equal(verdict(example, { ...value, id: "a".repeat(129) }), false, example.label);
    assert.equal(verdict(example, { ...value, id: "" }), false, example.label);
  }
  const welcome = examples.find((item) => item.label === "welcome");
  assert.ok(welcome !== undefined);
  const value = parseObject(welcomeExample);
  assert.equal(verdict(welcome, { ...value, connectionEpoch: "😀".repeat(128) }), true);
  assert.equal(verdict(welcome, { ...value, connectionEpoch: "😀".repeat(129) }), false);
});

Deno.test("a failure envelope with an unknown error code is rejected", () => {
  const example = examples.find((item) => item.label === "envelope 3");
  assert.ok(example !== undefined);
  const value = parseObject(example.text);
  assert.equal(verdict(example, { ...value, code: "NOT_A_CODE" }), false);
  assert.equal(verdict(example, { ...value, code: "stale_target" }), false);
  assert.equal(verdict(example, { ...value, message: "foreign text" }), false);
});

Deno.test("the payloads inside the spec's envelopes satisfy their method and event schemas", () => {
  const payloads: [string, z.ZodType, string, unknown][] = [
    [
      "browser.instances params",
      methods["browser.instances"].params,
      methodParamsDef("browser.instances"),
      {},
    ],
    [
      "browser.instances result",
      methods["browser.instances"].result,
      methodResultDef("browser.instances"),
      [],
    ],
    [
      "page.changed value",
      events["page.changed"].value,
      eventDef("page.changed"),
      { tab: "instance:7", leaseId: "lease", sequence: 1 },
    ],
  ];
  for (const [label, schema, def, value] of payloads) {
    const example: Example = { label, text: "", schema, ajv: (v) => validators.def(def)(v) };
    assert.equal(verdict(example, value), true, label);
  }
});

Deno.test("$defs.hello accepts the spec's provider hello before and after token injection", () => {
  const provider = parseObject(providerHelloExample);
  const hello = examples.find((item) => item.label === "client hello");
  const beforeInjection = examples.find((item) => item.label === "provider hello");
  assert.ok(hello !== undefined && beforeInjection !== undefined);
  const asHello = { ...hello, label: "provider hello as a hello" };
  assert.equal(verdict(asHello, provider), true);
  assert.equal(verdict(asHello, { ...provider, token: "0".repeat(64) }), true);
  // What the extension sends never holds the token.
  assert.equal(verdict(beforeInjection, { ...provider, token: "0".repeat(64) }), false);
  // Shape still matters: a provider hello without its instance is no hello.
  const { instance: _, ...withoutInstance } = provider;
  assert.equal(verdict(asHello, withoutInstance), false);
});

Deno.test("the capability table names exactly what the spec's hellos and welcome name", () => {
  const client = parseObject(clientHelloExample);
  const provider = parseObject(providerHelloExample);
  const welcome = parseObject(welcomeExample);
  // Leash's own capabilities go beyond the spec's lists.
  const spec = (name: Capability) => !("own" in capabilityTable[name]);
  const runtimeNames = capabilityCatalog.filter((name) =>
    capabilityTable[name].side === "runtime" && name !== personalModeCapability && spec(name)
  );
  const providerNames = capabilityCatalog.filter((name) =>
    capabilityTable[name].side === "provider" && spec(name)
  );
  assert.deepEqual(welcome.capabilities, runtimeNames);
  assert.deepEqual(provider.capabilities, providerNames);
  assert.deepEqual(
    client.requiredCapabilities,
    runtimeNames.filter((name) => !name.startsWith("provider.")),
  );
  assert.deepEqual(provider.requiredCapabilities, providerRequiredCapabilities);
});

Deno.test("this build offers and requires the spec's lists less exactly what it does not serve", () => {
  const client = parseObject(clientHelloExample);
  const provider = parseObject(providerHelloExample);
  const welcome = parseObject(welcomeExample);
  const served = (names: unknown) => {
    assert.ok(Array.isArray(names));
    return names.filter((name) => isServed(String(name)));
  };
  const spec = (names: readonly Capability[]) =>
    names.filter((name) => !("own" in capabilityTable[name]));
  assert.deepEqual(served(welcome.capabilities), spec(runtimeCapabilities));
  assert.deepEqual(served(provider.capabilities), spec(providerCapabilities));
  assert.deepEqual(served(client.requiredCapabilities), spec(clientRequiredCapabilities));
  // Every capability the spec's hellos name is served: the offers leave none out.
  for (const name of [welcome.capabilities, provider.capabilities].flat()) {
    assert.equal(isServed(String(name)), true, String(name));
  }
});
