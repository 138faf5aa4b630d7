/**
 * The `page` family: `ax.page`, live windows of the leased tab's top-level
 * document, or of the subtree under one of its nodes. A window is the next
 * slice of the depth-first projection `ax.read` makes, bounded by a row
 * count and a byte budget. Every window reads the current tree afresh and
 * resumes after the previous window's last row, whose projected ancestors
 * must still be the ones it had; rows that changed before that point are not
 * looked at again (the walk is live, not a snapshot). Nothing of the page's
 * text is kept between windows: a continuation holds identities only.
 *
 * A continuation ({@linkcode PageContinuations}) for a document that has
 * since been replaced is `STALE_CURSOR`. A resume row that is gone or has
 * other ancestors now, a frame that is not the tab's top-level one, or a
 * document that changed during the read: `STALE_TARGET`. Nothing falls back
 * to a broader read.
 *
 * @module
 */
import { LeashError } from "../../contracts/errors.ts";
import { limits } from "../../contracts/limits.ts";
import type { ParamsOf, ProviderMethods, ResultOf } from "../../contracts/methods/mod.ts";
import type { AxNode } from "../../contracts/methods/mod.ts";
import { projectAxNodes } from "./ax_projection.ts";
import { readSignals, type SignalsWorld } from "./signals_read.ts";
import { IsolatedWorlds } from "./isolated_world.ts";
import type { SignalsCache } from "./signals_cache.ts";
import { withHiddenIcons } from "./hidden_icons.ts";
import type { ProviderContext } from "./context.ts";
import {
  currentDocument,
  finishRead,
  type LeasedRead,
  leasedRead,
  rawNodes,
} from "./leased_read.ts";
import {
  type PageContinuation,
  type PageContinuations,
  staleContinuation,
} from "./page_continuations.ts";

type PageParams = ParamsOf<ProviderMethods, "ax.page">;
type PageWindow = ResultOf<ProviderMethods, "ax.page">;

/** Bounds on one window. */
export const pageDefaults = {
  /** Rows in one window. */
  windowNodes: 500,
  /**
   * Serialized rows in one window; the rest of the 900,000-byte response
   * budget is for the envelope, the URL and the title.
   */
  windowBytes: 700_000,
  /**
   * One window's read, from the first DevTools command to the last. A window
   * rereads the whole tree: ~1.5 s for 22,000 AX nodes through
   * `chrome.debugger` on an idle machine, several times that under load.
   */
  timeoutMs: 20_000,
} as const;

function staleTarget(reason: string): LeashError {
  return new LeashError("STALE_TARGET", { cause: new Error(`Cannot read the window: ${reason}`) });
}

/** Bounds of one window; {@linkcode pageDefaults} where absent. */
export interface WindowBounds {
  windowNodes?: number;
  windowBytes?: number;
  timeoutMs?: number;
}

/** What {@linkcode readPage} works with besides the request. */
export interface ReadPageOptions {
  signal: AbortSignal;
  continuations: PageContinuations;
  bounds?: WindowBounds;
  /** The provider's worlds, where the scrollers' sizes are read; one of its own when absent. */
  worlds?: IsolatedWorlds;
  /** The tabs' last signals reads, taken again while the page did not change. */
  signals?: SignalsCache;
}

/** The projected rows of the walk's root now, and whether any were left out. */
interface Rows {
  rows: AxNode[];
  covered: boolean;
}

async function currentRows(
  context: ProviderContext,
  read: LeasedRead,
  root: number | null,
  deadline: number,
  world: SignalsWorld,
): Promise<Rows> {
  let answer: unknown;
  if (root === null) {
    answer = await read.command("Accessibility.getFullAXTree");
  } else {
    try {
      answer = await read.command("Accessibility.queryAXTree", { backendNodeId: root });
    } catch (error) {
      if (error instanceof LeashError) throw error;
      throw new LeashError("STALE_TARGET", {
        cause: new Error("Cannot read the window: its root is gone", { cause: error }),
      });
    }
  }
  const raw = rawNodes(answer);
  // Windows mark and hide what observations do, so a ref means the same in both.
  const marks = await readSignals(context, read, raw.length, deadline, world);
  const projection = projectAxNodes(await withHiddenIcons(read.command, raw, marks.signals), {
    maxNodes: Number.MAX_SAFE_INTEGER,
    maxDepth: 1024,
    maxTextUnits: limits.maxTextUnits,
    deadline,
    now: context.now,
    signals: marks.signals,
  });
  if (projection.cut?.reason === "time") throw new LeashError("TIMEOUT");
  return { rows: projection.nodes, covered: projection.cut?.reason !== "depth" };
}

