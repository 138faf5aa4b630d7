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
  type DeskErrorCode,
} from "../../contracts/desk/codes.ts";
import { deskFileLimits, webAgentLimits } from "../../contracts/desk/limits.ts";
import type { DeskPolicy } from "../../local/desk_policy.ts";
import type { DeskCall } from "../context.ts";

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
  return deskActionsByArea[area].every((action) => isServedDeskAction(action));
}

/** The code an action of `area` is refused with before it runs, or `undefined` when it may run. */
export function areaRefusal(policy: DeskPolicy, area: DeskArea): DeskErrorCode | undefined {
  if (!isAreaEnabled(policy, area)) return "SKILL_DISABLED";
  if (!isAreaServed(area)) return "SKILL_RUNTIME_UNAVAILABLE";
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
};

function profileOf(policy: DeskPolicy, area: DeskArea) {
  const served = isAreaServed(area);
  return {
    area,
    enabled: isAreaEnabled(policy, area),
    runtimeAvailable: served,
    ...(served ? {} : { reason: "not-in-this-build" }),
    refusal: areaRefusal(policy, area) ?? null,
    actions: [...deskActionsByArea[area]],
    limits: areaLimits[area] ?? {},
  };
}

/** `get_status`. */
export function getStatus(_args: DeskArguments<"get_status">, call: DeskCall) {
  return Promise.resolve({
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
  });
}

/** `get_skill_profile`: every area, or the one asked for. */
export function getSkillProfile(args: DeskArguments<"get_skill_profile">, call: DeskCall) {
  const areas = args.area === undefined ? deskAreaNames : [args.area];
  return Promise.resolve({
    areas: areas.map((area) => profileOf(call.policy, area)),
    webAgentLimits,
  });
}

/**
 * `open_deskbridge`: the host cannot open an extension page itself; it
 * answers with the page, which the extension opens on receiving it.
 */
export function openDeskBridge(_args: DeskArguments<"open_deskbridge">, _call: DeskCall) {
  return Promise.resolve({ open: deskBridgePage });
}
