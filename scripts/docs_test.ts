import assert from "node:assert/strict";
import { tools } from "../broker/mcp/registry.ts";
import { families, type Family, isServedMethod } from "../contracts/methods/mod.ts";
import {
  buildToolsDoc,
  generateProtocolDoc,
  generateToolsDoc,
  summarize,
  toolsDocPath,
} from "./docs.ts";
import { buildProtocolDoc, handlerFile, protocolDocPath } from "./protocol_doc.ts";

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

Deno.test("the committed docs/protocol.md is what the method table generates", async () => {
  const committed = await Deno.readTextFile(new URL(`../${protocolDocPath}`, import.meta.url));
  assert.equal(committed, await generateProtocolDoc(), "run deno task docs");
});

Deno.test("every served method's handler is in the file the method reference names", async () => {
  const missing: string[] = [];
  for (const [family, { methods }] of Object.entries(families)) {
    for (const [name, spec] of Object.entries(methods)) {
      if (!isServedMethod(spec)) continue;
      const file = handlerFile(spec.direction, family as Family);
      let source: string;
      try {
        source = await Deno.readTextFile(new URL(`../${file}`, import.meta.url));
      } catch {
        missing.push(`${name}: ${file} does not exist`);
        continue;
      }
      // Broker handler maps name each method; other files hold the function a map points at.
      if (file.startsWith("broker/handlers/") && !source.includes(`"${name}"`)) {
        missing.push(`${name}: not in ${file}`);
      }
    }
  }
  assert.deepEqual(missing, []);
});

Deno.test("the method reference marks frames and batches as served", () => {
  const doc = buildProtocolDoc();
  assert.match(doc, /\| `browser\.frames` \| client→broker \| `runtime\.frames\.v1` \| yes \|/);
  assert.match(doc, /\| `browser\.batch` \| client→broker \| `runtime\.batch\.v1` \| yes \|/);
  assert.match(doc, /\| `browser\.observe` \| client→broker \| `runtime\.v1` \| yes \|/);
});
