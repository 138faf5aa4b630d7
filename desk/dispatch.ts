/**
 * One request in, one response out. In order: the envelope (an object with
 * a usable `id`, `version` 1, a string `action`, object `arguments`;
 * unknown top-level fields ignored), the action (`UNKNOWN_ACTION` unless
 * the protocol or the Agent tabs name it), its arguments (strict:
 * `INVALID_REQUEST`), the policy as it is on disk now, the skill area
 * (`SKILL_DISABLED`, then `SKILL_RUNTIME_UNAVAILABLE` for an area this
 * build does not serve), then the handler. A handler's refusal is its
 * code's fixed sentence; anything else it throws is `INTERNAL_ERROR`, with
 * only the error's class name logged.
 *
 * @module
 */
import type { z } from "zod";
import {
  deskAreaOf,
  deskArgumentSchemas,
  isServedDeskAction,
  isWebAgentMessage,
  type ServedDeskAction,
  webAgentArgumentSchemas,
  type WebAgentMessage,
} from "../contracts/desk/actions.ts";
import { DeskFailure } from "../contracts/desk/codes.ts";
import {
  answerableId,
  deskError,
  DeskRequestSchema,
  type DeskResponse,
  deskSuccess,
} from "../contracts/desk/envelope.ts";
import { currentPolicy, type DeskCall, type DeskContext } from "./context.ts";
import { areaRefusal, getSkillProfile, getStatus, openDeskBridge } from "./actions/control.ts";
import { createFile, createFolder, listFolder, readFile, writeFile } from "./actions/files.ts";
import { patchFile } from "./actions/patch.ts";
import { type SkillHandler, skillHandlerOf } from "./actions/skills.ts";
import { createProject, updateProject } from "./actions/projects.ts";
import { webAgentContext, webAgentStart, webAgentStop } from "./actions/web_agent.ts";

type Handler<S extends z.ZodType> = (args: z.infer<S>, call: DeskCall) => Promise<unknown>;

/** Every served action's handler: a missing one is a type error. */
const handlers: { [A in ServedDeskAction]: Handler<typeof deskArgumentSchemas[A]> } = {
  get_status: getStatus,
  get_skill_profile: getSkillProfile,
  open_deskbridge: openDeskBridge,
  read_file: readFile,
  write_file: writeFile,
  create_file: createFile,
  create_folder: createFolder,
  list_folder: listFolder,
  patch_file: patchFile,
  create_project: createProject,
  update_project: updateProject,
};

const webAgentHandlers: {
  [M in WebAgentMessage]: Handler<typeof webAgentArgumentSchemas[M]>;
} = {
  web_agent_start: webAgentStart,
  web_agent_context: webAgentContext,
  web_agent_stop: webAgentStop,
};

/**
 * Failures whose details cross the wire: fixed words (which edit, how
 * many, where; what a skill lacks), a timed-out command's partial output
 * (the caller's own command's, capped like a result), and the pages a PDF
 * needs OCR for.
 */
const detailedCodes = new Set([
  "PATCH_TARGET_NOT_FOUND",
  "PATCH_TARGET_NOT_UNIQUE",
  "SKILL_RUNTIME_UNAVAILABLE",
  "COMMAND_TIMEOUT",
  "DOCUMENT_OCR_REQUIRED",
]);

function failureResponse(id: string, failure: DeskFailure): DeskResponse {
  const response = deskError(id, failure.code);
  if (failure.detail !== undefined && detailedCodes.has(failure.code)) {
    return { ...response, error: { ...response.error, details: failure.detail } };
  }
  return response;
}

async function run<S extends z.ZodType>(
  schema: S,
  handler: Handler<S>,
  rawArguments: unknown,
  context: DeskContext,
  area: ReturnType<typeof deskAreaOf>,
): Promise<unknown> {
  const parsed = schema.safeParse(rawArguments);
  if (!parsed.success) throw new DeskFailure("INVALID_REQUEST", { reason: "arguments" });
  const policy = await currentPolicy(context);
  if (area !== undefined) {
    const refusal = await areaRefusal(policy, area, context.skills.workerPermissions);
    if (refusal !== undefined) throw refusal;
  }
  return await handler(parsed.data, { context, policy });
}

const WorkspaceIdSchema = deskArgumentSchemas.read_file.shape.workspace;

/**
 * A skill action, in the same order as the others: its arguments (the
 * engine's own strict schema), then the policy, the switch and the probe.
 * The engines take no `workspace` field; the host takes it off here and
 * applies it through its path rule, as for files.
 */
async function runSkill(
  skill: SkillHandler,
  rawArguments: unknown,
  context: DeskContext,
): Promise<unknown> {
  const { workspace, ...args } = isRecord(rawArguments) ? rawArguments : {};
  const id = WorkspaceIdSchema.safeParse(workspace);
  if (!id.success) throw new DeskFailure("INVALID_REQUEST", { reason: "arguments" });
  const run = skill.prepare(args);
  const policy = await currentPolicy(context);
  const refusal = await areaRefusal(policy, skill.area, context.skills.workerPermissions);
  if (refusal !== undefined) throw refusal;
  return await run({ context, policy }, id.data);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Answer one decoded message. */
export async function dispatch(message: unknown, context: DeskContext): Promise<DeskResponse> {
  const id = answerableId(message);
  if (id === null) return deskError(null, "INVALID_REQUEST");
  const envelope = DeskRequestSchema.safeParse(message);
  if (!envelope.success) return deskError(id, "INVALID_REQUEST");
  const { action, arguments: rawArguments } = envelope.data;
  const area = deskAreaOf(action);
  const skill = skillHandlerOf(action);
  try {
    let data: unknown;
    if (isServedDeskAction(action)) {
      data = await run(deskArgumentSchemas[action], handlers[action], rawArguments, context, area);
    } else if (isWebAgentMessage(action)) {
      data = await run(
        webAgentArgumentSchemas[action],
        webAgentHandlers[action],
        rawArguments,
        context,
        undefined,
      );
    } else if (skill !== undefined) {
      data = await runSkill(skill, rawArguments, context);
    } else if (area !== undefined) {
      const policy = await currentPolicy(context);
      throw await areaRefusal(policy, area, context.skills.workerPermissions) ??
        new DeskFailure("SKILL_RUNTIME_UNAVAILABLE");
    } else {
      return deskError(id, "UNKNOWN_ACTION");
    }
    return deskSuccess(id, data);
  } catch (error) {
    if (error instanceof DeskFailure) {
      context.logger.log("info", "desk-refused", {
        action,
        code: error.code,
        reason: typeof error.detail?.reason === "string" ? error.detail.reason : undefined,
      });
      return failureResponse(id, error);
    }
    context.logger.log("error", "desk-action-failed", {
      action,
      error: error instanceof Error ? error.name : typeof error,
    });
    return deskError(id, "INTERNAL_ERROR");
  }
}
