/**
 * `ax.frame.page`: live windows of a same-origin child document, or of the
 * subtree under a semantic root of it, sliced and resumed exactly as the
 * top-level document's windows are (`page.ts`). Every window binds the
 * child's five-field identity before and after it reads
 * ({@linkcode boundFrame}); a continuation is single-use and names the
 * child frame, its loader and the root, so one of another frame, another
 * document or another root is `STALE_CURSOR`. Nothing falls back to the
 * top-level document or to a whole-frame read.
 *
 * @module
 */
import { LeashError } from "../../contracts/errors.ts";
import { limits } from "../../contracts/limits.ts";
import type { ParamsOf, ProviderMethods, ResultOf } from "../../contracts/methods/mod.ts";
import { projectAxNodes } from "./ax_projection.ts";
import type { ProviderContext } from "./context.ts";
import { boundFrame, verifyTarget } from "./frame_read.ts";
import { listSourceFrames } from "./frames.ts";
import { leasedRead, rawNodes } from "./leased_read.ts";
import { pageDefaults, pathOf, resumeAt, windowOf } from "./page.ts";
import { type PageContinuations, staleContinuation } from "./page_continuations.ts";

type FramePageParams = ParamsOf<ProviderMethods, "ax.frame.page">;
type FrameWindow = ResultOf<ProviderMethods, "ax.frame.page">;

/** Read one window of the bound child (see the module doc). */
export async function readFramePage(
  context: ProviderContext,
  params: FramePageParams,
  options: { signal: AbortSignal; continuations: PageContinuations },
): Promise<FrameWindow> {
  const record = context.leases.check(params.lease, context.link.generation);
  const { binding, root: semanticRoot, continuation } = params.request;
  const root = semanticRoot?.backendNodeId ?? null;
  const resumed = continuation === undefined
    ? null
    : options.continuations.take(continuation, { record, frameId: binding.frameId, root });
  if (resumed !== null && resumed.loaderId !== binding.loaderId) {
    throw staleContinuation("the frame's document was replaced since the last window");
  }
  const timeoutMs = pageDefaults.timeoutMs;
  const deadline = context.now() + timeoutMs;
  const read = leasedRead(context, record, options.signal, timeoutMs);
  const before = await listSourceFrames(read);
  context.leases.assertInScope(record, before.frames[0].url);
  const child = boundFrame(before, binding);
  if (semanticRoot !== undefined) await verifyTarget(read, child, semanticRoot);
  const answer = root === null
    ? await read.command("Accessibility.getFullAXTree", { frameId: binding.frameId })
    : await read.command("Accessibility.queryAXTree", { backendNodeId: root });
  const raw = rawNodes(answer);
  const projection = projectAxNodes(raw, {
    maxNodes: Number.MAX_SAFE_INTEGER,
    maxDepth: 1024,
    maxTextUnits: limits.maxTextUnits,
    deadline,
    now: context.now,
  });
  if (projection.cut?.reason === "time") throw new LeashError("TIMEOUT");
  const rows = projection.nodes;
  const start = resumed === null ? 0 : resumeAt(rows, resumed);
  const nodes = windowOf(rows, start, pageDefaults);
  boundFrame(await listSourceFrames(read), binding);
  context.leases.check(params.lease, context.link.generation);

  const end = start + nodes.length;
  const last = nodes.at(-1);
  const next = end < rows.length && last !== undefined
    ? options.continuations.issue({
      record,
      frameId: binding.frameId,
      loaderId: binding.loaderId,
      root,
      after: last.backendNodeId,
      path: pathOf(rows, end - 1),
    })
    : null;
  const rootArea = raw.find((node) => node.role?.value === "RootWebArea");
  const title = typeof rootArea?.name?.value === "string" ? rootArea.name.value : "";
  return {
    frameId: binding.frameId,
    loaderId: binding.loaderId,
    url: child.url ?? "about:blank",
    title: title.slice(0, 10_000),
    nodes,
    continuation: next,
    complete: next === null && projection.cut?.reason !== "depth",
  };
}
