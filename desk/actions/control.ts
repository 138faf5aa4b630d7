/**
 * The Control area, always on: what the host is and serves, each area's
 * profile, and the request to open the extension's DeskBridge page.
 *
 * @module
 */
import {
  deskAreaNames,
  type DeskArguments,
  isServedDeskAction,
} from "../../contracts/desk/actions.ts";
import {
  DESK_PROTOCOL_VERSION,
  deskActionsByArea,
  type DeskArea,
  DeskFailure,
} from "../../contracts/desk/codes.ts";
import { deskFileLimits, webAgentLimits } from "../../contracts/desk/limits.ts";
import type { DeskPolicy } from "../../local/desk_policy.ts";
import type { DeskCall } from "../context.ts";
import { COMMAND_MAX_TIMEOUT_MS } from "../skills/commands/mod.ts";
import { DEFAULT_DOWNLOAD_LIMITS, DEFAULT_IMPORT_MAX_BYTES } from "../skills/assets/mod.ts";
import { DEFAULT_DOCUMENT_LIMITS } from "../skills/documents/mod.ts";
import { DEFAULT_IMAGE_LIMITS } from "../skills/images/mod.ts";
import { PREVIEW_LIMITS } from "../skills/applications/mod.ts";
import { CLIPBOARD_LIMITS } from "../skills/clipboard/mod.ts";
import { WINDOWS_LIMITS } from "../skills/windows/mod.ts";
import type { SkillRuntime } from "../skills/skill.ts";
import { skillHandlerOf, skillRuntime } from "./skills.ts";

/** `leash-desk`'s version. */
export const deskHostVersion = "0.1.0";

/**
 * The extension page `open_deskbridge` asks the extension to open: the Agent
 * tab, which shows DeskBridge's status.
 */
export const deskBridgePage = "agent/agent.html";

/** Whether `area` is on in `policy`. */
export function isAreaEnabled(policy: DeskPolicy, area: DeskArea): boolean {
  return area === "control" || policy.enabledAreas.some((enabled) => enabled === area);
}

/** Whether this build serves every action of `area`. */
export function isAreaServed(area: DeskArea): boolean {
  return deskActionsByArea[area].every((action) =>
    isServedDeskAction(action) || skillHandlerOf(action) !== undefined
  );
}

/** Why an area cannot run here: its probe's answer, or that this build does not serve it. */
async function runtimeOf(area: DeskArea, workerPermissions: boolean): Promise<SkillRuntime> {
  if (!isAreaServed(area)) {
    return {
      available: false,
      missing: "leash-desk support",
      reason: "This build of leash-desk does not serve this skill yet.",
    };
  }
  return await skillRuntime(area, workerPermissions);
}

/**
 * The refusal an action of `area` meets before it runs, or `undefined`
 * when it may run: `SKILL_DISABLED` when the person has it off, else
 * `SKILL_RUNTIME_UNAVAILABLE` with what is missing when this machine (or
 * this build) lacks what it needs.
 */
export async function areaRefusal(
  policy: DeskPolicy,
  area: DeskArea,
  workerPermissions: boolean,
): Promise<DeskFailure | undefined> {
  if (!isAreaEnabled(policy, area)) return new DeskFailure("SKILL_DISABLED");
  const runtime = await runtimeOf(area, workerPermissions);
  if (!runtime.available) {
    return new DeskFailure("SKILL_RUNTIME_UNAVAILABLE", {
      missing: runtime.missing,
      reason: runtime.reason,
    });
  }
  return undefined;
}

