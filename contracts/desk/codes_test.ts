import assert from "node:assert/strict";
import { deskActionsByArea, deskErrorCodes } from "./codes.ts";

// The protocol's own sentence, copied verbatim, so a renamed or missing code fails here.
const protocolCodes =
  "INVALID_REQUEST, UNKNOWN_ACTION, ACTION_NOT_ALLOWED, PERMISSION_DENIED, WORKSPACE_VIOLATION, FILE_NOT_FOUND, FILE_ALREADY_EXISTS, APP_NOT_FOUND, COMMAND_NOT_ALLOWED, COMMAND_TIMEOUT, EXECUTION_FAILED, INTERNAL_ERROR, INVALID_URL, UNSUPPORTED_PROTOCOL, PRIVATE_NETWORK_BLOCKED, DOWNLOAD_TOO_LARGE, DOWNLOAD_TIMEOUT, INVALID_CONTENT_TYPE, UNSUPPORTED_IMAGE_FORMAT, IMAGE_PROCESSING_FAILED, PATCH_TARGET_NOT_FOUND, PATCH_TARGET_NOT_UNIQUE, PROJECT_PATH_INVALID, ASSET_IMPORT_DENIED, SKILL_DISABLED, SKILL_RUNTIME_UNAVAILABLE, UNSUPPORTED_DOCUMENT_FORMAT, DOCUMENT_CONVERSION_FAILED, and DOCUMENT_OCR_REQUIRED."
    .replace(", and ", ", ").replace(/\.$/, "").split(", ");

Deno.test("DeskBridge has exactly the protocol's 29 error codes, each with a fixed sentence", () => {
  assert.equal(protocolCodes.length, 29);
  assert.deepEqual(Object.keys(deskErrorCodes).sort(), [...protocolCodes].sort());
  for (const sentence of Object.values(deskErrorCodes)) assert.match(sentence, /^[A-Z].*\.$/);
});

Deno.test("DeskBridge's action table has the protocol's 28 actions, each in one area", () => {
  const actions = Object.values(deskActionsByArea).flat();
  assert.equal(actions.length, 28);
  assert.equal(new Set(actions).size, actions.length);
  assert.deepEqual(deskActionsByArea.files, [
    "read_file",
    "write_file",
    "create_file",
    "create_folder",
    "list_folder",
    "patch_file",
  ]);
});
