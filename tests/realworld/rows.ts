/**
 * Each server's snapshot text turned into the rows the agent reads: role,
 * name and the ref to act with (none when the server gives the element no
 * ref). The agent reads what the model would read, the text, not any
 * server's structured extras.
 *
 * @module
 */

/** One element of an observation. */
export interface Row {
  role: string;
  name: string;
  /** What the server's tools take to name it; absent when the server offers none. */
  ref?: string;
  /**
   * The rows it stood in, as the text's indentation showed them (Leash):
   * each by its ref, or `role "name"` when it had none. A model that reads
   * a row went knows the rows under it went too.
   */
  within?: string[];
  /** The value it shows (Leash's `value="…"`): a model reads a nameless editor by its text. */
  value?: string;
}

/** A JSON string literal at the start of `text`, and what follows it. */
function leadingString(text: string): { value: string; rest: string } | undefined {
  const match = /^"(?:[^"\\]|\\.)*"/.exec(text);
  if (match === null) return undefined;
  return { value: JSON.parse(match[0]) as string, rest: text.slice(match[0].length) };
}

/**
 * The quoted `value="…"` among a row's attributes after its name (Leash's
 * and DevTools MCP's rows write a value alike), or undefined.
 */
function valueIn(attributes: string): string | undefined {
  const valued = /(?:^| )value=("(?:[^"\\]|\\.)*")/.exec(attributes);
  return valued === null ? undefined : leadingString(valued[1])?.value;
}

/**
 * One Leash row (`role "name" value="…" states ref=eN`, a delta line's
 * ` in <anchor>` and ` moved to 1 of 5: <anchor>` cut off), or undefined
 * for a line that is not a row.
 */
function leashRow(body: string): Row | undefined {
  if (body === "" || body.startsWith("#") || body.startsWith("(") || body.startsWith("…")) {
    return undefined;
  }
  const role = /^([A-Za-z][A-Za-z0-9_.:-]*)(?= |$)/.exec(body)?.[1];
  if (role === undefined) return undefined;
  const named = leadingString(body.slice(role.length).trimStart());
  // Quoted page text may hold anything; only the bare words after it say where the ref is.
  const bare = (named?.rest ?? body.slice(role.length)).replace(/"(?:[^"\\]|\\.)*"/g, '""');
  const own = bare.split(" in ")[0].split(" moved to ")[0];
  const ref = /(?:^| )ref=([A-Za-z0-9_.:-]+)/.exec(own)?.[1];
  const value = valueIn(named?.rest ?? body.slice(role.length));
  return {
    role,
    name: named?.value ?? "",
    ...(ref === undefined ? {} : { ref }),
    ...(value === undefined ? {} : { value }),
  };
}

/** How a row is known as a container of others: its ref, or `role "name"` without one. */
function keyOf(row: Row): string {
  return row.ref ?? `${row.role} ${JSON.stringify(row.name)}`;
}

/**
 * Whether a row's key tells it from others: a ref or a name. A nameless row
 * without a ref (`row`, `strong`) reads like every other such row, so a
 * model could not say what stood in it.
 */
function telling(row: Row): boolean {
  return row.ref !== undefined || row.name !== "";
}

/**
 * Each line of a Leash text with its row (or none) and the rows it stands
 * in by indentation; a delta's `in <anchor>:` heading is a row the lines
 * under it stand in.
 */
function indented(text: string): { marker: string; body: string; row?: Row }[] {
  const open: { indent: number; key: string }[] = [];
  return text.split("\n").map((line) => {
    const indent = line.length - line.trimStart().length;
    const [, marked = "", body = ""] = /^([+~-] )?(.*)$/.exec(line.trimStart()) ?? [];
    const marker = marked.trim();
    while (open.length > 0 && open[open.length - 1].indent >= indent) open.pop();
    const heading = /^in (.*):$/.exec(body)?.[1];
    const row = leashRow(heading ?? body);
    if (row === undefined) return { marker, body };
    const within = open.map((one) => one.key);
    open.push({ indent, key: keyOf(row) });
    if (heading !== undefined) return { marker, body };
    return { marker, body, row: within.length === 0 ? row : { ...row, within } };
  });
}

/** `role "name" … ref=eN` rows of a Leash observation (its header and notes have no role). */
export function leashRows(text: string): Row[] {
  return indented(text).flatMap(({ row }) => row === undefined ? [] : [row]);
}

/**
 * `rows` after the Leash delta in `text`, as a model keeps track of them:
 * `+` and `~` rows join or replace the row with their ref; a `-` row
 * leaves with every row that stood in it, and `- N siblings: A … B` takes
 * the rows from A to B. Lines that summarize a region (`~ region …`) add
 * nothing; the server marks such a delta as leaving rows out.
 */
