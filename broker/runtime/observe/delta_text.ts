/**
 * A delta's lines within its own token budget. Added and changed rows are
 * placed among their ancestors (`placement.ts`); removed rows are listed
 * by their topmost removed row, the rows removed with it neither repeated
 * nor counted:
 *
 * ```text
 * - dialog "Delete this project?" ref=e2
 * - 18 siblings: row "Amsterdam Netherlands 41" … row "Munich Germany 29"
 * ```
 *
 * (many removed siblings, as when a filter hides most of a list, by the
 * first and the last).
 *
 * When the lines pass the budget, the largest changed region shows its
 * first lines (what a person sees first: a dropdown's search field and top
 * options) and says the rest in one line, where the rest stands and with
 * the call that shows it, or, when no row of it fits beside that line or
 * rows removed from its container count with it, is said in one line
 * instead; until they fit. The rows removed from its container are counted
 * there and go too:
 *
 * ```text
 * + combobox "Search" focused ref=e5
 * + listbox "Countries" ref=e6
 *   + option "Afghanistan +93" ref=e7
 * ~ region listbox "Countries" ref=e6 changed: 243 more rows (243 added) — observe rootRef=e6
 * ~ region dialog "Settings" ref=e40 changed: 48 rows (46 added, 2 changed) — observe rootRef=e40
 * ~ region changed: 97 rows (96 added, 1 changed) — observe to see them
 * - 118 rows removed
 * ```
 *
 * A region is first a group of placed lines (the rows standing in one named
 * ancestor, or one row with the rows under it); when summarizing those is
 * not enough, runs of groups at the left that stand in no named ancestor
 * count as one region. The removed rows are one region. Nothing is dropped
 * without a line saying so.
 *
 * @module
 */
import { quote } from "../../../contracts/page_text.ts";
import { flatName } from "../../../contracts/text.ts";
import { formatCount } from "./budget.ts";
import { estimateTokens } from "../../../contracts/tokens.ts";
import type { Move, RowDelta } from "./delta.ts";
import { parentsOf, type PlacedLines, tellable } from "./placement.ts";
import { transparentRoles } from "./prune.ts";
import { renderAnchor } from "./render.ts";
import type { Row } from "./rows.ts";
import { rowTexts } from "./tree.ts";

/** A delta's budget when the caller names none, in estimated tokens. */
export const defaultDeltaTokens = 600;

/** One line of a delta's text, and the delta entries it accounts for. */
export interface DeltaLine {
  text: string;
  /** Indices of the entries this line shows (a heading shows none). */
  shows: number[];
  /** Indices of the entries this line only counts, in a region's summary. */
  summarizes: number[];
  /**
   * For a removed row's line: the rows it stood in before (backend node
   * IDs), so a summary of a region there can count it.
   */
  within?: readonly number[];
  /**
   * The line only says which row the line before it was (a removed nameless
   * row's first telling row): it shows no entry, yet it is no heading.
   */
  describes?: true;
}

/**
 * `delta` without the rows whose only change goes without saying: a row
 * that lost focus when another row of the same delta gained it (where focus
 * went says where it left) or the action aimed at another element; the row
 * an action aimed at, `actedOn`, gaining it (a click or a key press there
 * focuses it); and that row's value when
 * it became exactly the text a verified fill or type put there, `entered`
 * (the status says it holds it), with or without the focus it gave it, or,
 * in an editor that shows its text as rows of its own, the one new text
 * row right in it that reads exactly so. A value the page formatted (an
 * input mask's) differs from the text and is shown.
 */