/** The backend node IDs of the projected ancestors of `rows[index]`, outermost first. */
export function pathOf(rows: readonly AxNode[], index: number): number[] {
  const path: number[] = [];
  let wanted = rows[index].depth - 1;
  for (let i = index - 1; i >= 0 && wanted >= 0; i--) {
    if (rows[i].depth === wanted) {
      path.push(rows[i].backendNodeId);
      wanted--;
    }
  }
  return path.reverse();
}

function samePath(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}

/** Where the walk resumes: right after the continuation's row, found with its ancestors. */
export function resumeAt(rows: readonly AxNode[], resumed: PageContinuation): number {
  let found = false;
  for (let i = 0; i < rows.length; i++) {
    if (rows[i].backendNodeId !== resumed.after) continue;
    if (samePath(pathOf(rows, i), resumed.path)) return i + 1;
    found = true;
  }
  throw staleTarget(
    found ? "the last row read has other ancestors now" : "the last row read is gone",
  );
}

const encoder = new TextEncoder();

/** The rows from `start` that fit the window: at least one, then up to the bounds. */
export function windowOf(
  rows: readonly AxNode[],
  start: number,
  bounds: { windowNodes: number; windowBytes: number },
): AxNode[] {
  const nodes: AxNode[] = [];
  let bytes = 0;
  for (let i = start; i < rows.length && nodes.length < bounds.windowNodes; i++) {
    // One more byte for the comma between rows.
    const size = encoder.encode(JSON.stringify(rows[i])).length + 1;
    if (nodes.length > 0 && bytes + size > bounds.windowBytes) break;
    bytes += size;
    nodes.push(rows[i]);
  }
  return nodes;
}

/**
 * Read one window: the first of a walk without `continuation`, else the
 * next one of the walk the continuation names (spent whatever happens).
 */
export async function readPage(
  context: ProviderContext,
  params: PageParams,
  options: ReadPageOptions,
): Promise<PageWindow> {
  const record = context.leases.check(params.lease, context.link.generation);
  const request = params.request;
  const root = request.backendNodeId ?? null;
  const windowNodes = options.bounds?.windowNodes ?? pageDefaults.windowNodes;
  const windowBytes = options.bounds?.windowBytes ?? pageDefaults.windowBytes;
  const timeoutMs = options.bounds?.timeoutMs ?? pageDefaults.timeoutMs;
  const resumed = request.continuation === undefined
    ? null
    : options.continuations.take(request.continuation, { record, frameId: request.frameId, root });

  const deadline = context.now() + timeoutMs;
  const read = leasedRead(context, record, options.signal, timeoutMs);
  const before = await currentDocument(context, read);
  if (before.frameId !== request.frameId) {
    throw staleTarget("the frame is not the leased tab's top-level document");
  }
  if (resumed !== null && resumed.loaderId !== before.loaderId) {
    throw staleContinuation("the document was replaced since the last window");
  }
  const world = {
    worlds: options.worlds ?? new IsolatedWorlds(),
    document: before,
    cache: options.signals,
  };
  const { rows, covered } = await currentRows(context, read, root, deadline, world);
  const start = resumed === null ? 0 : resumeAt(rows, resumed);
  const nodes = windowOf(rows, start, { windowNodes, windowBytes });
  const document = await finishRead(context, read, params.lease, before, limits.maxTextUnits);

  const end = start + nodes.length;
  const last = nodes.at(-1);
  const continuation = end < rows.length && last !== undefined
    ? options.continuations.issue({
      record,
      frameId: document.frameId,
      loaderId: document.loaderId,
      root,
      after: last.backendNodeId,
      path: pathOf(rows, end - 1),
    })
    : null;
  return { ...document, nodes, continuation, complete: continuation === null && covered };
}
