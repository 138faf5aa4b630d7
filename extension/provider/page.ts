/**
 * `ax.page`: live windows of the leased tab's top-level document, or of the
 * subtree under one of its nodes. A window is the next slice of the
 * depth-first projection `ax.read` makes, bounded by a row count and a byte
 * budget. Every window reads the current tree afresh and resumes after the
 * previous window's last row, whose projected ancestors must still be the
 * ones it had; rows that changed before that point are not looked at again
 * (the walk is live, not a snapshot). Nothing of the page's text is kept
 * between windows: a continuation holds identities only.
 *
 * A continuation is opaque, works once and is bound to the lease grant
 * (lease, fence, connection), the document (frame and loader) and the root.
 * Reused, unknown, expired, for another lease, frame or root, or for a
 * document that has since been replaced: `STALE_CURSOR`. A resume row that is
 * gone or has other ancestors now, a frame that is not the tab's top-level
 * one, or a document that changed during the read: `STALE_TARGET`. Nothing
 * falls back to a broader read. The end of the grant (Stop, release,
 * disconnect, navigation out of scope) drops its continuations.
 *
 * @module
 */
import { LeashError } from "../../contracts/errors.ts";
import { limits } from "../../contracts/limits.ts";
import type { ParamsOf, ProviderMethods, ResultOf } from "../../contracts/methods/mod.ts";
import type { AxNode } from "../../contracts/methods/provider.ts";
import type { LeaseRecord } from "../worker/lease_table.ts";
import { currentDocument, finishRead, type LeasedRead, leasedRead, rawNodes } from "./ax.ts";
import { projectAxNodes } from "./ax_projection.ts";
import type { ProviderContext } from "./context.ts";
import { abortReason } from "./guard.ts";

type PageParams = ParamsOf<ProviderMethods, "ax.page">;
type PageWindow = ResultOf<ProviderMethods, "ax.page">;

/** Bounds on one window and on the continuations kept. */
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
  /** How long a continuation stays usable. */
  ttlMs: 60_000,
  /** Continuations kept per lease, oldest dropped first. */
  perLease: 8,
  /** Continuations kept in all, oldest dropped first. */
  total: 128,
} as const;

/** Where a walk stands after a window: identities only, never page text. */
export interface PageCursor {
  /** The lease grant the walk runs under. */
  record: LeaseRecord;
  frameId: string;
  loaderId: string;
  /** The backend node ID the walk is rooted at; `null` for the whole document. */
  root: number | null;
  /** The backend node ID of the last row sent. */
  after: number;
  /** The backend node IDs of that row's projected ancestors, outermost first. */
  path: readonly number[];
}

/** What a request that presents a continuation names. */
export interface CursorRequest {
  record: LeaseRecord;
  frameId: string;
  root: number | null;
}

/** Options for {@linkcode PageCursors}. */
export interface PageCursorsOptions {
  /** Default {@linkcode pageDefaults}`.ttlMs`. */
  ttlMs?: number;
  /** Default {@linkcode pageDefaults}`.perLease`. */
  perLease?: number;
  /** Default {@linkcode pageDefaults}`.total`. */
  total?: number;
  /** Milliseconds since the epoch. Default `Date.now`. */
  now?: () => number;
}

interface Entry extends PageCursor {
  issuedAt: number;
}

function staleCursor(reason: string): LeashError {
  return new LeashError("STALE_CURSOR", {
    cause: new Error(`Cannot continue the walk: ${reason}`),
  });
}

function staleTarget(reason: string): LeashError {
  return new LeashError("STALE_TARGET", { cause: new Error(`Cannot read the window: ${reason}`) });
}