export function withoutImpliedChanges(
  delta: RowDelta,
  before: readonly Row[],
  after: readonly Row[],
  actedOn?: number,
  entered?: string,
): RowDelta {
  const old = new Map(before.map((row) => [row.backendNodeId, row]));
  const others = (states: readonly string[]) =>
    states.filter((state) => state !== "focused").join(" ");
  /** Whether `row` is `previous` but for its focus and its value. */
  const sameBut = (row: Row, previous: Row) =>
    previous.role === row.role && previous.name === row.name && previous.ref === row.ref &&
    rowTexts.every((key) => key === "value" || previous[key] === row[key]) &&
    others(previous.states) === others(row.states);
  /** Whether `row` differs from its old self only by having (or no longer having) focus. */
  const onlyFocus = (row: Row, focusedNow: boolean) => {
    const previous = old.get(row.backendNodeId);
    return previous !== undefined && sameBut(row, previous) && previous.value === row.value &&
      previous.states.includes("focused") !== focusedNow &&
      row.states.includes("focused") === focusedNow;
  };
  /** Whether `row`'s value became the text entered, focus aside, and nothing else changed. */
  const onlyEntered = (row: Row) => {
    const previous = old.get(row.backendNodeId);
    return entered !== undefined && previous !== undefined && sameBut(row, previous) &&
      previous.value !== row.value && flatName(row.value ?? "") === entered;
  };
  // Focus leaving a row says nothing new when another row took it (where it went says where it
  // left) or the action aimed elsewhere: a click, a drop or an upload on another element takes
  // it from the field typed into last, whether or not that element can hold it.
  const gained = delta.current.some(({ row }) => row.states.includes("focused"));
  const lost = (row: Row) =>
    (gained || (actedOn !== undefined && row.backendNodeId !== actedOn)) && onlyFocus(row, false);
  const own = (row: Row) =>
    row.backendNodeId === actedOn && (onlyFocus(row, true) || onlyEntered(row));
  const implied = (row: Row) =>
    delta.moved?.has(row.backendNodeId) !== true &&
    (lost(row) || own(row));
  const echo = enteredTextRow(delta, after, actedOn, entered);
  return {
    ...delta,
    added: delta.added.filter((row) => row !== echo),
    changed: delta.changed.filter((row) => !implied(row)),
    current: delta.current.filter(({ marker, row }) =>
      marker === "+" ? row !== echo : !implied(row)
    ),
  };
}

/**
 * The row a verified fill's or type's text became in an editor that shows its text
 * as rows (a rich-text editor's paragraph, flattened into it): the one
 * text row added right inside `actedOn`, reading exactly `entered`, when
 * nothing else was added there.
 */
function enteredTextRow(
  delta: RowDelta,
  after: readonly Row[],
  actedOn: number | undefined,
  entered: string | undefined,
): Row | undefined {
  if (actedOn === undefined || entered === undefined || entered === "") return undefined;
  const at = after.findIndex((row) => row.backendNodeId === actedOn);
  if (at === -1) return undefined;
  const { level } = after[at];
  // The field's rows: those after it, until the level climbs back to its own.
  const end = after.findIndex((row, i) => i > at && row.level <= level);
  const added = new Set(delta.added);
  const fresh = after.slice(at + 1, end === -1 ? after.length : end).filter((row) =>
    added.has(row)
  );
  const [only] = fresh;
  return fresh.length === 1 && only.level === level + 1 && only.role === "StaticText" &&
      only.name === entered && only.ref === null
    ? only
    : undefined;
}

/**
 * What the line of each moved row ends with, by backend node ID: where it
 * stands now, and for a row a reader could not tell from its neighbours (a
 * nameless list item) the first row inside it that names it:
 * `~ listitem moved to 1 of 5: button "Move Ship dark mode" ref=e3`.
 */
export function moveNotes(
  moved: ReadonlyMap<number, Move>,
  rows: readonly Row[],
): Map<number, string> {
  const notes = new Map<number, string>();
  if (moved.size === 0) return notes;
  rows.forEach((row, i) => {
    const move = moved.get(row.backendNodeId);
    if (move === undefined) return;
    let note = ` moved to ${formatCount(move.at)} of ${formatCount(move.of)}`;
    if (row.name === "" && row.ref === null) {
      for (let j = i + 1; j < rows.length && rows[j].level > row.level; j++) {
        if (rows[j].name === "" && rows[j].ref === null) continue;
        note += `: ${renderAnchor(rows[j])}`;
        break;
      }
    }
    notes.set(row.backendNodeId, note);
  });
  return notes;
}

/** The most ranges {@linkcode redrawnLine} spells out. */
export const redrawnRanges = 4;

/**
 * The line that says which refs the page drew again (`RowDelta.redrawn`),
 * in the order the rows stand: `# drawn again as they were, under new refs:
 * e3–e106 are now e109–e212`. Pairs whose old and new numbers both run on
 * by one make one range; past {@linkcode redrawnRanges} ranges the rest is
 * a count (an action on one of their old refs names its new one).
 */
