import assert from "node:assert/strict";
import { UsageError } from "../../local/cli_args.ts";
import { actTool } from "../mcp/tools/act.ts";
import { observeTool } from "../mcp/tools/observe.ts";
import { flagSpecs, kebab, parseFlags, synopsis } from "./flags.ts";

Deno.test("each input field becomes a kebab-case flag of its kind", () => {
  const specs = flagSpecs(observeTool.input);
  assert.deepEqual(
    specs.map(({ name, kind, required }) => [name, kind, required]),
    [
      // A tool's leaseId is optional: the one live lease stands in for it (broker/mcp/define.ts).
      ["lease-id", "string", false],
      ["query", "string", false],
      ["since", "string", false],
      ["frame", "json", false],
      ["root-ref", "string", false],
      ["max-tokens", "number", false],
      ["until", "json", false],
    ],
  );
  assert.equal(kebab("documentEpoch"), "document-epoch");
});

Deno.test("flags parse into tool arguments: numbers as numbers, JSON as values", () => {
  const { args, extras } = parseFlags(
    flagSpecs(actTool.input),
    { json: { type: "boolean", description: "" } },
    [
      "--lease-id",
      "L1",
      "--document-epoch=d1",
      "--action",
      '{"kind":"click","ref":"e1"}',
      "--json",
    ],
  );
  assert.deepEqual(args, {
    leaseId: "L1",
    documentEpoch: "d1",
    action: { kind: "click", ref: "e1" },
  });
  assert.deepEqual(extras, { json: true });
  const observed = parseFlags(flagSpecs(observeTool.input), {}, [
    "--lease-id",
    "L1",
    "--max-tokens",
    "800",
  ]);
  assert.equal(observed.args.maxTokens, 800);
});

Deno.test("bad numbers, bad JSON, unknown flags, positionals and missing flags are usage errors", () => {
  const specs = flagSpecs(actTool.input);
  const base = ["--lease-id", "L1", "--document-epoch", "d1", "--action", "{}"];
  assert.throws(() => parseFlags(specs, {}, [...base.slice(0, 4), "--action", "{x"]), UsageError);
  assert.throws(() => parseFlags(specs, {}, [...base, "--bogus", "1"]), UsageError);
  assert.throws(() => parseFlags(specs, {}, [...base, "extra"]), UsageError);
  assert.throws(() => parseFlags(specs, {}, base.slice(0, 4)), /--action is required/);
  assert.throws(
    () => parseFlags(flagSpecs(observeTool.input), {}, ["--lease-id", "L", "--max-tokens", "x"]),
    /--max-tokens: "x" is not a number/,
  );
});

Deno.test("a synopsis shows required flags bare and the rest in brackets", () => {
  assert.equal(
    synopsis(flagSpecs(actTool.input).filter((spec) => spec.key !== "requestId").slice(0, 3), {
      json: { type: "boolean", description: "" },
    }),
    "[--lease-id <string>] [--document-epoch <string>] --action <json> [--json]",
  );
});