const areaLimits: Partial<Record<DeskArea, Record<string, number>>> = {
  files: {
    readBytesDefault: deskFileLimits.readBytesDefault,
    readBytesMax: deskFileLimits.readBytesMax,
    listEntriesMax: deskFileLimits.listEntriesMax,
    listDepthMax: deskFileLimits.listDepthMax,
    patchFileBytesMax: deskFileLimits.patchFileBytesMax,
    patchEditsMax: deskFileLimits.patchEditsMax,
  },
  projects: { changesMax: deskFileLimits.projectChangesMax },
  commands: { timeoutMsMax: COMMAND_MAX_TIMEOUT_MS },
  assets: {
    downloadBytesMax: DEFAULT_DOWNLOAD_LIMITS.maxBytes,
    downloadTimeoutMs: DEFAULT_DOWNLOAD_LIMITS.timeoutMs,
    redirectsMax: DEFAULT_DOWNLOAD_LIMITS.maxRedirects,
    importBytesMax: DEFAULT_IMPORT_MAX_BYTES,
  },
  documents: {
    inputBytesMax: DEFAULT_DOCUMENT_LIMITS.maxInputBytes,
    inlineBytesMax: DEFAULT_DOCUMENT_LIMITS.maxInlineBytes,
    timeoutMs: DEFAULT_DOCUMENT_LIMITS.timeoutMs,
  },
  images: {
    inputBytesMax: DEFAULT_IMAGE_LIMITS.maxInputBytes,
    pixelsMax: DEFAULT_IMAGE_LIMITS.maxPixels,
  },
  applications: {
    previewsMax: PREVIEW_LIMITS.maxPreviews,
    previewIdleMs: PREVIEW_LIMITS.idleMs,
    listingEntriesMax: PREVIEW_LIMITS.listingEntriesMax,
  },
  clipboard: { textBytesMax: CLIPBOARD_LIMITS.textBytesMax },
  windows: {
    pixelsMax: WINDOWS_LIMITS.pixelsMax,
    thumbnailSideMax: WINDOWS_LIMITS.thumbnailSideMax,
    thumbnailBytesMax: WINDOWS_LIMITS.thumbnailBytesMax,
  },
};

async function profileOf(policy: DeskPolicy, area: DeskArea, workerPermissions: boolean) {
  const runtime = await runtimeOf(area, workerPermissions);
  const refusal = await areaRefusal(policy, area, workerPermissions);
  return {
    area,
    enabled: isAreaEnabled(policy, area),
    runtimeAvailable: runtime.available,
    ...(runtime.available ? {} : { missing: runtime.missing, reason: runtime.reason }),
    refusal: refusal?.code ?? null,
    actions: [...deskActionsByArea[area]],
    limits: areaLimits[area] ?? {},
  };
}

/** `get_status`: the skills map says which areas are on; `available` which can run here. */
export async function getStatus(_args: DeskArguments<"get_status">, call: DeskCall) {
  const workerPermissions = call.context.skills.workerPermissions;
  const available: Record<string, boolean> = {};
  for (const area of deskAreaNames) {
    available[area] = (await runtimeOf(area, workerPermissions)).available;
  }
  return {
    version: deskHostVersion,
    protocol: DESK_PROTOCOL_VERSION,
    workspaces: call.policy.workspaces.map((workspace) => ({
      id: workspace.id,
      name: workspace.name,
      webAgentContext: workspace.webAgentContext,
    })),
    skills: Object.fromEntries(
      deskAreaNames.map((area) => [area, isAreaEnabled(call.policy, area)]),
    ),
    available,
  };
}

/** `get_skill_profile`: every area, or the one asked for. */
export async function getSkillProfile(args: DeskArguments<"get_skill_profile">, call: DeskCall) {
  const areas = args.area === undefined ? deskAreaNames : [args.area];
  const profiles = [];
  for (const area of areas) {
    profiles.push(await profileOf(call.policy, area, call.context.skills.workerPermissions));
  }
  return { areas: profiles, webAgentLimits };
}

/**
 * `open_deskbridge`: the host cannot open an extension page itself; it
 * answers with the page, which the extension opens on receiving it.
 */
export function openDeskBridge(_args: DeskArguments<"open_deskbridge">, _call: DeskCall) {
  return Promise.resolve({ open: deskBridgePage });
}
