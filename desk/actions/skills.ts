/**
 * The skill engines as the host serves them: each protocol action of the
 * commands, assets, documents, images, applications, clipboard and
 * windows areas, with the host's one path rule injected as the engine's `resolveInside`, its sensitivity rule as
 * `isSensitive`, and the person's allowlist and import roots from the
 * policy read for this request. Each area's runtime probe says whether this
 * machine has what the area needs; it runs once per host, on first use.
 *
 * @module
 */
import { isAbsolute, normalize, sep } from "node:path";
import type { z } from "zod";
import { DeskFailure } from "../../contracts/desk/codes.ts";
import type { DeskArea } from "../../contracts/desk/codes.ts";
import { currentPolicy, type DeskCall } from "../context.ts";
import { insideRoot, resolveTarget } from "../paths/resolve.ts";
import { isSensitivePath } from "../paths/sensitive.ts";
import type { ResolveInside, SkillAction, SkillRuntime } from "../skills/skill.ts";
import { commandsRuntime, runCommandAction } from "../skills/commands/mod.ts";
import { assetsRuntime, downloadAssetAction, importAssetAction } from "../skills/assets/mod.ts";
import { convertDocumentAction, documentsRuntime } from "../skills/documents/mod.ts";
import {
  applicationsRuntime,
  openAppAction,
  openFolderAction,
  openInBrowserAction,
  openProjectAction,
  previewWebAction,
} from "../skills/applications/mod.ts";
import {
  clipboardRuntime,
  getClipboardAction,
  setClipboardAction,
} from "../skills/clipboard/mod.ts";
import { desktopSession } from "../skills/desktop/mod.ts";
import {
  captureScreenAction,
  getActiveWindowAction,
  windowsRuntime,
} from "../skills/windows/mod.ts";
import {
  compressImageAction,
  convertImageAction,
  imagesRuntime,
  inspectImageAction,
  resizeImageAction,
} from "../skills/images/mod.ts";

/** The skill areas the engines serve. */
export type SkillArea =
  | "commands"
  | "assets"
  | "documents"
  | "images"
  | "applications"
  | "clipboard"
  | "windows";

/** One served skill action: its area, and its engine once its arguments are valid. */
export interface SkillHandler {
  readonly area: SkillArea;
  /**
   * Validates `args` (`INVALID_REQUEST`) and hands back the engine's run for
   * them, so the host checks the arguments before the policy, as for every action.
   */
  prepare(args: unknown): (call: DeskCall, workspace: string | undefined) => Promise<unknown>;
}

/** The host's path rule as an engine's `resolveInside`, in `workspace` (or the one implied). */
export function resolveInsideFor(call: DeskCall, workspace: string | undefined): ResolveInside {
  return async (path, { write }) => {
    const target = await resolveTarget(
      call.policy,
      workspace,
      path,
      write ? "write" : "read",
      call.context.pathRule,
    );
    return target.absolute;
  };
}

/**
 * The host's sensitivity rule for a path outside every workspace (an
 * import source): sensitive when a component below its import root is (a
 * key, `.env`, `.ssh`), or, outside every root, when any component is; and
 * always when it lies in the folder that holds the desk policy.
 */
export function isSensitiveFor(call: DeskCall): (path: string) => boolean {
  const { os, protectedDirs } = call.context.pathRule;
  return (path) => {
    if (!isAbsolute(path)) return true;
    const absolute = normalize(path);
    if (protectedDirs.some((dir) => insideRoot(dir, absolute, os) !== undefined)) return true;
    for (const root of call.policy.importRoots ?? []) {
      const rest = insideRoot(root, absolute, os);
      if (rest !== undefined) return isSensitivePath(rest.split(sep).join("/"));
    }
    return isSensitivePath(absolute.split(sep).join("/"));
  };
}

function served<S extends z.ZodType, C, D>(
  area: SkillArea,
  action: SkillAction<S, C, D>,
  context: (call: DeskCall, workspace: string | undefined) => C,
): SkillHandler {
  return {
    area,
    prepare(args) {
      const parsed = action.schema.safeParse(args);
      if (!parsed.success) throw new DeskFailure("INVALID_REQUEST", { reason: "arguments" });
      return (call, workspace) => action.run(parsed.data, context(call, workspace));
    },
  };
}

