/**
 * The action table: for every action this build serves, its skill area, a
 * one-line title and the strict schema of its `arguments`. The host
 * validates against it (an unknown or ill-typed field is
 * `INVALID_REQUEST`), dispatches by it, and answers an action of the
 * protocol it does not serve with `SKILL_RUNTIME_UNAVAILABLE`. The Agent
 * tabs' internal `web_agent_*` messages have their schemas here too.
 *
 * @module
 */
import { z } from "zod";
import {
  deskActionsByArea,
  type DeskArea,
  webAgentContextRequests,
  type webAgentMessages,
} from "./codes.ts";
import { deskFileLimits, webAgentLimits } from "./limits.ts";

function isDeskArea(name: string): name is DeskArea {
  return Object.hasOwn(deskActionsByArea, name);
}

/** Every skill area, in the protocol's order. */
export const deskAreaNames: readonly DeskArea[] = Object.keys(deskActionsByArea).filter(isDeskArea);

/** A path argument: relative to the workspace root, or absolute inside it. */
const PathSchema = z.string().min(1).max(4096);

/** Which workspace, by its ID from `get_status`; optional when the path says it. */
const WorkspaceIdSchema = z.string().min(1).max(64);

/** A hex SHA-256, as `read_file` and `patch_file` return it. */
const Sha256Schema = z.string().regex(/^[0-9a-f]{64}$/);

/** How file content travels: UTF-8 text, or base64 for bytes that are not. */
const EncodingSchema = z.enum(["utf-8", "base64"]);

/** Characters of file content in one request: a frame holds at most 1 MB anyway. */
const maxContentChars = 1024 * 1024;

const content = z.string().max(maxContentChars);

/** Every served action's argument schema. */
export const deskArgumentSchemas = {
  get_status: z.strictObject({}),
  get_skill_profile: z.strictObject({
    area: z.enum(deskAreaNames).optional(),
  }),
  open_deskbridge: z.strictObject({}),

  read_file: z.strictObject({
    workspace: WorkspaceIdSchema.optional(),
    path: PathSchema,
    maxBytes: z.int().min(1).max(deskFileLimits.readBytesMax).optional(),
  }),
  write_file: z.strictObject({
    workspace: WorkspaceIdSchema.optional(),
    path: PathSchema,
    content,
    encoding: EncodingSchema.optional(),
    expectedSha256: Sha256Schema.optional(),
  }),
  create_file: z.strictObject({
    workspace: WorkspaceIdSchema.optional(),
    path: PathSchema,
    content: content.optional(),
    encoding: EncodingSchema.optional(),
  }),
  create_folder: z.strictObject({
    workspace: WorkspaceIdSchema.optional(),
    path: PathSchema,
  }),
  list_folder: z.strictObject({
    workspace: WorkspaceIdSchema.optional(),
    path: PathSchema.optional(),
    depth: z.int().min(1).max(deskFileLimits.listDepthMax).optional(),
    limit: z.int().min(1).max(deskFileLimits.listEntriesMax).optional(),
    includeIgnored: z.boolean().optional(),
  }),
  patch_file: z.strictObject({
    workspace: WorkspaceIdSchema.optional(),
    path: PathSchema,
    edits: z.array(z.strictObject({
      oldText: z.string().min(1).max(maxContentChars),
      newText: z.string().max(maxContentChars),
      replaceAll: z.boolean().optional(),
    })).min(1).max(deskFileLimits.patchEditsMax),
    dryRun: z.boolean().optional(),
    expectedSha256: Sha256Schema.optional(),
  }),

  create_project: z.strictObject({
    workspace: WorkspaceIdSchema.optional(),
    /** The folder to create the project in; the workspace root by default. */
    parent: PathSchema.optional(),
    /** One safe path segment: the project's folder name. */
    name: z.string().min(1).max(128),
    files: z.array(z.strictObject({
      path: PathSchema,
      content,
      encoding: EncodingSchema.optional(),
    })).max(deskFileLimits.projectChangesMax).optional(),
  }),
  update_project: z.strictObject({
    workspace: WorkspaceIdSchema.optional(),
    /** The project folder; every change's path is relative to it. */
    project: PathSchema,
    changes: z.array(z.discriminatedUnion("op", [
      z.strictObject({
        op: z.literal("write"),
        path: PathSchema,
        content,
        encoding: EncodingSchema.optional(),
      }),
      z.strictObject({ op: z.literal("create_folder"), path: PathSchema }),
      z.strictObject({ op: z.literal("delete"), path: PathSchema }),
    ])).min(1).max(deskFileLimits.projectChangesMax),
    dryRun: z.boolean().optional(),
  }),
} as const;

