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
}

/** A JSON string literal at the start of `text`, and what follows it. */
function leadingString(text: string): { value: string; rest: string } | undefined {
  const match = /^"(?:[^"\\]|\\.)*"/.exec(text);
  if (match === null) return undefined;
  return { value: JSON.parse(match[0]) as string, rest: text.slice(match[0].length) };
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
  return { role, name: named?.value ?? "", ...(ref === undefined ? {} : { ref }) };
}

/** `role "name" … ref=eN` rows of a Leash observation (its header and notes have no role). */
export function leashRows(text: string): Row[] {
  const rows: Row[] = [];
  for (const line of text.split("\n")) {
    const row = leashRow(line.trimStart().replace(/^[+~-] /, ""));
    if (row !== undefined) rows.push(row);
  }
  return rows;
}

/**
 * `rows` after the Leash delta in `text`, as a model keeps track of them:
 * `+` and `~` rows join or replace the row with their ref, `-` rows with a
 * ref leave. Lines that summarize a region (`~ region …`) add nothing; the
 * server marks such a delta as leaving rows out.
 */
export function applyLeashDelta(rows: readonly Row[], text: string): Row[] {
  let out = [...rows];
  for (const line of text.split("\n")) {
    const marked = /^\s*([+~-]) (.*)$/.exec(line);
    if (marked === null || marked[2].startsWith("region ")) continue;
    const row = leashRow(marked[2]);
    if (row === undefined) continue;
    if (row.ref !== undefined) out = out.filter((one) => one.ref !== row.ref);
    if (marked[1] !== "-") out.push(row);
  }
  return out;
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
    rows.push({ role, name: named?.value ?? "", ...(ref === undefined ? {} : { ref }) });
  }
  return rows;
}

/** `uid=1_4 role "name" attrs` rows of a `chrome-devtools-mcp` snapshot; every row has a uid. */
export function devtoolsRows(text: string): Row[] {
  const rows: Row[] = [];
  for (const line of text.split("\n")) {
    const match = /^uid=(\S+)(?: ([A-Za-z][A-Za-z0-9_-]*))?(?: (.*))?$/.exec(line.trimStart());
    if (match === null) continue;
    const named = leadingString(match[3] ?? "");
    rows.push({ role: match[2] ?? "", name: named?.value ?? "", ref: match[1] });
  }
  return rows;
}
