/**
 * DeskBridge's wire vocabulary, exactly as its protocol names it: the actions
 * by skill area and the 29 error codes, each with a fixed sentence the host
 * answers with. The sentences never carry a path, the workspace list or a
 * foreign error's text, so nothing about the desktop leaks through an error.
 *
 * @module
 */

/** DeskBridge's one protocol version; a breaking change needs a new integer. */
export const DESK_PROTOCOL_VERSION = 1;

/** Chrome's native-messaging frame cap for DeskBridge: 1 MB, checked before allocation. */
export const DESK_MAX_MESSAGE_BYTES = 1024 * 1024;

/** Every action, by the skill area the person turns on or off. */
export const deskActionsByArea = {
  control: ["get_status", "get_skill_profile", "open_deskbridge"],
  files: ["read_file", "write_file", "create_file", "create_folder", "list_folder", "patch_file"],
  projects: ["create_project", "update_project"],
  clipboard: ["get_clipboard", "set_clipboard"],
  applications: ["open_folder", "open_app", "open_project", "open_in_browser", "preview_web"],
  commands: ["run_command"],
  windows: ["capture_screen", "get_active_window"],
  assets: ["download_asset", "import_asset"],
  images: ["inspect_image", "resize_image", "compress_image", "convert_image"],
  documents: ["convert_document_to_markdown"],
} as const;

/** A skill area. */
export type DeskArea = keyof typeof deskActionsByArea;

/** A public DeskBridge action. */
export type DeskAction = (typeof deskActionsByArea)[DeskArea][number];

/** The Agent tabs' internal messages, never part of the public action table. */
export const webAgentMessages = ["web_agent_start", "web_agent_context", "web_agent_stop"] as const;

/** The only requests a `web_agent_context` call may hold. */
export const webAgentContextRequests = [
  "workspace_info",
  "list_directory",
  "read_file",
  "search_workspace",
] as const;

/** Every DeskBridge error code with its fixed, recoverable sentence. */
export const deskErrorCodes = {
  INVALID_REQUEST:
    "The request does not match the protocol or the action's fields; fix it and retry.",
  UNKNOWN_ACTION: "The action is not part of DeskBridge; check the action name.",
  ACTION_NOT_ALLOWED: "The action is not allowed in this context.",
  PERMISSION_DENIED:
    "The person's settings do not allow this; ask them to change it in DeskBridge.",
  WORKSPACE_VIOLATION: "The target is outside the allowed workspace.",
  FILE_NOT_FOUND: "The file or folder does not exist in the workspace.",
  FILE_ALREADY_EXISTS: "A file or folder already exists at that path; choose another path.",
  APP_NOT_FOUND: "No configured application has that ID; use an ID from the registry.",
  COMMAND_NOT_ALLOWED: "The command is not on the person's allowlist.",
  COMMAND_TIMEOUT: "The command ran past its time limit and was stopped with all its children.",
  EXECUTION_FAILED: "The program could not be started.",
  INTERNAL_ERROR: "DeskBridge failed unexpectedly; retry, and report it if it persists.",
  INVALID_URL: "The URL is not valid or carries credentials; use a plain http or https URL.",
  UNSUPPORTED_PROTOCOL: "Only http and https URLs are allowed.",
  PRIVATE_NETWORK_BLOCKED: "The address is on a private, loopback or reserved network.",
  DOWNLOAD_TOO_LARGE: "The download is larger than its limit.",
  DOWNLOAD_TIMEOUT: "The download did not finish in time.",
  INVALID_CONTENT_TYPE: "The content type is not allowed for this action.",
  UNSUPPORTED_IMAGE_FORMAT: "The image format is not supported; use png, jpeg or webp.",
  IMAGE_PROCESSING_FAILED: "The image could not be processed.",
  PATCH_TARGET_NOT_FOUND: "An edit's old text was not found in the file; read the file and retry.",
  PATCH_TARGET_NOT_UNIQUE:
    "An edit's old text matches more than once; give more context or set replaceAll.",
  PROJECT_PATH_INVALID: "The project name must be one safe path segment that does not exist yet.",
  ASSET_IMPORT_DENIED: "The source is not inside a configured import root or is not allowed.",
  SKILL_DISABLED: "This skill is turned off; the person can turn it on in DeskBridge.",
  SKILL_RUNTIME_UNAVAILABLE: "This machine lacks what the skill needs; see the skill profile.",
  UNSUPPORTED_DOCUMENT_FORMAT: "The document format is not supported.",
  DOCUMENT_CONVERSION_FAILED: "The document could not be converted.",
  DOCUMENT_OCR_REQUIRED: "The document has pages without a text layer; they need OCR.",
} as const;

/** A DeskBridge error code. */
export type DeskErrorCode = keyof typeof deskErrorCodes;

/**
 * A refused or failed action: the code alone crosses the wire, with its fixed
 * sentence from {@linkcode deskErrorCodes}. `detail` is for the host's own
 * tests and logs of fixed words only (which edit, how many matches), never
 * a path or a foreign message.
 */
export class DeskFailure extends Error {
  constructor(readonly code: DeskErrorCode, readonly detail?: Readonly<Record<string, unknown>>) {
    super(deskErrorCodes[code]);
    this.name = "DeskFailure";
  }
}
