import assert from "node:assert/strict";
import {
  deskAreaOf,
  deskArgumentSchemas,
  isServedDeskAction,
  isWebAgentMessage,
  WebAgentContextRequestSchema,
  webAgentRequestKinds,
} from "./actions.ts";
import { deskActionsByArea } from "./codes.ts";
import { answerableId, deskError, DeskRequestSchema, DeskResponseSchema } from "./envelope.ts";

Deno.test("every served action is in the protocol's table: Control, Files and Projects whole", () => {
  for (const action of Object.keys(deskArgumentSchemas)) {
    assert.ok(deskAreaOf(action) !== undefined, action);
  }
  for (const area of ["control", "files", "projects"] as const) {
    for (const action of deskActionsByArea[area]) assert.ok(isServedDeskAction(action), action);
  }
  assert.equal(isServedDeskAction("run_command"), false);
  assert.equal(isServedDeskAction("toString"), false);
  assert.equal(isWebAgentMessage("web_agent_context"), true);
  assert.equal(deskAreaOf("web_agent_context"), undefined);
});

Deno.test("argument schemas are strict: an unknown or ill-typed field is refused", () => {
  assert.equal(deskArgumentSchemas.read_file.safeParse({ path: "a" }).success, true);
  assert.equal(deskArgumentSchemas.read_file.safeParse({ path: "a", x: 1 }).success, false);
  assert.equal(deskArgumentSchemas.read_file.safeParse({ path: "" }).success, false);
  assert.equal(deskArgumentSchemas.get_status.safeParse({ verbose: true }).success, false);
  assert.equal(
    deskArgumentSchemas.patch_file.safeParse({
      path: "a",
      edits: [{ oldText: "", newText: "b" }],
    }).success,
    false,
    "an empty oldText matches everywhere",
  );
  const kinds = WebAgentContextRequestSchema.options.map((option) => option.shape.type.value);
  assert.deepEqual(kinds, [...webAgentRequestKinds]);
});

Deno.test("the envelope ignores unknown top-level fields and answers under a usable id only", () => {
  const parsed = DeskRequestSchema.parse({
    version: 1,
    id: "x",
    action: "get_status",
    arguments: {},
    extra: 1,
  });
  assert.deepEqual(parsed, { version: 1, id: "x", action: "get_status", arguments: {} });
  assert.equal(answerableId({ id: "x".repeat(129) }), null);
  assert.equal(answerableId([]), null);
  assert.equal(answerableId({ id: "ok" }), "ok");
  assert.equal(DeskResponseSchema.safeParse(deskError(null, "INVALID_REQUEST")).success, true);
});
