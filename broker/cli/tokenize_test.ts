import assert from "node:assert/strict";
import { UsageError } from "../../local/cli_args.ts";
import { tokenize } from "./tokenize.ts";

Deno.test("words split on whitespace; quotes keep JSON whole", () => {
  assert.deepEqual(
    tokenize(`act --action '{"kind":"fill","ref":"e4","text":"Ada Lovelace"}'  --json`),
    ["act", "--action", '{"kind":"fill","ref":"e4","text":"Ada Lovelace"}', "--json"],
  );
});

Deno.test("double quotes let a backslash escape a quote or a backslash only", () => {
  assert.deepEqual(tokenize(String.raw`observe --query "say \"hi\" \\ \n"`), [
    "observe",
    "--query",
    String.raw`say "hi" \ \n`,
  ]);
});

Deno.test("adjacent quoted parts join into one word; empty quotes are an empty word", () => {
  assert.deepEqual(tokenize(`a'b c'"d" '' x\\ y`), ["ab cd", "", "x y"]);
});

Deno.test("a # starting a word begins a comment; inside a word it does not", () => {
  assert.deepEqual(tokenize("tabs --instance a#1 # list them"), ["tabs", "--instance", "a#1"]);
  assert.deepEqual(tokenize("   # nothing"), []);
});

Deno.test("an unterminated quote or a trailing backslash is a usage error", () => {
  assert.throws(() => tokenize(`observe --query 'Pay`), UsageError);
  assert.throws(() => tokenize(`observe --query "Pay`), UsageError);
  assert.throws(() => tokenize(`observe \\`), UsageError);
});