export function redrawnLine(pairs: readonly { before: Row; after: Row }[]): string {
  const number = (ref: string | null) => Number(ref?.slice(1));
  const runs: { from: Row; to: Row; length: number }[] = [];
  for (const { before, after } of pairs) {
    const run = runs.at(-1);
    if (
      run !== undefined && number(before.ref) === number(run.from.ref) + run.length &&
      number(after.ref) === number(run.to.ref) + run.length
    ) {
      run.length++;
    } else {
      runs.push({ from: before, to: after, length: 1 });
    }
  }
  const ranges = runs.slice(0, redrawnRanges).map(({ from, to, length }) =>
    length === 1
      ? `${from.ref} is now ${to.ref}`
      : `${from.ref}–e${number(from.ref) + length - 1} are now ${to.ref}–e${
        number(to.ref) + length - 1
      }`
  );
  const rest = runs.slice(redrawnRanges).reduce((sum, run) => sum + run.length, 0);
  const more = rest === 0
    ? ""
    : `; ${formatCount(rest)} more: an action on an old one says its new one`;
  return `# drawn again as they were, under new refs: ${ranges.join(", ")}${more}`;
}

/**
 * The lines of `removed` (old document order): each removed row whose
 * parent went with it goes with its topmost removed ancestor's line, which
 * says it without repeating or counting it (a dialog's line says its
 * contents went; the structured delta lists every row). A nameless
 * wrapper (a `generic`, a `rowgroup`: a role of {@linkcode transparentRoles})
 * that went from around a row that stayed has no line.
 * `first` is the entry index of `removed[0]`.
 */
export function removedLines(
  removed: readonly Row[],
  before: readonly Row[],
  first: number,
): DeltaLine[] {
  if (removed.length === 0) return [];
  const gone = new Set(removed.map((row) => row.backendNodeId));
  const parents = parentsOf(before);
  const index = new Map(before.map((row, i) => [row.backendNodeId, i]));
  const lines: DeltaLine[] = [];
  /** The old index of each line's row's parent: -1 at the top, `null` for a row not in `before`. */
  const lineParents: (number | null)[] = [];
  /** The old index of each line's row. */
  const lineAts: (number | undefined)[] = [];
  const lineOf = new Map<number, DeltaLine>();
  /** The old indexes of the rows a child of which stayed. */
  const holdsKept = new Set<number>();
  before.forEach((row, k) => {
    const parent = parents[k];
    if (parent !== null && !gone.has(row.backendNodeId)) holdsKept.add(parent);
  });
  /** The lines whose row reads like any other (`row`). */
  const plain = new Set<DeltaLine>();
  /** For such a line, the first row in it that does not. */
  const described = new Map<DeltaLine, string>();
  removed.forEach((row, i) => {
    const at = index.get(row.backendNodeId);
    // A nameless wrapper taken away from around rows that stay (a scroller whose list got too
    // short to scroll) is no line: a line for it would read as if what it held went with it.
    if (
      at !== undefined && holdsKept.has(at) && transparentRoles.has(row.role) && row.name === ""
    ) {
      return;
    }
    /** The rows it stood in, nearest first. */
    const within: number[] = [];
    for (let p = at === undefined ? null : parents[at]; p !== null; p = parents[p]) {
      within.push(before[p].backendNodeId);
    }
    // Only an unbroken chain of removed parents: a row can go while its child stays.
    const kept = within.findIndex((id) => !gone.has(id));
    const top = (kept < 0 ? within : within.slice(0, kept)).at(-1);
    const owner = top === undefined ? undefined : lineOf.get(top);
    if (owner !== undefined) {
      owner.shows.push(first + i);
      if (plain.has(owner) && !described.has(owner) && tellable(row)) {
        described.set(owner, renderAnchor(row));
      }
      return;
    }
    const line: DeltaLine = { text: "", shows: [first + i], summarizes: [], within };
    if (!tellable(row)) plain.add(line);
    lineOf.set(row.backendNodeId, line);
    lines.push(line);
    lineParents.push(at === undefined ? null : parents[at] ?? -1);
    lineAts.push(at);
    line.text = renderAnchor(row);
  });
  // Two removed siblings are a run only when every sibling between them went too: a filter
  // that keeps the middle of a list leaves two runs, not one that reads as taking all.
  const adjacent = (i: number, j: number) => {
    const [from, to] = [lineAts[i], lineAts[j]];
    if (from === undefined || to === undefined) return false;
    for (let k = from + 1; k < to; k++) {
      if (parents[k] === parents[from] && !gone.has(before[k].backendNodeId)) return false;
    }
    return true;
  };
  return collapseSiblings(lines, lineParents, adjacent, described);
}