export function applyLeashDelta(rows: readonly Row[], text: string): Row[] {
  const lines = indented(text);
  // Rows the page drew again as they were are the same rows under new refs.
  const renamed = redrawnRefs(text);
  const rename = (ref: string) => renamed.get(ref) ?? ref;
  // What went, went from the rows held before this answer: a row it adds may read the same.
  let out = renamed.size === 0 ? [...rows] : rows.map((row) => ({
    ...row,
    ...(row.ref === undefined ? {} : { ref: rename(row.ref) }),
    ...(row.within === undefined ? {} : { within: row.within.map(rename) }),
  }));
  for (const { marker, body, row } of lines) {
    if (marker !== "-") continue;
    if (/^\d[\d,]* siblings: /.test(body)) {
      out = withoutRun(out, body.slice(body.indexOf(": ") + 2));
    } else if (row !== undefined) {
      const key = keyOf(row);
      const at = out.findIndex((one) => keyOf(one) === key);
      const under = (one: Row) => telling(row) && (one.within ?? []).includes(key);
      out = out.filter((one, i) => i !== at && !under(one));
    }
  }
  for (const { marker, body, row } of lines) {
    if (row === undefined || marker === "" || marker === "-" || body.startsWith("region ")) {
      continue;
    }
    if (row.ref !== undefined) out = out.filter((one) => one.ref !== row.ref);
    // A row placed in a row held already stands in what that one stands in too.
    const outer = row.within?.[0];
    const held = outer === undefined ? undefined : out.find((one) => keyOf(one) === outer);
    out.push(
      held?.within === undefined ? row : { ...row, within: [...held.within, ...row.within!] },
    );
  }
  return out;
}

/**
 * The refs a Leash delta says the page drew again, old to new, as its line
 * spells them (`# drawn again as they were, under new refs: e3–e5 are now
 * e9–e11, e7 is now e12`).
 */
export function redrawnRefs(text: string): Map<string, string> {
  const renamed = new Map<string, string>();
  const line = /^# drawn again as they were, under new refs: ([^;\n]*)/m.exec(text);
  for (const range of line?.[1].split(", ") ?? []) {
    const match = /^e(\d+)(?:–e(\d+))? (?:is|are) now e(\d+)/.exec(range);
    if (match === null) continue;
    const [from, to, now] = [Number(match[1]), Number(match[2] ?? match[1]), Number(match[3])];
    for (let i = 0; i <= to - from; i++) renamed.set(`e${from + i}`, `e${now + i}`);
  }
  return renamed;
}

/** Where a delta's region summary says to look (`— observe rootRef=eN` or `query "…"`). */
export interface RegionHint {
  /** The `browser_observe` arguments that show just the region. */
  args: { rootRef: string } | { query: string };
  /** The region's container, as rows name it when they stand in it. */
  key: string;
  /** The answer showed the region's first rows, and the line says only the rest (`N more rows`). */
  head: boolean;
}

/**
 * The first region summary of a Leash delta that names a call showing just
 * its region (`~ region dialog "Choose Date" changed: … — observe query
 * "Choose Date"`), as a model reading it would make that call.
 */
export function regionHint(text: string): RegionHint | undefined {
  for (const line of text.split("\n")) {
    const match =
      /^~ region (.+) changed: .* — observe (?:rootRef=(\S+)|query ("(?:[^"\\]|\\.)*"))$/
        .exec(line.trim());
    const container = match === null ? undefined : leashRow(match[1]);
    if (match === null || container === undefined) continue;
    const args = match[2] !== undefined
      ? { rootRef: match[2] }
      : { query: JSON.parse(match[3]) as string };
    return { args, key: keyOf(container), head: / changed: [\d,]+ more rows /.test(line) };
  }
  return undefined;
}

/**
 * `rows` with the region `hint` names read again: the rows that stood in its
 * container (and the container) leave, and `region`, the rows of the call
 * that showed it, take their place, standing where the container stood.
 */
export function withRegion(rows: readonly Row[], hint: RegionHint, region: readonly Row[]): Row[] {
  const held = rows.find((row) => keyOf(row) === hint.key);
  const outer = held?.within ?? [];
  const kept = rows.filter((row) =>
    keyOf(row) !== hint.key && !(row.within ?? []).includes(hint.key)
  );
  const placed = region.map((row) => {
    const within = [...outer, ...(row.within ?? [])];
    return within.length === 0 ? row : { ...row, within };
  });
  return [...kept, ...placed];
}

