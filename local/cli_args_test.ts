import assert from "node:assert/strict";
import { parseStrict, UsageError, withoutLeadingDashDash } from "./cli_args.ts";

Deno.test("a leading -- from deno task is dropped, later ones are kept", () => {
  assert.deepEqual(withoutLeadingDashDash(["--", "--json"]), ["--json"]);
  assert.deepEqual(withoutLeadingDashDash(["--json", "--"]), ["--json", "--"]);
});

Deno.test("parseStrict reads options after a leading -- and turns unknown flags into a UsageError", () => {
  const options = { "runtime-dir": { type: "string" } } as const;
  assert.equal(parseStrict(["--", "--runtime-dir", "/r"], options).values["runtime-dir"], "/r");
  assert.throws(() => parseStrict(["--nope"], options), UsageError);
});