/** An action this build serves. */
export type ServedDeskAction = keyof typeof deskArgumentSchemas;

/** A served action's validated arguments. */
export type DeskArguments<A extends ServedDeskAction> = z.infer<typeof deskArgumentSchemas[A]>;

/** One request inside a `web_agent_context` call. */
export const WebAgentContextRequestSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("workspace_info") }),
  z.strictObject({
    type: z.literal("list_directory"),
    path: PathSchema.optional(),
    depth: z.int().min(1).max(webAgentLimits.listDepthMax).optional(),
  }),
  z.strictObject({
    type: z.literal("read_file"),
    path: PathSchema,
    /** 1-based first line. */
    startLine: z.int().min(1).optional(),
    maxLines: z.int().min(1).max(webAgentLimits.linesPerRead).optional(),
  }),
  z.strictObject({
    type: z.literal("search_workspace"),
    /** Plain text, matched case-insensitively line by line. */
    query: z.string().min(1).max(256),
    path: PathSchema.optional(),
    maxResults: z.int().min(1).max(webAgentLimits.matchesPerCall).optional(),
  }),
]);

/** One request inside a `web_agent_context` call. */
export type WebAgentContextRequest = z.infer<typeof WebAgentContextRequestSchema>;

/** The Agent tabs' internal messages' argument schemas. */
export const webAgentArgumentSchemas = {
  web_agent_start: z.discriminatedUnion("mode", [
    z.strictObject({ mode: z.literal("browser-only") }),
    z.strictObject({ mode: z.literal("workspace-context"), workspace: WorkspaceIdSchema }),
  ]),
  web_agent_context: z.strictObject({
    runId: z.string().min(1).max(64),
    requests: z.array(WebAgentContextRequestSchema).min(1).max(webAgentLimits.requestsPerCall),
  }),
  web_agent_stop: z.strictObject({ runId: z.string().min(1).max(64) }),
} as const satisfies Record<(typeof webAgentMessages)[number], z.ZodType>;

/** An Agent tab message. */
export type WebAgentMessage = keyof typeof webAgentArgumentSchemas;

/** An Agent tab message's validated arguments. */
export type WebAgentArguments<M extends WebAgentMessage> = z.infer<
  typeof webAgentArgumentSchemas[M]
>;

/** The request kinds a `web_agent_context` call may hold, as the protocol names them. */
export const webAgentRequestKinds: readonly string[] = webAgentContextRequests;

/** The one-line title of each served action and message, for the docs and the skill profile. */
export const deskActionTitles: Record<ServedDeskAction | WebAgentMessage, string> = {
  get_status: "Version, protocol, workspaces by ID and name, skills",
  get_skill_profile: "Per area: enabled, runtime available, why not, limits",
  open_deskbridge: "Ask the extension to open its DeskBridge page",
  read_file: "Read a file's text (or base64 bytes), bounded",
  write_file: "Replace or create a file, written to a temp file and renamed",
  create_file: "Create a file that does not exist yet",
  create_folder: "Create a folder (and missing parents)",
  list_folder: "List a folder, bounded, skipping ignored and counting sensitive entries",
  patch_file: "Apply exact text edits, all or none, returning a unified diff",
  create_project: "Create a project folder with template files, staged then renamed",
  update_project: "Apply one all-or-nothing change set inside a project folder",
  web_agent_start: "Start an Agent tab run (browser-only or workspace-context)",
  web_agent_context: "Read workspace context for a workspace-context run, within its limits",
  web_agent_stop: "End an Agent tab run",
};

/** Whether `action` is served by this build. */
export function isServedDeskAction(action: string): action is ServedDeskAction {
  return Object.hasOwn(deskArgumentSchemas, action);
}

/** Whether `action` is an Agent tab message. */
export function isWebAgentMessage(action: string): action is WebAgentMessage {
  return Object.hasOwn(webAgentArgumentSchemas, action);
}

/** The skill area of a protocol action, or `undefined` when it is not one. */
export function deskAreaOf(action: string): DeskArea | undefined {
  for (const area of deskAreaNames) {
    const actions: readonly string[] = deskActionsByArea[area];
    if (actions.includes(action)) return area;
  }
  return undefined;
}
