import assert from "node:assert/strict";
import { z } from "zod";
import {
  buildProtocolSchema,
  buildSchemaFrom,
  eventDef,
  formatProtocolSchema,
  methodParamsDef,
  methodResultDef,
  protocolSchemaId,
} from "./schema.ts";
import { defineEvent, defineMethod } from "./methods/define.ts";
import { events, methods } from "./methods/mod.ts";
import { compileProtocol } from "./testing/ajv.ts";

const committedUrl = new URL("./protocol/v1.schema.json", import.meta.url);

Deno.test("the committed schema file equals the generated schema", async () => {
  const committed = await Deno.readTextFile(committedUrl);
  assert.equal(
    committed,
    formatProtocolSchema(buildProtocolSchema()),
    "contracts/protocol/v1.schema.json is out of date; run deno task schema",
  );
});

Deno.test("buildProtocolSchema() is deterministic", () => {
  assert.equal(
    formatProtocolSchema(buildProtocolSchema()),
    formatProtocolSchema(buildProtocolSchema()),
  );
});

Deno.test("the schema has a header, handshake definitions and one entry per method part and event", () => {
  const schema = buildProtocolSchema();
  assert.equal(schema.$schema, "https://json-schema.org/draft/2020-12/schema");
  assert.equal(schema.$id, protocolSchemaId);
  assert.match(String(schema.$comment), /deno task schema.*do not edit/);
  const defs = schema.$defs;
  assert.ok(typeof defs === "object" && defs !== null);
  const expected = [
    "hello",
    "providerHello",
    "welcome",
    ...Object.keys(methods).flatMap((name) => [methodParamsDef(name), methodResultDef(name)]),
    ...Object.keys(events).map(eventDef),
  ];
  assert.deepEqual(Object.keys(defs).sort(), expected.sort());
});

Deno.test("no nested $schema keys remain", () => {
  const text = formatProtocolSchema(buildProtocolSchema());
  assert.equal(text.match(/"\$schema"/g)?.length, 1);
});

Deno.test("method definitions carry the title, direction and capability", () => {
  const schema = buildProtocolSchema();
  const defs = schema.$defs;
  assert.ok(typeof defs === "object" && defs !== null);
  for (const [name, spec] of Object.entries(methods)) {
    for (const defName of [methodParamsDef(name), methodResultDef(name)]) {
      const def: unknown = Object.getOwnPropertyDescriptor(defs, defName)?.value;
      assert.ok(typeof def === "object" && def !== null, defName);
      assert.deepEqual(
        {
          description: Reflect.get(def, "description"),
          direction: Reflect.get(def, "x-leash-direction"),
          capability: Reflect.get(def, "x-leash-capability"),
          method: Reflect.get(def, "x-leash-method"),
        },
        {
          description: spec.title,
          direction: spec.direction,
          capability: spec.capability,
          method: name,
        },
      );
    }
  }
});

Deno.test("recursive and id'd sub-schemas are hoisted into $defs and still resolve", () => {
  type Tree = { name: string; children: Tree[] };
  const TreeSchema: z.ZodType<Tree> = z.lazy(() =>
    z.strictObject({ name: z.string(), children: z.array(TreeSchema) })
  );
  const Shared = z.strictObject({ n: z.number() }).meta({ id: "Shared" });
  const schema = buildSchemaFrom({
    methods: {
      "t.tree": defineMethod({
        direction: "client→broker",
        title: "Tree.",
        capability: null,
        params: z.strictObject({ tree: TreeSchema, shared: Shared }),
        result: Shared,
      }),
    },
    events: {
      "t.event": defineEvent({
        direction: "broker→client",
        title: "Event.",
        capability: null,
        value: z.strictObject({ shared: Shared }),
      }),
    },
  });
  const validators = compileProtocol(schema);
  const params = validators.def(methodParamsDef("t.tree"));
  const tree = { name: "a", children: [{ name: "b", children: [] }] };
  assert.equal(params({ tree, shared: { n: 1 } }), true);
  assert.equal(
    params({ tree: { name: "a", children: [{ name: 1, children: [] }] }, shared: { n: 1 } }),
    false,
  );
  assert.equal(validators.def(methodResultDef("t.tree"))({ n: 1 }), true);
  assert.equal(validators.def(eventDef("t.event"))({ shared: { n: "x" } }), false);
});

Deno.test("a method name that is not a wire name is refused", () => {
  assert.throws(
    () =>
      buildSchemaFrom({
        methods: {
          "bad/name": defineMethod({
            direction: "client→broker",
            title: "Bad.",
            capability: null,
            params: z.strictObject({}),
            result: z.null(),
          }),
        },
        events: {},
      }),
    /Cannot build protocol schema: "bad\/name" is not a wire name/,
  );
});
