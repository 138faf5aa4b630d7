/**
 * Compact text for tool results, in the observation renderer's conventions:
 * our own words bare, anything a page or provider controls as a quoted JSON
 * string literal, so it can neither start a line nor pass for our words.
 *
 * @module
 */
import type { ResultOf } from "../../contracts/methods/define.ts";
import type { Lease } from "../../contracts/methods/common.ts";
import type { ClientMethods } from "../../contracts/methods/mod.ts";
import type { PageWindow } from "../../contracts/methods/mod.ts";
import type { ActNote, ActResult } from "../../contracts/methods/mod.ts";
import { pageDataNote, quote } from "../../contracts/page_text.ts";
import { redacted } from "../../contracts/redact.ts";
import { dialogText } from "./dialog_text.ts";
import type { Handles } from "./handles.ts";

type Instances = ResultOf<ClientMethods, "browser.instances">;
type Tabs = ResultOf<ClientMethods, "browser.tabs">;
type Capture = ResultOf<ClientMethods, "browser.capture">;

const bareWord = /^[A-Za-z0-9][A-Za-z0-9_.:-]*$/;

/** An identifier bare when it cannot be mistaken for anything else, else quoted. */
export function word(text: string): string {
  return bareWord.test(text) ? text : quote(text);
}

function count(n: number, one: string, many: string): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
}

/**
 * A browser's major version from what its provider reports (the user-agent
 * string): the digits after the brand's or Chrome's token, or leading
 * digits; nothing when neither is there. Only digits come out, so the
 * provider's text never reaches the model this way.
 */
export function majorVersion(brand: string, version: string): string | undefined {
  for (const token of [brand, "Chrome", "Chromium", "Firefox"]) {
    const at = version.indexOf(`${token}/`);
    if (at < 0) continue;
    const digits = /^\d+/.exec(version.slice(at + token.length + 1));
    if (digits !== null) return digits[0];
  }
  return /^\d+/.exec(version)?.[0];
}

/**
 * `browser.instances` as text: each instance's handle, brand, major version
 * and profile. The user-agent string, family and connection time stay in
 * `structuredContent`.
 */
export function formatInstances(instances: Instances, handles: Handles): string {
  if (instances.length === 0) {
    return "No browser instance is connected. Ask the person to open their browser with the Leash extension.";
  }
  const lines = [`${count(instances.length, "browser instance", "browser instances")}:`];
  for (const instance of instances) {
    const major = majorVersion(instance.brand, instance.version);
    lines.push(
      `  ${word(handles.of("instance", instance.id))}  ${word(instance.brand)}` +
        `${major === undefined ? "" : ` ${major}`}  profile ${quote(instance.profileLabel)}`,
    );
  }
  return lines.join("\n");
}

/**
 * `browser.tabs` of `instance` as text, each tab by its handle; titles and
 * URLs are page data and marked so. The URLs arrive redacted by the Broker;
 * the text shows them as the structured result carries them.
 */
export function formatTabs(instance: string, tabs: Tabs, handles: Handles): string {
  const lines: string[] = [];
  if (tabs.some((tab) => tab.title !== undefined || tab.url !== undefined)) {
    lines.push(pageDataNote);
  }
  lines.push(`${count(tabs.length, "tab", "tabs")} in ${word(handles.of("instance", instance))}:`);
  for (const tab of tabs) {
    let line = `  ${word(handles.of("tab", tab.tab))}`;
    if (tab.active) line += "  active";
    if (tab.title !== undefined) line += `  ${quote(tab.title)}`;
    if (tab.url !== undefined) line += `  url: ${quote(tab.url)}`;
    if (tab.openedBy !== undefined) {
      line += `  opened by your leased tab ${word(handles.of("tab", tab.openedBy))}`;
    }
    lines.push(line);
  }
  if (tabs.length > 0 && tabs.every((tab) => tab.title === undefined && tab.url === undefined)) {
    lines.push("(titles and URLs are shown only where the access mode permits discovery)");
  }
  if (tabs.some((tab) => tab.url?.includes(redacted) === true)) {
    lines.push(
      `(${redacted} stands for a left-out value: every query value and the fragment of a tab ` +
        "you hold no lease on, and credential-like values of any tab)",
    );
  }
  return lines.join("\n");
}

/**
 * A granted lease as text: its handle, its tab's handle and its scope. With
 * `pageUrl`, the URL of the observation printed right below it: an origin
 * scope that is that URL's origin says so instead of repeating it.
 */
export function formatLease(lease: Lease, handles: Handles, pageUrl?: string): string {
  const scope = lease.scope.kind !== "origin"
    ? "for the whole tab (personal mode)"
    : originOf(pageUrl) === lease.scope.origin
    // The first look follows: its URL names the origin.
    ? "for this origin"
    : `for origin ${quote(lease.scope.origin)}`;
  return `lease ${word(handles.of("lease", lease.leaseId))} on tab ${
    word(handles.of("tab", lease.tab))
  } ${scope}`;
}

