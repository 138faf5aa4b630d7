/**
 * The observation engine's front door. The runtime reads the leased page
 * through the provider (`ax.read`, `ax.find`, `ax.page`), hands the result
 * here with the lease and scope, and gets back the wire value: compact text
 * plus structured rows, with a document epoch, refs, a cursor, a token
 * budget and, for `since`, a delta. Nothing here touches a socket or a
 * browser.
 *
 * @module
 */
import { LeashError } from "../../../contracts/errors.ts";
import type { Observation, ObservationScope, PageWindow } from "../../../contracts/methods/mod.ts";
import type { AxNode, AxSnapshot } from "../../../contracts/methods/mod.ts";
import { defaultMaxTokens, describeTruncation, fitLines } from "./budget.ts";
import { estimateTokens } from "../../../contracts/tokens.ts";
import { CursorBook, type CursorBookOptions } from "./cursors.ts";
import { diffRows } from "./delta.ts";
import {
  budgetDelta,
  defaultDeltaTokens,
  moveNotes,
  redrawnLine,
  removedLines,
  withoutImpliedChanges,
} from "./delta_text.ts";
import { containerFinder, placeDeltaEntries } from "./placement.ts";
import { handleFinder } from "./region_handle.ts";
import { EpochBook, type EpochBookOptions } from "./epochs.ts";
import { FrameIdBook } from "../frames/frame_ids.ts";
import { backLine, backRuns } from "./back_rows.ts";
import { foldedOptions, foldNotes } from "./option_fold.ts";
import { pruneAxNodes } from "./prune.ts";
import { filterByQuery, queryMatcher } from "./query.ts";
import type { RefTable } from "./refs.ts";
import { type DeltaMarker, leanHeader, renderHeader, renderTreeRow } from "./render.ts";
import { attachRefs, type Row, toObservedNode } from "./rows.ts";
import { echoedNames, echoedWithin } from "./echoed_names.ts";
import type { TreeRow } from "./tree.ts";

/** Options for {@linkcode ObserveBooks}. */
export interface ObserveBooksOptions {
  epochs?: EpochBookOptions;
  cursors?: CursorBookOptions;
}

/**
 * The state observations share: epochs with their refs, cursors and the
 * public IDs of frames. One per Broker.
 */
export class ObserveBooks {
  /** Document epochs and their ref tables. */
  readonly epochs: EpochBook;
  /** Remembered observations for `since`. */
  readonly cursors: CursorBook;
  /** The public IDs of the frames each lease's inventories showed. */
  readonly frames: FrameIdBook = new FrameIdBook();

  constructor(options: ObserveBooksOptions = {}) {
    this.epochs = new EpochBook(options.epochs);
    this.cursors = new CursorBook(options.cursors);
  }

  /** Drop everything kept for `leaseId`: call when a lease ends, however it ends. */
  forgetLease(leaseId: string): void {
    this.epochs.forget(leaseId);
    this.cursors.forget(leaseId);
    this.frames.forget(leaseId);
  }
}

/** The document a read came from, and its nodes. */
export interface DocumentRead {
  frameId: string;
  loaderId: string;
  url: string;
  title: string;
  nodes: readonly AxNode[];
}

/** What {@linkcode buildObservation} needs. */
export interface ObserveInput {
  leaseId: string;
  /** An `ax.read` snapshot (or an `ax.find` result with `cut: null`). */
  snapshot: DocumentRead & {
    cut: AxSnapshot["cut"];
    signals?: AxSnapshot["signals"];
    changed?: AxSnapshot["changed"];
  };
  /** What to cover; `scopeFromParams` (scope.ts) builds it from a request. */
  scope: ObservationScope;
  /** A cursor from an earlier observation of the same lease, document and scope. */
  since?: string;
  /** The bound of the page read `snapshot` came from, when it was one (`CursorRecord`). */
  readRows?: number;
  /** Token budget for the text (default {@linkcode defaultMaxTokens}). */
  maxTokens?: number;
  /**
   * Token budget of a delta's text (default: `maxTokens` when given, else
   * {@linkcode defaultDeltaTokens}); past it, regions are summarized.
   */
  deltaTokens?: number;
  /**
   * The backend node an action aimed at, when this delta is its result: the
   * focus it gained by being clicked or typed into goes without saying.
   */
  actedOn?: number;
  /**
   * The text a verified fill or type put in `actedOn`, flat: its row's new
   * value saying just that goes without saying too.
   */
  entered?: string;
  /**
   * What the rows of frame elements say of their frames, by backend node
   * (` frame=f1 — observe with frame`), appended to their lines in a full
   * observation.
   */
  frameNotes?: ReadonlyMap<number, string>;
}