/** Removed siblings from this many on are one line: a filter that hides most of a list. */
export const collapsedSiblings = 4;

/**
 * `lines` (each a removed top row, its anchor text not yet marked) as the
 * delta shows them: runs of {@linkcode collapsedSiblings} or more that were
 * children of one parent, with no sibling left between them (`adjacent`),
 * said in one line, by the first and the last:
 *
 * ```text
 * - 18 siblings: row "Amsterdam Netherlands 41" … row "Munich Germany 29"
 * - 6 siblings: row (cell "28" ref=e7) … row (cell "4" ref=e43)
 * ```
 *
 * The rest one line each, a row that reads like any other (`row`) with
 * the first row in it that does not under it (`described`). `parents[i]`
 * is the old index of line `i`'s parent row (-1 the top; `null` unknown,
 * never a sibling).
 */
function collapseSiblings(
  lines: readonly DeltaLine[],
  parents: readonly (number | null)[],
  adjacent: (i: number, j: number) => boolean,
  described: ReadonlyMap<DeltaLine, string>,
): DeltaLine[] {
  const out: DeltaLine[] = [];
  for (let start = 0; start < lines.length;) {
    let end = start + 1;
    while (
      end < lines.length && parents[end] !== null && parents[end] === parents[start] &&
      adjacent(end - 1, end)
    ) end++;
    const run = lines.slice(start, end);
    if (run.length >= collapsedSiblings) {
      // A row that reads like any other says which it was by its first telling row, so the
      // reader knows which refs went with it (a calendar's weeks: `row (cell "28" ref=e7)`).
      const said = (line: DeltaLine) => {
        const telling = described.get(line);
        return telling === undefined ? line.text : `${line.text} (${telling})`;
      };
      out.push({
        text: `- ${formatCount(run.length)} siblings: ${said(run[0])} … ${said(run.at(-1)!)}`,
        shows: run.flatMap((line) => line.shows),
        summarizes: [],
        // Siblings stood in the same rows.
        ...(run[0].within === undefined ? {} : { within: run[0].within }),
      });
    } else {
      for (const line of run) {
        out.push({ ...line, text: `- ${line.text}` });
        // A row that reads like any other (`- row`) says which it was by the first row in it
        // that does not, under it as an added row's contents are.
        const telling = described.get(line);
        if (telling !== undefined) {
          out.push({ text: `  - ${telling}`, shows: [], summarizes: [], describes: true });
        }
      }
    }
    start = end;
  }
  return out;
}

/** Regions of lines, each of which may be said in one line. */
interface Region {
  lines: DeltaLine[];
  summary: DeltaLine;
  /**
   * The region's summary counting `removed` too: the removed rows that
   * stood in its container. Only a region with a container has it.
   */
  counting?: (removed: readonly DeltaLine[]) => DeltaLine;
  /** The container's backend node ID, when the region has one. */
  container?: number;
  /** Whether this is the region of the removed rows. */
  removed?: boolean;
  /**
   * Whether its summary can name no call that shows just it (its container
   * has neither ref nor name): a reader would have to look at the whole page.
   */
  blind?: boolean;
  /**
   * Its first lines within `room` tokens and a line that says the rest, or
   * undefined when that cannot be said usefully (see {@linkcode headOf}).
   */
  head?: (room: number) => DeltaLine[] | undefined;
}

/** What {@linkcode budgetDelta} needs. */
export interface DeltaTextInput {
  /** The placed added and changed rows (entry `i` is `current[i]`). */
  placed: PlacedLines;
  /** Added and changed entries, as placed. */
  current: RowDelta["current"];
  /** The lines of rows back as before (`back_rows.ts`), after the placed ones. */
  back?: DeltaLine[];
  /** The removed rows' lines (see {@linkcode removedLines}). */
  removed: DeltaLine[];
  /** Tokens the lines may take (the header's are already taken off). */
  budget: number;
  /**
   * The nearest row holding all of `rows` that a reader can ask for by ref
   * or name, if any: where the rest of a region cut after its head stands.
   */
  containerOf?: (rows: readonly Row[]) => Row | undefined;
  /**
   * The page read stopped at its bound: observing the whole page does not
   * reach rows past it, so a region no row holds is found by its names.
   */
  pageCut?: boolean;
}

