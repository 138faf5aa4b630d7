/**
 * What `security_browser_test.ts` needs beside the end-to-end world: the
 * person's own hands on any page (keys and clicks over DevTools, as a
 * keyboard and a mouse would send them), the popup's lease list with each
 * lease's origin or client name, the outcome of a call as one word, and the rule that an
 * observation's page text stays inside quotes.
 *
 * @module
 */
import { isLeashError } from "../../contracts/errors.ts";
import type { JsonValue } from "../../contracts/json.ts";
import { ElementStateSchema, type ObservedNode } from "../../contracts/methods/mod.ts";
import { keyEvents, type NamedKey } from "../../broker/runtime/act/keys.ts";
import { pageDataNote } from "../../contracts/page_text.ts";
import { approvalUrl, popupUrl, until, type World } from "../e2e/harness.ts";
import { CdpError, CdpPage } from "../support/cdp.ts";

/** How long one DevTools command may take before the run fails instead of hanging. */
const commandTimeoutMs = 15_000;

/** Attach a test-side DevTools session to a page target of the world's browser. */
export function attach(world: World, targetId: string): Promise<CdpPage> {
  return CdpPage.attach(world.cdp, targetId);
}

/** Evaluate `expression` in `page`, failing instead of hanging. */
export async function read(page: CdpPage, expression: string): Promise<JsonValue> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`Cannot read ${expression}: no answer within ${commandTimeoutMs} ms`)),
      commandTimeoutMs,
    );
  });
  try {
    return await Promise.race([page.evaluate(expression), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Press and release a named key in `page`, as a keyboard would. With
 * `mayClose`, the page going away after the press (the key closed its
 * window) also counts as done: Chrome then may never answer the release.
 */
export async function pressKey(
  page: CdpPage,
  key: NamedKey,
  options: { mayClose?: boolean } = {},
): Promise<void> {
  const [down, up] = keyEvents(key);
  const stop = new AbortController();
  const gone = options.mayClose === true
    ? page.client.waitForEvent("Target.detachedFromTarget", {
      predicate: (params) => params.sessionId === page.sessionId,
      timeoutMs: commandTimeoutMs,
      signal: stop.signal,
    }).then(() => {}, () => {})
    : new Promise<void>(() => {});
  try {
    for (const event of [down, up]) {
      const sent = page.send(
        "Input.dispatchKeyEvent",
        event,
        AbortSignal.timeout(commandTimeoutMs),
      );
      if (options.mayClose !== true) {
        await sent;
        continue;
      }
      // DevTools' "Session with given id not found" also means the page closed under the key.
      const closed = sent.then(() => false, (error) => {
        if (error instanceof CdpError && error.code === -32001) return true;
        throw error;
      });
      if (await Promise.race([closed, gone.then(() => true)])) return;
    }
  } finally {
    stop.abort();
  }
}

/**
 * Move the mouse to the centre of `selector` in `page` and click there
 * (`clickCount` 2: a double click). Throws when the element is not there.
 */
export async function clickOn(page: CdpPage, selector: string, clickCount = 1): Promise<void> {
  const box = await read(
    page,
    `(() => {
      const rect = document.querySelector(${JSON.stringify(selector)})?.getBoundingClientRect();
      return rect === undefined ? null : [rect.x + rect.width / 2, rect.y + rect.height / 2];
    })()`,
  );
  if (!Array.isArray(box) || typeof box[0] !== "number" || typeof box[1] !== "number") {
    throw new Error(`Cannot click ${selector}: it is not on the page`);
  }
  await clickAtPoint(page, box[0], box[1], clickCount);
}

/** Move the mouse to (`x`, `y`) of `page` and click there `clickCount` times in a row. */
export async function clickAtPoint(
  page: CdpPage,
  x: number,
  y: number,
  clickCount = 1,
): Promise<void> {
  const signal = () => AbortSignal.timeout(commandTimeoutMs);
  await page.send("Input.dispatchMouseEvent", { type: "mouseMoved", x, y }, signal());
  for (let count = 1; count <= clickCount; count++) {
    for (const type of ["mousePressed", "mouseReleased"]) {
      await page.send(
        "Input.dispatchMouseEvent",
        { type, x, y, button: "left", clickCount: count },
        signal(),
      );
    }
  }
}

/** The page targets that claim to show the approval page, and where each really is. */
export async function approvalTargets(
  world: World,
): Promise<Array<{ targetId: string; href: string }>> {
  const { targetInfos } = await world.cdp.send("Target.getTargets", {}, {
    signal: AbortSignal.timeout(commandTimeoutMs),
  });
  const ids = (Array.isArray(targetInfos) ? targetInfos : []).flatMap((info) =>
    typeof info === "object" && info !== null && !Array.isArray(info) && info.type === "page" &&
      info.url === approvalUrl && typeof info.targetId === "string"
      ? [info.targetId]
      : []
  );
  const found = [];
  for (const targetId of ids) {
    const page = await attach(world, targetId);
    // A blocked navigation keeps the URL it was refused, but its document is Chrome's error page.
    found.push({ targetId, href: String(await read(page, "location.href")) });
  }
  return found;
}

/** One live lease as the toolbar popup lists it. */
export interface PopupLease {
  leaseId: string;
  /** What the popup says the lease covers: the origin, or "… · whole tab". */
  where: string;
}

/**
 * Open the toolbar popup in a window of its own, read its lease list once
 * it is connected, close it.
 */
export async function popupLeases(world: World): Promise<PopupLease[]> {
  const listed = await popupList(world, '[item.dataset.leaseId ?? "", text(".origin")]');
  return listed.map((item) =>
    Array.isArray(item)
      ? { leaseId: String(item[0]), where: String(item[1]) }
      : { leaseId: "", where: "" }
  );
}

/** The client names the toolbar popup shows for its leases, as {@linkcode popupLeases} reads them. */
export async function popupClients(world: World): Promise<string[]> {
  return (await popupList(world, 'text(".client")')).map(String);
}

/**
 * Open the toolbar popup, evaluate `entry` for each lease it lists (with
 * `item` the lease's element and `text(selector)` the text inside it) once
 * it is connected, close it.
 */
async function popupList(world: World, entry: string): Promise<JsonValue[]> {
  const created = await world.cdp.send("Target.createTarget", { url: popupUrl, newWindow: true }, {
    signal: AbortSignal.timeout(commandTimeoutMs),
  });
  if (typeof created.targetId !== "string") throw new Error("Cannot open the popup");
  const targetId = created.targetId;
  try {
    const page = await attach(world, targetId);
    return await until("the popup's lease list", async () => {
      const view = await read(
        page,
        `document.getElementById("connection")?.dataset.status !== "connected" ? null :
          [...document.querySelectorAll("li.lease")].map((item) => {
            const text = (selector) => item.querySelector(selector)?.textContent ?? "";
            return ${entry};
          })`,
      );
      return Array.isArray(view) ? view : undefined;
    });
  } finally {
    await world.cdp.send("Target.closeTarget", { targetId }, {
      signal: AbortSignal.timeout(commandTimeoutMs),
    }).catch(() => {});
  }
}

/** How a call ended, as one word: its error code, or `status:<status>` for an action result. */
export async function outcomeOf(call: Promise<unknown>): Promise<string> {
  try {
    const result = await call;
    if (typeof result === "object" && result !== null && "status" in result) {
      return `status:${String(result.status)}`;
    }
    return "ok";
  } catch (error) {
    if (isLeashError(error)) return error.code;
    throw error;
  }
}

const literal = /"(?:[^"\\]|\\.)*"/g;
const word = String.raw`[A-Za-z0-9][A-Za-z0-9_.:-]*`;
const states = ElementStateSchema.options.join("|");
/** Our own lines, with every string literal replaced by `""`. */
const ourLines: readonly RegExp[] = [
  /^\[page\] ""$/,
  /^url: ""$/,
  new RegExp(`^scope: (subtree ${word}|query ""( in ${word})?)$`),
  /^# no (other )?changes$/,
  new RegExp(`^- (${word}|"")( "")?( ref=${word})?$`),
  new RegExp(
    `^- [\\d,]+ siblings: (${word}|"")( "")?( ref=${word})? … (${word}|"")( "")?( ref=${word})?$`,
  ),
  new RegExp(
    `^~ region( (${word}|"")( "")?( ref=${word})?)? changed: [\\d,]+ rows \\([a-z0-9, ]+\\) — ` +
      `observe( rootRef=${word}| query ""| to see them)$`,
  ),
  /^- [\d,]+ rows removed$/,
  /^… [^"]*$/,
  new RegExp(
    `^(  )*([+~-] )?(${word}|"")( "")?( value="")?( (${states}))*( ref=(${word}))?$`,
  ),
];
/** Whether a row line (literals replaced) quotes its role, so its name is the second literal. */
function quotedRole(outside: string): boolean {
  return /^( {2})*([+~-] )?""/.test(outside);
}

/** Breaks a reader might take for a new line; only `\n`, between our lines, may occur. */
const otherBreaks = /[\r\v\f\u0085\u2028\u2029]/;

/**
 * Every way `text` breaks the rule of `broker/runtime/observe/render.ts`:
 * it opens with the page-data note, page text appears only inside JSON
 * string literals, outside them a line holds only our own words, and every
 * `ref=` names a node of `nodes` with the name the line quotes. Empty when
 * the rendering keeps page content as quoted data.
 */
export function quotingProblems(text: string, nodes: readonly ObservedNode[]): string[] {
  const problems: string[] = [];
  if (otherBreaks.test(text)) problems.push("a line break other than \\n is in the text");
  const byRef = new Map(nodes.flatMap((node) => node.ref === null ? [] : [[node.ref, node]]));
  const lines = text.split("\n");
  if (lines[0] !== pageDataNote) problems.push(`the text opens with ${JSON.stringify(lines[0])}`);
  for (const [index, line] of lines.entries()) {
    if (index === 0) continue;
    const literals = [...line.matchAll(literal)].map((match) => match[0]);
    for (const quoted of literals) {
      try {
        JSON.parse(quoted);
      } catch {
        problems.push(`line ${index} has a broken string literal: ${quoted}`);
      }
    }
    const outside = line.replace(literal, '""');
    if (!ourLines.some((pattern) => pattern.test(outside))) {
      problems.push(`line ${index} holds more than our words outside quotes: ${outside}`);
      continue;
    }
    const ref = /ref=(\S+)$/.exec(outside)?.[1];
    if (ref === undefined) continue;
    const node = byRef.get(ref);
    if (node === undefined) {
      problems.push(`line ${index} names ${ref}, which is no node's ref`);
    } else if (node.name !== "") {
      const name = literals[quotedRole(outside) ? 1 : 0];
      if (name === undefined || JSON.parse(name) !== node.name) {
        problems.push(`line ${index} names ${ref} with another name than its node's`);
      }
    }
  }
  return problems;
}