/**
 * One observation of `input.snapshot` within `input.scope`.
 *
 * Without `since`, `nodes` are the rows the budget kept, in document order.
 * With `since`, the text lists only changes (`+` added, `~` changed, `-`
 * removed) and `nodes` holds the shown added and changed rows as they are
 * now; removed rows appear only in `delta.removed`. A delta compares every
 * row of the scope, not just the rows the earlier budget showed. Either
 * way the observation gets a fresh cursor.
 *
 * Throws `LeashError("STALE_TARGET")` when the scope's `rootRef` is not a
 * ref of this document or its node is not in the snapshot,
 * `LeashError("STALE_CURSOR")` when `since` does not match, and
 * `LeashError("QUEUE_FULL")` when the document's ref table is full.
 */
export function buildObservation(input: ObserveInput, books: ObserveBooks): Observation {
  const { leaseId, snapshot, scope } = input;
  const documentEpoch = books.epochs.epochFor(leaseId, snapshot.frameId, snapshot.loaderId);
  const refs = refTableOf(books, documentEpoch);
  const baseline = input.since === undefined
    ? undefined
    : books.cursors.baseline(input.since, { leaseId, documentEpoch, scope });
  const rows = attachRefs(selectRows(snapshot.nodes, scope, refs), refs);
  // What the reader was shown before, for rows a delta adds back (read before this is kept).
  const history = baseline === undefined
    ? []
    : books.cursors.history(leaseId, documentEpoch, scope);
  const cursor = books.cursors.record({
    leaseId,
    documentEpoch,
    scope,
    rows,
    title: snapshot.title,
    url: snapshot.url,
    ...(input.readRows === undefined ? {} : { readRows: input.readRows }),
  });
  const header = renderHeader({ title: snapshot.title, url: snapshot.url, scope });
  if (snapshot.signals !== undefined) header.push(signalsNote[snapshot.signals]);
  const maxTokens = input.maxTokens ?? defaultMaxTokens;
  const cut = snapshot.cut;
  const trailerFor = (delta: boolean) => (omittedRows: number) =>
    describeTruncation({ omittedRows, cut, scope, delta })?.line ?? null;
  const common = { scope, documentEpoch, url: snapshot.url, title: snapshot.title, cursor };

  if (input.since === undefined || baseline === undefined) {
    if (rows.length === 0) header.push(emptyNote(scope));
    // Long selects fold, but not the one a read is rooted at, nor the options a query matched.
    const folded = foldedOptions(rows, {
      ...(scope.kind === "subtree" ? { root: rows[0]?.backendNodeId } : {}),
      ...(scope.kind === "query" ? { keep: queryMatcher(scope.query) } : {}),
    });
    const shownRows = folded.size === 0
      ? rows
      : rows.filter((row) => !folded.has(row.backendNodeId));
    const notes = joinNotes(input.frameNotes, foldNotes(folded.values()));
    const { head, tail } = splitBeyond(shownRows, snapshot.changed?.beyond);
    // Rows read past the bound (a layer over the page, a region that changed) are fitted first,
    // within half the budget: the rows read in order would otherwise always crowd them out.
    const past = fitTree([], tail, { maxTokens: maxTokens / 2, trailer: () => null, notes });
    const pastLines = past.lines.slice(0, past.fit.shown);
    if (pastLines.length > 0) pastLines.unshift(beyondNote);
    const pastOmitted = tail.length - past.fit.shown;
    const { lines, fit } = fitTree([...header, ...pastLines], head, {
      maxTokens,
      trailer: (omitted) => trailerFor(false)(omitted + pastOmitted),
      notes,
    });
    const omittedRows = lines.length - fit.shown + pastOmitted;
    return {
      ...common,
      text: joinText(header, [...lines.slice(0, fit.shown), ...pastLines], fit.trailer),
      nodes: [...head.slice(0, fit.shown), ...tail.slice(0, past.fit.shown)].map(toObservedNode),
      truncated: describeTruncation({ omittedRows, cut, scope, delta: false })?.truncation ??
        null,
      delta: null,
    };
  }

  const diffed = diffRows(baseline.rows, rows, snapshot.cut !== null, snapshot.changed);
  const delta = withoutImpliedChanges(
    diffed,
    baseline.rows,
    rows,
    input.actedOn,
    input.entered,
  );
  // What the fill or type put in went without saying: the page did change, so no "no changes".
  const saidByStatus = input.entered !== undefined &&
    delta.current.length < diffed.current.length;
  // The options a delta adds to a long select fold as in a whole observation, the select's
  // line (or the heading it places them under) saying how to see them; as there, they are no
  // rows left out.
  const foldable = foldedOptions(rows);
  const folded = delta.current.flatMap(({ marker, row }) => {
    const fold = marker === "+" ? foldable.get(row.backendNodeId) : undefined;
    return fold === undefined ? [] : [fold];
  });
  if (folded.length > 0) {
    delta.current = delta.current.filter(({ marker, row }) =>
      marker !== "+" || !foldable.has(row.backendNodeId)
    );
  }
  // Runs of rows back as an earlier observation showed them (the page a closed dialog had
  // hidden) are a line each, after the changes they are not part of.
  const runs = backRuns(delta.current, history);
  const inRun = new Set(runs.flat());
  const changes = delta.current.filter((_, index) => !inRun.has(index));
  let next = changes.length;
  const back = runs.map((run) => ({
    text: backLine(run.map((index) => delta.current[index].row)),
    shows: run.map(() => next++),
    summarizes: [],
  }));
  const entries: { marker: DeltaMarker; row: Row }[] = [
    ...changes,
    ...runs.flat().map((index) => delta.current[index]),
    ...delta.removed.map((row) => ({ marker: "-" as const, row })),
  ];
  // A delta is always of the same document, so its epoch did not change: the header says only
  // what did (title, URL), with the page-data note when page text follows.
  header.splice(
    0,
    header.length,
    ...leanHeader(baseline, snapshot, entries.length > 0, saidByStatus),
  );
  if (snapshot.signals !== undefined && entries.length > 0) {
    header.push(signalsNote[snapshot.signals]);
  }
  // Rows drawn again as they were are no news, but their refs are new: an old one in the
  // reader's hands would find its node gone.
  const redrawn = delta.redrawn ?? [];
  for (const { before, after } of redrawn) refs.noteRedrawn(before.ref ?? "", after.ref ?? "");
  if (redrawn.length > 0) header.push(redrawnLine(redrawn));
  // Added and changed rows say where they stand; a heading line belongs to the entries after it.
  // Past the delta's own budget, its largest regions are said in a line each.
  const deltaBudget = input.deltaTokens ?? input.maxTokens ?? defaultDeltaTokens;
  // Where a region stands: a row a reader can ask for, else the page's element around it.
  const container = containerFinder(rows);
  const handle = handleFinder(
    snapshot.nodes,
    rows,
    refs,
    new Set(changes.map(({ row }) => row.backendNodeId)),
  );
  // The line that says the read stopped at its bound comes after the lines, within the budget.
  const trailer = trailerFor(true)(0);
  const headerTokens = [...header, ...(trailer === null ? [] : [trailer])]
    .reduce((sum, line) => sum + estimateTokens(line) + 1, 0);
  const deltaLines = budgetDelta({
    placed: placeDeltaEntries(
      changes,
      rows,
      joinNotes(moveNotes(delta.moved ?? new Map(), rows), foldNotes(folded)),
    ),
    current: changes,
    back,
    removed: removedLines(delta.removed, baseline.rows, changes.length + inRun.size),
    budget: deltaBudget - headerTokens,
    containerOf: (held) => container(held) ?? handle(held),
    pageCut: cut !== null,
  });
  const lines = deltaLines.map((line) => line.text);
  const summarized = deltaLines.reduce((sum, line) => sum + line.summarizes.length, 0);
  // The trailer counts rows left out, not heading lines.
  const rowsFrom = new Array<number>(lines.length + 1).fill(0);
  for (let i = lines.length - 1; i >= 0; i--) {
    rowsFrom[i] = rowsFrom[i + 1] + deltaLines[i].shows.length + deltaLines[i].summarizes.length;
  }
  const fit = fitLines(header, lines, {
    maxTokens: deltaBudget,
    trailer: (omittedLines) => trailerFor(true)(rowsFrom[lines.length - omittedLines]),
  });
  // A heading whose entries were all cut would name nothing: it goes too.
  let shownLines = fit.shown;
  while (
    shownLines > 0 && deltaLines[shownLines - 1].shows.length === 0 &&
    deltaLines[shownLines - 1].summarizes.length === 0 &&
    deltaLines[shownLines - 1].describes !== true
  ) shownLines--;
  const shown = deltaLines.slice(0, shownLines).flatMap((line) => line.shows).map((entry) =>
    entries[entry]
  );
  const pick = (marker: DeltaMarker) =>
    shown.filter((entry) => entry.marker === marker).map(({ row }) => toObservedNode(row));
  const omitted = entries.length - shown.length;
  return {
    ...common,
    text: joinText(header, lines.slice(0, shownLines), fit.trailer),
    nodes: shown.filter(({ marker }) => marker !== "-").map(({ row }) => toObservedNode(row)),
    truncated: omitted === summarized && cut === null
      ? (summarized === 0 ? null : { omitted, hint: summaryHint })
      : describeTruncation({ omittedRows: omitted, cut, scope, delta: true })?.truncation ?? null,
    delta: { since: input.since, added: pick("+"), removed: pick("-"), changed: pick("~") },
  };
}