function originOf(url: string | undefined): string | undefined {
  if (url === undefined || !URL.canParse(url)) return undefined;
  return new URL(url).origin;
}

/**
 * A release as text; with `closed` (the caller asked to close the tab),
 * what became of the tab.
 */
export function formatRelease(leaseId: string, released: boolean, closed?: boolean): string {
  const text = released
    ? `released lease ${word(leaseId)}`
    : `lease ${word(leaseId)} had already ended; nothing to release`;
  if (closed === undefined) return text;
  return closed
    ? `${text} and closed its tab`
    : `${text}; its tab stays open: Leash closes only tabs it opened with browser_open`;
}

/** The fixed sentence for each note an action result may carry. */
export const actNotes: Readonly<Record<ActNote, string>> = {
  valueNotKept:
    "note: the field did not keep the filled text (the page put its value back); it takes key events: use type",
};

/** What was still going on when the wait for the page was cut; a few words. */
export function formatUnsettled(unsettled: NonNullable<ActResult["unsettled"]>): string {
  const going = [
    ...(unsettled.requests > 0 ? [count(unsettled.requests, "request open", "requests open")] : []),
    ...(unsettled.mutating ? ["DOM changing"] : []),
    ...(unsettled.animating ? ["animating"] : []),
  ];
  const what = going.length === 0 ? "" : `: ${going.join(", ")}`;
  return `not settled after ${unsettled.afterMs} ms${what}`;
}

/** What the caller sent with an action, as far as its answer's text depends on it. */
export interface ActSent {
  /** The caller's own request ID, when it gave one. */
  requestId?: string;
  /** The epoch the action named. */
  documentEpoch: string;
  /** The session's handles, to name tabs the page opened by them. */
  handles?: Handles;
}

/**
 * An action's answer, then the observation it carries. Lean: the status and
 * what changed. The request ID only when the caller gave it or the status is
 * `uncertain` (the one case it must be reused, to retry exactly); the epoch
 * only when the document changed or it differs from the one the action
 * named. The observation's own text follows (a lean delta when the document
 * stayed, `broker/runtime/observe/render.ts` `leanHeader`).
 */
export function formatAct(result: ActResult, sent: ActSent): string {
  let head = `act ${result.status}`;
  if (result.status === "uncertain") {
    head += `  requestId: ${word(result.requestId)} (retry only with this ID)`;
  } else if (sent.requestId !== undefined) {
    head += `  requestId: ${word(result.requestId)}`;
  }
  if (result.documentChanged) head += "  document changed";
  if (result.documentChanged || result.documentEpoch !== sent.documentEpoch) {
    head += `  epoch: ${word(result.documentEpoch)}`;
  }
  if (result.unsettled !== undefined) head += `  ${formatUnsettled(result.unsettled)}`;
  if (result.note !== undefined) head += `\n${actNotes[result.note]}`;
  if (result.opened !== undefined && result.opened.length > 0) {
    head += `\n${formatOpened(result.opened, sent.handles)}`;
  }
  const body = result.dialog !== undefined
    ? dialogText(result.dialog)
    : result.observation === null
    ? "(no observation came back; observe to see the page)"
    : result.observation.text;
  return `${head}\n${body}`;
}

/**
 * The tabs a page opened during an action, by handle when the session has
 * handles: not leased, and how to use one.
 *
 * @example
 * ```ts
 * formatOpened(["chrome-1:9"]);
 * // "the page opened tab chrome-1:9 (a popup or new tab: not leased; claim it with browser_claim to use it)"
 * ```
 */
export function formatOpened(tabs: readonly string[], handles?: Handles): string {
  const names = tabs.map((tab) => word(handles === undefined ? tab : handles.of("tab", tab)));
  const what = names.length === 1 ? `tab ${names[0]}` : `tabs ${names.join(", ")}`;
  return `the page opened ${what} (a popup or new tab: not leased; claim it with browser_claim to use it)`;
}

/** A page window, then how to read on. */
export function formatWindow(window: PageWindow): string {
  const next = window.continuation === null
    ? (window.complete
      ? "(end of document)"
      : "(no continuation: the rest cannot be read from here)")
    : `(more: read on with continuation ${word(window.continuation)}; it works once)`;
  return `${window.text}\n${next}`;
}

/** What a capture covered: the viewport unless the call asked for more or less. */
export interface CaptureScope {
  fullPage?: boolean;
  ref?: string;
}

/** A capture's metadata as text; the image travels separately. */
export function formatCapture(capture: Capture, scope: CaptureScope = {}): string {
  const what = scope.ref !== undefined
    ? `element ${word(scope.ref)}`
    : scope.fullPage === true
    ? "the whole page"
    : "the viewport";
  return `captured ${what}: ${capture.mimeType} ${capture.width}x${capture.height}  epoch: ${
    word(capture.documentEpoch)
  }`;
}
