/**
 * `preview_web`: serves one workspace folder on loopback and answers its
 * URL. The folder passes the host's path rule now; each request passes it
 * again under the policy as it is then (see {@link ./preview_server.ts}).
 *
 * @module
 */
import { z } from "zod";
import { existingFolder } from "../destination.ts";
import type { ResolveInside, SkillAction } from "../skill.ts";
import type { LiveResolver, PreviewServers } from "./preview_server.ts";

/** What `preview_web` needs from the host. */
export interface PreviewContext {
  /** The host's path rule for the folder, under the policy of this request. */
  readonly resolveInside: ResolveInside;
  /** The host's path rule under the policy as it is at each later HTTP request. */
  readonly liveResolver: LiveResolver;
  /** The host's running previews. */
  readonly previews: PreviewServers;
}

/** `preview_web`'s arguments: the folder to serve, the workspace root by default. */
export const PreviewWebArgsSchema = z.strictObject({
  path: z.string().min(1).max(4096).optional(),
});

/** Where the preview answers. */
export interface PreviewResult {
  /** `http://127.0.0.1:PORT/TOKEN/`: the folder's root, its `index.html` if it has one. */
  readonly url: string;
  /** The folder, as the caller named it. */
  readonly path: string;
  /** Whether the folder was already being previewed. */
  readonly reused: boolean;
}

/** Starts (or finds) the preview of one workspace folder. */
export async function previewWeb(
  args: z.infer<typeof PreviewWebArgsSchema>,
  context: PreviewContext,
): Promise<PreviewResult> {
  const path = args.path ?? ".";
  const folder = await existingFolder(path, context.resolveInside);
  const started = await context.previews.start(folder, context.liveResolver);
  return { url: started.url, path, reused: started.reused };
}

/** The `preview_web` action. */
export const previewWebAction: SkillAction<
  typeof PreviewWebArgsSchema,
  PreviewContext,
  PreviewResult
> = { action: "preview_web", schema: PreviewWebArgsSchema, run: previewWeb };