/**
 * The delta's lines within `budget`: the largest region cut to its head
 * or summarized first, again and again, while the lines do not fit and
 * that is shorter. The result may still pass the budget (every region said
 * in one line); the caller cuts it then, with a trailer.
 */
export function budgetDelta(input: DeltaTextInput): DeltaLine[] {
  // Said apart, a region whose line names no call to see it is only a row a reader cannot use
  // (three of a table's seven new rows, each `~ region row changed`): those go together or not
  // at all.
  const fine = summarizeLargest(regionsOf(input, false), input.budget, false);
  return fine.fits
    ? fine.lines
    : summarizeLargest(regionsOf(input, true), input.budget, true).lines;
}

const cost = (lines: readonly DeltaLine[]) =>
  lines.reduce((sum, line) => sum + estimateTokens(line.text) + 1, 0);

/**
 * `regions` with the largest said in one line, again and again, while they
 * pass `budget`. A region said in one line counts the rows removed from
 * its container too (a calendar's month turned: its old days went, its
 * new ones came), and their lines go.
 */
function summarizeLargest(
  given: readonly Region[],
  budget: number,
  blind: boolean,
): { lines: DeltaLine[]; fits: boolean } {
  // A region said shorter (its head and a line, or a line) keeps what it is said as.
  const regions: (Region & { said?: DeltaLine[] })[] = given.map((region) => ({ ...region }));
  const removed = regions.find((region) => region.removed === true);
  const costs = regions.map((region) => cost(region.lines));
  let total = costs.reduce((sum, one) => sum + one, 0);
  while (total > budget) {
    let largest = -1;
    regions.forEach((region, i) => {
      if (
        region.said !== undefined || region.lines.length < 2 || (region.blind === true && !blind)
      ) return;
      if (largest < 0 || costs[i] > costs[largest]) largest = i;
    });
    if (largest < 0) break;
    const region = regions[largest];
    const { container, counting } = region;
    const absorbed = container === undefined || counting === undefined || removed === undefined
      ? []
      : removed.lines.filter((line) => line.within?.includes(container) === true);
    // What a reader sees first (a dropdown's search field, its first options) stays when it
    // fits beside the line that says the rest; a region that took rows from elsewhere (a month
    // turned) is said whole, its count standing for both.
    const room = budget - (total - costs[largest]);
    const headed = absorbed.length === 0 ? region.head?.(room) : undefined;
    const said = headed ?? [absorbed.length === 0 ? region.summary : counting!(absorbed)];
    const saved = costs[largest] + cost(absorbed) - cost(said);
    if (saved <= 0) break;
    region.said = said;
    if (absorbed.length > 0) {
      const at = regions.indexOf(removed!);
      removed!.lines = removed!.lines.filter((line) => !absorbed.includes(line));
      costs[at] = cost(removed!.lines);
    }
    total -= saved;
  }
  return {
    lines: regions.flatMap((region) => region.said ?? region.lines),
    fits: total <= budget,
  };
}

/**
 * The regions of a delta. Fine: each placed group on its own, its
 * container the ancestor it stands in or its top row when rows stand under
 * it. Coarse: consecutive groups that stand in no named ancestor merged
 * into one region (a popup of flat rows is one change, not forty).
 */
function regionsOf(input: DeltaTextInput, coarse: boolean): Region[] {
  const { placed, current } = input;
  const lineAt = (i: number): DeltaLine => {
    const entry = placed.entries[i];
    return { text: placed.lines[i], shows: entry === undefined ? [] : [entry], summarizes: [] };
  };
  const regions: Region[] = [];
  let run: typeof placed.groups = [];
  const close = () => {
    if (run.length === 0) return;
    const start = run[0].start;
    const end = run[run.length - 1].end;
    const lines = Array.from({ length: end - start }, (_, k) => lineAt(start + k));
    const single = run.length === 1 ? run[0] : undefined;
    // Rows that stand in nothing a reader can name may still stand in one element of the page.
    const container = single?.anchor ??
      (single !== undefined && single.end - single.start > 1 ? single.top : undefined) ??
      (lines.length > 1 ? input.containerOf?.(rowsOf(lines, current)) : undefined);
    const summary = changedSummary(lines, current, container, [], false, input.pageCut);
    regions.push({
      lines,
      summary,
      head: (room) => headOf(lines, summary, room, input),
      ...(container === undefined || tellable(container) ? {} : { blind: true }),
      ...(container === undefined ? {} : {
        container: container.backendNodeId,
        counting: (removed: readonly DeltaLine[]) =>
          changedSummary(lines, current, container, removed),
      }),
    });
    run = [];
  };
  for (const group of placed.groups) {
    if (!coarse || group.anchor !== undefined) close();
    run.push(group);
    if (!coarse || group.anchor !== undefined) close();
  }
  close();
  // Rows back and removed rows are a region each, said at most as a count.
  const counted = (lines: DeltaLine[], say: (rows: string) => string, removed = false) => {
    if (lines.length === 0) return;
    const shows = lines.flatMap((line) => line.shows);
    regions.push({
      lines,
      summary: { text: say(formatCount(shows.length)), shows: [], summarizes: shows },
      ...(removed ? { removed } : {}),
    });
  };
  counted(input.back ?? [], (rows) => `+ ${rows} rows back as before`);
  counted(input.removed, (rows) => `- ${rows} rows removed`, true);
  return regions;
}