/**
 * The lines of a whole observation within its budget. A row whose children
 * show its name goes without it ({@linkcode echoedNames}), unless the
 * budget cuts one of those children; naming it again takes tokens, so the
 * fit is made again until the rows it names are the ones it keeps.
 */
function fitTree(
  header: readonly string[],
  rows: readonly Row[],
  options: Parameters<typeof fitLines>[2] & {
    /** Words a row's line ends with (an `Iframe` row's frame), by backend node ID. */
    notes?: ReadonlyMap<number, string>;
  },
): { lines: string[]; fit: ReturnType<typeof fitLines> } {
  const echoed = echoedNames(rows);
  const render = (row: Row, named: boolean) =>
    renderTreeRow(named ? row : { ...row, name: "" }) +
    (options.notes?.get(row.backendNodeId) ?? "");
  const lines = rows.map((row, i) => render(row, !echoed.has(i)));
  let fit = fitLines(header, lines, options);
  for (let round = 0; round < 4; round++) {
    const spared = echoedWithin(rows, echoed, fit.shown);
    let renamed = false;
    for (const i of echoed) {
      if (i >= fit.shown || spared.has(i) || rows[i].name === "") continue;
      const named = render(rows[i], true);
      if (lines[i] !== named) {
        lines[i] = named;
        renamed = true;
      }
    }
    if (!renamed) break;
    fit = fitLines(header, lines, options);
  }
  return { lines, fit };
}