/** 128 random bits as hex, with a prefix that says what the token is. */
function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `ap-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}

/**
 * The continuations of one connection, by token. A lease's continuations go
 * when its grant ends (its signal aborts).
 *
 * @example
 * ```ts
 * function continueOnce(record: PageCursor["record"]) {
 *   const cursors = new PageCursors();
 *   const token = cursors.issue({ record, frameId: "f", loaderId: "l", root: null, after: 9, path: [1] });
 *   cursors.take(token, { record, frameId: "f", root: null }).after; // 9
 *   cursors.take(token, { record, frameId: "f", root: null }); // throws STALE_CURSOR
 * }
 * ```
 */
export class PageCursors {
  /** Oldest first. */
  readonly #entries = new Map<string, Entry>();
  readonly #watched = new WeakSet<AbortSignal>();
  readonly #ttlMs: number;
  readonly #perLease: number;
  readonly #total: number;
  readonly #now: () => number;

  constructor(options: PageCursorsOptions = {}) {
    this.#ttlMs = options.ttlMs ?? pageDefaults.ttlMs;
    this.#perLease = options.perLease ?? pageDefaults.perLease;
    this.#total = options.total ?? pageDefaults.total;
    this.#now = options.now ?? Date.now;
  }

  /** Continuations kept (usable or not yet dropped). */
  get size(): number {
    return this.#entries.size;
  }

  /** Keep `cursor` and return the token that stands for it; the grant's end throws. */
  issue(cursor: PageCursor): string {
    const signal = cursor.record.signal;
    if (signal.aborted) throw abortReason(signal);
    if (!this.#watched.has(signal)) {
      this.#watched.add(signal);
      signal.addEventListener("abort", () => this.#forget(cursor.record), { once: true });
    }
    this.#dropExpired();
    let token = newToken();
    while (this.#entries.has(token)) token = newToken();
    this.#entries.set(token, { ...cursor, issuedAt: this.#now() });
    this.#bound(cursor.record.leaseId);
    return token;
  }

  /**
   * Use `token` once. A request of the token's lease spends it whatever the
   * answer; another lease's leaves it alone. Throws `STALE_CURSOR` unless it
   * is live and of the request's grant, frame and root.
   */
  take(token: string, request: CursorRequest): PageCursor {
    const entry = this.#entries.get(token);
    if (entry === undefined) throw staleCursor("the continuation is unknown or was already used");
    if (entry.record.leaseId !== request.record.leaseId) {
      throw staleCursor("it belongs to another lease");
    }
    this.#entries.delete(token);
    if (entry.record !== request.record) throw staleCursor("it belongs to another grant");
    if (this.#now() - entry.issuedAt > this.#ttlMs) throw staleCursor("it expired");
    if (entry.frameId !== request.frameId) throw staleCursor("it belongs to another frame");
    if (entry.root !== request.root) throw staleCursor("it belongs to another root");
    const { issuedAt: _issuedAt, ...cursor } = entry;
    return cursor;
  }

  #forget(record: LeaseRecord): void {
    for (const [token, entry] of this.#entries) {
      if (entry.record === record) this.#entries.delete(token);
    }
  }

  #dropExpired(): void {
    const now = this.#now();
    for (const [token, entry] of this.#entries) {
      if (now - entry.issuedAt > this.#ttlMs) this.#entries.delete(token);
    }
  }

  #bound(leaseId: string): void {
    let count = 0;
    for (const entry of this.#entries.values()) if (entry.record.leaseId === leaseId) count++;
    for (const [token, entry] of this.#entries) {
      if (count <= this.#perLease) break;
      if (entry.record.leaseId !== leaseId) continue;
      this.#entries.delete(token);
      count--;
    }
    for (const token of this.#entries.keys()) {
      if (this.#entries.size <= this.#total) break;
      this.#entries.delete(token);
    }
  }
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
  cursors: PageCursors;
  bounds?: WindowBounds;
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
  const projection = projectAxNodes(rawNodes(answer), {
    maxNodes: Number.MAX_SAFE_INTEGER,
    maxDepth: 1024,
    maxTextUnits: limits.maxTextUnits,
    deadline,
    now: context.now,
  });
  if (projection.cut?.reason === "time") throw new LeashError("TIMEOUT");
  return { rows: projection.nodes, covered: projection.cut?.reason !== "depth" };
}

/** The backend node IDs of the projected ancestors of `rows[index]`, outermost first. */
function pathOf(rows: readonly AxNode[], index: number): number[] {
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

/** Where the walk resumes: right after the cursor's row, found with its ancestors. */
function resumeAt(rows: readonly AxNode[], cursor: PageCursor): number {
  let found = false;
  for (let i = 0; i < rows.length; i++) {
    if (rows[i].backendNodeId !== cursor.after) continue;
    if (samePath(pathOf(rows, i), cursor.path)) return i + 1;
    found = true;
  }
  throw staleTarget(
    found ? "the last row read has other ancestors now" : "the last row read is gone",
  );
}

const encoder = new TextEncoder();

/** The rows from `start` that fit the window: at least one, then up to the bounds. */
function windowOf(
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
  const cursor = request.continuation === undefined
    ? null
    : options.cursors.take(request.continuation, { record, frameId: request.frameId, root });

  const deadline = context.now() + timeoutMs;
  const read = leasedRead(context, record, options.signal, timeoutMs);
  const before = await currentDocument(context, read);
  if (before.frameId !== request.frameId) {
    throw staleTarget("the frame is not the leased tab's top-level document");
  }
  if (cursor !== null && cursor.loaderId !== before.loaderId) {
    throw staleCursor("the document was replaced since the last window");
  }
  const { rows, covered } = await currentRows(context, read, root, deadline);
  const start = cursor === null ? 0 : resumeAt(rows, cursor);
  const nodes = windowOf(rows, start, { windowNodes, windowBytes });
  const document = await finishRead(context, read, params.lease, before, limits.maxTextUnits);

  const end = start + nodes.length;
  const last = nodes.at(-1);
  const continuation = end < rows.length && last !== undefined
    ? options.cursors.issue({
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
