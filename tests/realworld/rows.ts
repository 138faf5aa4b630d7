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

/** `role "name" … ref=eN` rows of a Leash observation (its header and notes have no role). */
export function leashRows(text: string): Row[] {
  const rows: Row[] = [];
  for (const line of text.split("\n")) {
    const body = line.replace(/^[+~-] /, "").trimStart();
    if (body === "" || body.startsWith("#") || body.startsWith("(")) continue;
    const role = /^([A-Za-z][A-Za-z0-9_.:-]*)(?= |$)/.exec(body)?.[1];
    if (role === undefined) continue;
    const named = leadingString(body.slice(role.length).trimStart());
    const ref = / ref=([A-Za-z0-9_.:-]+)$/.exec(body)?.[1];
    rows.push({ role, name: named?.value ?? "", ...(ref === undefined ? {} : { ref }) });
  }
  return rows;
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