/** The line before the rows a whole observation shows from past the read's bound. */
const beyondNote = "# past the read's bound:";

/**
 * `rows` split where the rows read past the page read's bound begin
 * (`beyond`, the regions and layers a stopped walk read apart): those come
 * after every row the walk read in order, in document order too.
 */
function splitBeyond(
  rows: readonly Row[],
  beyond: readonly number[] | undefined,
): { head: readonly Row[]; tail: readonly Row[] } {
  const past = new Set(beyond);
  const at = past.size === 0 ? -1 : rows.findIndex((row) => past.has(row.backendNodeId));
  return at < 0 ? { head: rows, tail: [] } : { head: rows.slice(0, at), tail: rows.slice(at) };
}

/** The wire hint of a delta whose regions were summarized but nothing else was left out. */
const summaryHint = "observe the summarized regions (their lines say how) to see their rows";

/** What {@linkcode buildPageWindow} needs. */
export interface PageWindowInput {
  leaseId: string;
  /** One `ax.page` window. */
  window: DocumentRead;
  /** `page`, `frame` or `subtree`: what the windows walk. */
  scope: ObservationScope;
  /** The Broker's own single-use continuation for the next window, or null at the end. */
  continuation: string | null;
  /** Whether the walk reached the end of the scope. */
  complete: boolean;
}