/**
 * `rows` without the run `first … last` names (the removed siblings' line):
 * from the last's row back to the nearest row that reads as the first,
 * with the rows under them.
 */
function withoutRun(rows: Row[], run: string): Row[] {
  const [from, to] = run.split(" … ").map(toldBy);
  if (from?.by?.ref !== undefined && to?.by?.ref !== undefined) {
    return withoutToldRun(rows, from.row, from.by.ref, to.by.ref);
  }
  const [first, last] = run.split(" … ").map((part) => leashRow(part));
  if (first === undefined || last === undefined) return rows;
  const same = (a: Row, b: Row) => keyOf(a) === keyOf(b);
  const end = rows.findLastIndex((row) => same(row, last));
  let start = end;
  while (start >= 0 && !same(rows[start], first)) start--;
  if (end < 0 || start < 0) return rows;
  // The rows under the last went with it too.
  const gone = new Set(rows.slice(start, end + 1).filter(telling).map(keyOf));
  return rows.filter((row, i) =>
    (i < start || i > end) && !(row.within ?? []).some((key) => gone.has(key))
  );
}

/** A run's end as the line says it: a row, and the first telling row in it when it reads like any other. */
function toldBy(part: string): { row: Row | undefined; by?: Row } {
  const told = /^(\S+) \((.*)\)$/.exec(part);
  if (told === null) return { row: leashRow(part) };
  return { row: leashRow(told[1]), by: leashRow(told[2]) };
}

/**
 * `rows` without the run of nameless rows (`row (cell "28" ref=e7) … row
 * (cell "4" ref=e43)`): from the first's row to the last's, and the rest
 * of what stood in the last beside its first telling row.
 */
function withoutToldRun(rows: Row[], first: Row | undefined, from: string, to: string): Row[] {
  let start = rows.findIndex((row) => row.ref === from);
  let end = rows.findIndex((row) => row.ref === to);
  if (start < 0 || end < start) return rows;
  const container = rows[start - 1];
  if (container !== undefined && !telling(container) && container.role === first?.role) start--;
  const within = JSON.stringify(rows[end].within ?? []);
  while (end + 1 < rows.length && JSON.stringify(rows[end + 1].within ?? []) === within) end++;
  return rows.filter((_, i) => i < start || i > end);
}

/** `- role "name" [attr] [ref=eN]` rows of a `@playwright/mcp` YAML snapshot. */
export function playwrightRows(text: string): Row[] {
  const rows: Row[] = [];
  for (const line of text.split("\n")) {
    let body = line.trimStart();
    if (!body.startsWith("- ")) continue;
    body = body.slice(2);
    // YAML quotes a whole entry that holds a colon: 'button "list: ordered" [ref=e28]'.
    if (body.startsWith("'")) body = body.replace(/^'|'(?=:?$)|:$/g, "").replaceAll("''", "'");
    const role = /^([a-z][A-Za-z0-9_-]*)/.exec(body)?.[1];
    if (role === undefined) continue;
    const named = leadingString(body.slice(role.length).trimStart());
    const ref = /\[ref=([^\]\s]+)\]/.exec(named?.rest ?? body)?.[1];
    // An element whose only content is a text shows it after the colon: `- listitem [ref=e7]:
    // Login fails on Safari`, which a model reads as the item's name.
    const inline = named === undefined ? /\]: (.+)$/.exec(body)?.[1] : undefined;
    const name = named?.value ?? (inline === undefined ? "" : unquoteYaml(inline));
    rows.push({ role, name, ...(ref === undefined ? {} : { ref }) });
  }
  return rows;
}

/** A YAML scalar as written: plain, or in double or single quotes. */
function unquoteYaml(text: string): string {
  if (text.startsWith('"')) return leadingString(text)?.value ?? text;
  if (text.startsWith("'") && text.endsWith("'")) return text.slice(1, -1).replaceAll("''", "'");
  return text;
}

/** `uid=1_4 role "name" attrs` rows of a `chrome-devtools-mcp` snapshot; every row has a uid. */
export function devtoolsRows(text: string): Row[] {
  const rows: Row[] = [];
  for (const line of text.split("\n")) {
    const match = /^uid=(\S+)(?: ([A-Za-z][A-Za-z0-9_-]*))?(?: (.*))?$/.exec(line.trimStart());
    if (match === null) continue;
    const named = leadingString(match[3] ?? "");
    const value = valueIn(named?.rest ?? match[3] ?? "");
    rows.push({
      role: match[2] ?? "",
      name: named?.value ?? "",
      ref: match[1],
      ...(value === undefined ? {} : { value }),
    });
  }
  return rows;
}
