import assert from "node:assert/strict";
import { tools } from "../broker/mcp/registry.ts";
import { buildToolsDoc, generateToolsDoc, summarize, toolsDocPath } from "./docs.ts";

Deno.test("the committed docs/tools.md is what the tool definitions generate", async () => {
  const committed = await Deno.readTextFile(new URL(`../${toolsDocPath}`, import.meta.url));
  assert.equal(committed, await generateToolsDoc(), "run deno task docs");
});

Deno.test("the reference has a section per tool naming the Broker method it calls", () => {
  const doc = buildToolsDoc();
  for (const tool of tools) {
    assert.match(doc, new RegExp(`### \`${tool.name}\`\\n\\n[^\\n]* Calls \`${tool.method}\``));
  }
});

Deno.test("a schema summary names variants, required and optional fields, and ranges", () => {
  assert.equal(
    summarize({
      anyOf: [
        {
          type: "object",
          properties: { kind: { const: "click" }, ref: { type: "string" } },
          required: ["kind", "ref"],
        },
        { type: "object", properties: { kind: { const: "wheel" }, ref: {} }, required: ["kind"] },
      ],
    }),
    '{ kind: "click", ref } | { kind: "wheel", ref? }',
  );
  assert.equal(summarize({ type: "integer", minimum: 100, maximum: 500 }), "integer 100–500");
  assert.equal(summarize({ type: "string", enum: ["png", "jpeg"] }), '"png" | "jpeg"');
  assert.equal(summarize({ type: "array", items: { type: "string" } }), "string[]");
});