/**
 * One live window of a long document, rendered like an observation but
 * without a budget (the provider bounds a window) and without a cursor (a
 * window is never a delta baseline). Rows whose ancestors fell in an
 * earlier window keep their relative indentation.
 */
export function buildPageWindow(input: PageWindowInput, books: ObserveBooks): PageWindow {
  const { leaseId, window, scope } = input;
  const documentEpoch = books.epochs.epochFor(leaseId, window.frameId, window.loaderId);
  const refs = refTableOf(books, documentEpoch);
  const rows = attachRefs(pruneAxNodes(window.nodes) ?? [], refs);
  const header = renderHeader({ title: window.title, url: window.url, scope });
  if (rows.length === 0) header.push("# no rows in this window");
  let trailer: string | null = null;
  if (input.continuation !== null) {
    trailer = `… more follows — read the next window with continuation:${input.continuation}`;
  } else if (!input.complete) {
    trailer = "… the read stopped before the end and cannot continue — observe or read afresh";
  }
  return {
    scope,
    documentEpoch,
    url: window.url,
    title: window.title,
    text: joinText(header, rows.map(renderTreeRow), trailer),
    nodes: rows.map(toObservedNode),
    continuation: input.continuation,
    complete: input.complete,
  };
}

function refTableOf(books: ObserveBooks, documentEpoch: string): RefTable {
  const refs = books.epochs.refTable(documentEpoch);
  if (refs === undefined) throw new Error(`Cannot find the refs of epoch ${documentEpoch}`);
  return refs;
}

/** The pruned rows `scope` covers. */
function selectRows(
  nodes: readonly AxNode[],
  scope: ObservationScope,
  refs: RefTable,
): TreeRow[] {
  const rootRef = scope.kind === "subtree" || scope.kind === "query" ? scope.rootRef : undefined;
  let rows: TreeRow[] | undefined;
  if (rootRef === undefined) {
    rows = pruneAxNodes(nodes);
  } else {
    const target = refs.resolve(rootRef);
    if (target === undefined) throw staleTarget(`${rootRef} is not a ref of this document`);
    rows = pruneAxNodes(nodes, { root: target.backendNodeId });
    if (rows === undefined) throw staleTarget(`${rootRef} is no longer in the document`);
  }
  return scope.kind === "query" ? filterByQuery(rows ?? [], scope.query) : rows ?? [];
}

function staleTarget(reason: string): LeashError {
  return new LeashError("STALE_TARGET", { cause: new Error(`Cannot observe the root: ${reason}`) });
}

/** Why refs follow roles alone in this observation. */
const signalsNote: Record<NonNullable<AxSnapshot["signals"]>, string> = {
  skipped: "# refs by role only: page too large for click signals",
  failed: "# refs by role only: click signals unread",
};

function emptyNote(scope: ObservationScope): string {
  return scope.kind === "query" ? "# no rows match the query" : "# no rows in scope";
}

/** Two sets of line endings by backend node ID; a row in both gets both, `first`'s first. */
function joinNotes(
  first: ReadonlyMap<number, string> | undefined,
  second: ReadonlyMap<number, string>,
): ReadonlyMap<number, string> | undefined {
  if (second.size === 0) return first;
  const notes = new Map(first);
  for (const [id, note] of second) notes.set(id, (notes.get(id) ?? "") + note);
  return notes;
}

function joinText(header: readonly string[], lines: readonly string[], trailer: string | null) {
  return [...header, ...lines, ...(trailer === null ? [] : [trailer])].join("\n");
}