/**
 * A region's first `lines` within `room` tokens, then one line that says
 * the rest where it stands (`summary`, the region's own line, is about as
 * long); undefined when no row a reader can name or act on fits beside
 * it, or when no row a reader can ask for by ref or name holds the rest. A
 * heading is never left without its rows.
 */
function headOf(
  lines: readonly DeltaLine[],
  summary: DeltaLine,
  room: number,
  input: DeltaTextInput,
): DeltaLine[] | undefined {
  const left = room - cost([summary]) - restTokens;
  let end = 0;
  for (let used = 0; end < lines.length - 1; end++) {
    used += cost([lines[end]]);
    if (used > left) break;
  }
  while (end > 0 && lines[end - 1].shows.length === 0) end--;
  // A head of nameless wrappers (`+ table`) tells nothing the region's line does not.
  const telling = lines.slice(0, end).some((line) =>
    line.shows.some((entry) => tellable(input.current[entry].row))
  );
  if (!telling) return undefined;
  const rest = lines.slice(end);
  const rows = rowsOf(rest, input.current);
  if (rows.length === 0) return undefined;
  // Where the rest stands: the nearest row a reader can ask for. Without one, the rest could
  // only be seen by observing the whole page, and the head would be read twice, unless that
  // read stops before it: then the head's names are how the rest is found.
  const within = input.containerOf?.(rows);
  if (within === undefined && input.pageCut !== true) return undefined;
  const said = [
    ...lines.slice(0, end),
    changedSummary(rest, input.current, within, [], true, input.pageCut),
  ];
  return cost(said) <= room ? said : undefined;
}

/** The rows `lines` show. */
function rowsOf(lines: readonly DeltaLine[], current: RowDelta["current"]): Row[] {
  return lines.flatMap((line) => line.shows).map((entry) => current[entry].row);
}

/** About how many tokens the line that says a region's rest adds to the region's own line. */
const restTokens = 4;

function changedSummary(
  lines: readonly DeltaLine[],
  current: RowDelta["current"],
  container: Row | undefined,
  removed: readonly DeltaLine[] = [],
  more = false,
  pageCut = false,
): DeltaLine {
  const entries = lines.flatMap((line) => line.shows);
  const added = entries.filter((entry) => current[entry].marker === "+").length;
  const gone = removed.flatMap((line) => line.shows);
  const parts = [
    ...(added > 0 ? [`${formatCount(added)} added`] : []),
    ...(entries.length > added ? [`${formatCount(entries.length - added)} changed`] : []),
    ...(gone.length > 0 ? [`${formatCount(gone.length)} removed`] : []),
  ];
  const where = container === undefined ? "" : ` ${renderAnchor(container)}`;
  // A container with neither ref nor name has no call of its own that shows just it.
  const how = container !== undefined && container.ref !== null
    ? `observe rootRef=${container.ref}`
    : container !== undefined && container.name.trim() !== ""
    ? `observe query ${quote(container.name)}`
    : pageCut
    ? 'observe with query:"<text>" to find them'
    : "observe to see them";
  return {
    text: `~ region${where} changed: ${formatCount(entries.length + gone.length)}${
      more ? " more" : ""
    } rows (${parts.join(", ")}) — ${how}`,
    shows: [],
    summarizes: [...entries, ...gone],
  };
}