const images = (call: DeskCall, workspace: string | undefined) => ({
  resolveInside: resolveInsideFor(call, workspace),
});

const applications = (call: DeskCall, workspace: string | undefined) => ({
  resolveInside: resolveInsideFor(call, workspace),
  apps: call.policy.apps ?? {},
});

/**
 * The path rule for a preview's later HTTP requests: under the policy as it
 * is at each one, so a removed workspace or a turned-off skill stops
 * serving at once.
 */
function liveResolverFor(call: DeskCall, workspace: string | undefined) {
  return async () => {
    const policy = await currentPolicy(call.context);
    if (!policy.enabledAreas.includes("applications")) throw new DeskFailure("SKILL_DISABLED");
    return resolveInsideFor({ context: call.context, policy }, workspace);
  };
}

/**
 * The desktop session from the host's own environment (the browser's):
 * the clipboard and window programs get its display variables only.
 */
const desktop = (call: DeskCall, workspace: string | undefined) => ({
  session: desktopSession(),
  resolveInside: resolveInsideFor(call, workspace),
});

/** Every served skill action, by protocol name. */
export const skillHandlers: Readonly<Record<string, SkillHandler>> = {
  run_command: served("commands", runCommandAction, (call, workspace) => ({
    allowlist: call.policy.commands ?? {},
    resolveInside: resolveInsideFor(call, workspace),
  })),
  download_asset: served("assets", downloadAssetAction, (call, workspace) => ({
    resolveInside: resolveInsideFor(call, workspace),
    network: call.context.skills.network,
  })),
  import_asset: served("assets", importAssetAction, (call, workspace) => ({
    resolveInside: resolveInsideFor(call, workspace),
    importRoots: call.policy.importRoots ?? [],
    isSensitive: isSensitiveFor(call),
  })),
  convert_document_to_markdown: served(
    "documents",
    convertDocumentAction,
    (call, workspace) => ({
      resolveInside: resolveInsideFor(call, workspace),
      workerPermissions: call.context.skills.workerPermissions,
    }),
  ),
  inspect_image: served("images", inspectImageAction, images),
  resize_image: served("images", resizeImageAction, images),
  compress_image: served("images", compressImageAction, images),
  convert_image: served("images", convertImageAction, images),
  open_folder: served("applications", openFolderAction, applications),
  open_project: served("applications", openProjectAction, applications),
  open_in_browser: served("applications", openInBrowserAction, applications),
  open_app: served("applications", openAppAction, applications),
  preview_web: served("applications", previewWebAction, (call, workspace) => ({
    resolveInside: resolveInsideFor(call, workspace),
    liveResolver: liveResolverFor(call, workspace),
    previews: call.context.skills.previews,
  })),
  get_clipboard: served("clipboard", getClipboardAction, desktop),
  set_clipboard: served("clipboard", setClipboardAction, desktop),
  capture_screen: served("windows", captureScreenAction, desktop),
  get_active_window: served("windows", getActiveWindowAction, desktop),
};

/** The served skill action `action`, or `undefined`. */
export function skillHandlerOf(action: string): SkillHandler | undefined {
  return Object.hasOwn(skillHandlers, action) ? skillHandlers[action] : undefined;
}

const probes = new Map<string, Promise<SkillRuntime>>();

/**
 * Whether this machine has what `area` needs: a missing program or
 * runtime is named with why, never pretended.
 */
export function skillRuntime(area: DeskArea, workerPermissions: boolean): Promise<SkillRuntime> {
  const key = `${area}:${workerPermissions}`;
  let probe = probes.get(key);
  if (probe === undefined) {
    probe = probeArea(area, workerPermissions);
    probes.set(key, probe);
  }
  return probe;
}

function probeArea(area: DeskArea, workerPermissions: boolean): Promise<SkillRuntime> {
  switch (area) {
    case "control":
    case "files":
    case "projects":
      return Promise.resolve({ available: true });
    case "commands":
      return Promise.resolve(commandsRuntime());
    case "assets":
      return Promise.resolve(assetsRuntime());
    case "documents":
      return Promise.resolve(documentsRuntime(workerPermissions));
    case "images":
      return imagesRuntime();
    case "applications":
      return applicationsRuntime();
    case "clipboard":
      return Promise.resolve(clipboardRuntime(desktopSession()));
    case "windows":
      return windowsRuntime(desktopSession());
  }
}
