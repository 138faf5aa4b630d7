/**
 * `open_folder`, `open_project`, `open_in_browser` and `open_app`: each
 * hands one thing to the person's desktop and lets go. Folders pass the
 * host's path rule and must exist; URLs must be plain http(s); applications
 * come from the person's registry by exact ID with their fixed arguments.
 * Every launch is argv only, detached, with the opener's environment: no
 * shell, no `cmd start`, no PowerShell, no command line built from a string.
 *
 * @module
 */
import { z } from "zod";
import {
  AppIdSchema,
  type RegisteredApp,
  RegisteredAppSchema,
} from "../../../contracts/desk/apps.ts";
import { DeskFailure } from "../../../contracts/desk/codes.ts";
import { existingFolder } from "../destination.ts";
import type { ResolveInside, SkillAction } from "../skill.ts";
import { webUrl } from "../web_url.ts";
import { launchDetached } from "./launch.ts";
import { currentHost, findOpener, openerEnv, type OpenerHost, openWith } from "./opener.ts";

/** What the opening actions need from the host. */
export interface ApplicationsContext {
  /** The host's path rule; `"."` is the workspace root. */
  readonly resolveInside: ResolveInside;
  /** The person's application registry, by exact ID. */
  readonly apps: Readonly<Record<string, RegisteredApp>>;
  /** The platform and environment to open on; this process's by default. */
  readonly host?: OpenerHost;
}

const PathSchema = z.string().min(1).max(4096);

/** `open_folder`'s arguments: a folder in the workspace. */
export const OpenFolderArgsSchema = z.strictObject({ path: PathSchema });

/** `open_project`'s arguments: a project folder, and the registered app to open it in. */
export const OpenProjectArgsSchema = z.strictObject({
  project: PathSchema,
  app: AppIdSchema.optional(),
});

/** `open_in_browser`'s arguments. */
export const OpenInBrowserArgsSchema = z.strictObject({ url: z.string().min(1).max(8192) });

/** `open_app`'s arguments: an ID from the registry; the app's arguments are fixed. */
export const OpenAppArgsSchema = z.strictObject({ app: AppIdSchema });

/** What an opening action answers once the program started. */
export interface Opened {
  /** The folder (as the caller named it), the URL (as parsed) or the app ID. */
  readonly opened: string;
  /** The registered app it was opened in, or `null` for the platform's opener. */
  readonly app: string | null;
}

async function openWithOpener(target: string, context: ApplicationsContext): Promise<void> {
  const host = context.host ?? currentHost();
  const opener = await findOpener(host);
  if (opener === undefined) throw new DeskFailure("SKILL_RUNTIME_UNAVAILABLE");
  await launchDetached(openWith(opener, target, host));
}

/** The registered app `id`: exact, own keys only, never the closest name. */
function registeredApp(id: string, context: ApplicationsContext): RegisteredApp {
  if (!Object.hasOwn(context.apps, id)) throw new DeskFailure("APP_NOT_FOUND");
  const app = RegisteredAppSchema.safeParse(context.apps[id]);
  if (!app.success) throw new DeskFailure("APP_NOT_FOUND");
  return app.data;
}

async function launchApp(
  app: RegisteredApp,
  extra: readonly string[],
  context: ApplicationsContext,
): Promise<void> {
  await launchDetached({
    executable: app.executable,
    args: [...app.args, ...extra],
    env: openerEnv(context.host ?? currentHost()),
  });
}

/** Opens a workspace folder with the platform's opener (a file manager, usually). */
export async function openFolder(
  args: z.infer<typeof OpenFolderArgsSchema>,
  context: ApplicationsContext,
): Promise<Opened> {
  const folder = await existingFolder(args.path, context.resolveInside);
  await openWithOpener(folder, context);
  return { opened: args.path, app: null };
}

/**
 * Opens a project folder in the registered app `app` (its fixed arguments,
 * then the folder's real path as one argument), or with the platform's
 * opener when no app is named.
 */
export async function openProject(
  args: z.infer<typeof OpenProjectArgsSchema>,
  context: ApplicationsContext,
): Promise<Opened> {
  const app = args.app === undefined ? undefined : registeredApp(args.app, context);
  const folder = await existingFolder(args.project, context.resolveInside);
  if (app === undefined) await openWithOpener(folder, context);
  else await launchApp(app, [folder], context);
  return { opened: args.project, app: args.app ?? null };
}

/** Opens an http(s) URL in the person's default browser. */
export async function openInBrowser(
  args: z.infer<typeof OpenInBrowserArgsSchema>,
  context: ApplicationsContext,
): Promise<Opened> {
  const url = webUrl(args.url);
  await openWithOpener(url.href, context);
  return { opened: url.href, app: null };
}

/** Starts the registered app `app` with exactly its registered executable and arguments. */
export async function openApp(
  args: z.infer<typeof OpenAppArgsSchema>,
  context: ApplicationsContext,
): Promise<Opened> {
  await launchApp(registeredApp(args.app, context), [], context);
  return { opened: args.app, app: args.app };
}

/** The `open_folder` action. */
export const openFolderAction: SkillAction<
  typeof OpenFolderArgsSchema,
  ApplicationsContext,
  Opened
> = { action: "open_folder", schema: OpenFolderArgsSchema, run: openFolder };

/** The `open_project` action. */
export const openProjectAction: SkillAction<
  typeof OpenProjectArgsSchema,
  ApplicationsContext,
  Opened
> = { action: "open_project", schema: OpenProjectArgsSchema, run: openProject };

/** The `open_in_browser` action. */
export const openInBrowserAction: SkillAction<
  typeof OpenInBrowserArgsSchema,
  ApplicationsContext,
  Opened
> = { action: "open_in_browser", schema: OpenInBrowserArgsSchema, run: openInBrowser };

/** The `open_app` action. */
export const openAppAction: SkillAction<
  typeof OpenAppArgsSchema,
  ApplicationsContext,
  Opened
> = { action: "open_app", schema: OpenAppArgsSchema, run: openApp };
