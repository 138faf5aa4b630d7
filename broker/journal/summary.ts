/**
 * The audit line of an action: kind, ref and a short description a person
 * can read. Typed text may be a password, so only its length is kept; a
 * navigation keeps the origin and path of an HTTP(S) URL and only the
 * scheme of any other; element names come from the page and are cleaned of control characters so
 * a page cannot write terminal escapes into `leash journal`.
 *
 * @module
 */
import { type Action, base64Bytes, refOf } from "../../contracts/methods/mod.ts";
import { httpOrigin } from "../../contracts/origin.ts";
import type { ActionSummary } from "./types.ts";

/** The role and accessible name the target had when it was observed. */
export interface ObservedTarget {
  role?: string;
  name?: string;
}

/** Longest description kept, in code points. */
export const maxDescriptionLength = 160;
const maxNameLength = 60;
const maxOptionLength = 40;

// C0/C1 controls, DEL, and bidi overrides/isolates, which can reorder what a terminal shows.
const unsafe = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu;

/**
 * `text` made safe to print on one line: controls become spaces, runs of
 * white space collapse, and it is clipped to `max` code points with `…`.
 */
export function displayText(text: string, max: number): string {
  const clean = text.replace(unsafe, " ").replace(/\s+/gu, " ").trim();
  const points = [...clean];
  return points.length <= max ? clean : `${points.slice(0, max - 1).join("")}…`;
}

function quoted(text: string, max = maxNameLength): string {
  return `"${displayText(text, max)}"`;
}

function characters(text: string): string {
  const count = [...text].length;
  return `(${count} ${count === 1 ? "character" : "characters"})`;
}

/** The observed target as the audit shows it: its name, else its role. */
function targetLabel(target: ObservedTarget | undefined): string {
  if (target?.name !== undefined && target.name.trim() !== "") return quoted(target.name);
  if (target?.role !== undefined && target.role.trim() !== "") {
    return displayText(target.role, maxNameLength);
  }
  return "(unnamed)";
}

/**
 * Where a navigation goes, as the audit keeps it. An HTTP(S) URL keeps its
 * origin and path: its query and fragment may carry tokens, its user info a
 * password. Any other URL keeps only its scheme: the rest of a `javascript:`
 * or `data:` URL is a script or a document, not a place.
 */
function navigationLabel(url: string): string {
  if (!URL.canParse(url)) return "(unparsable URL)";
  const parsed = new URL(url);
  const origin = httpOrigin(url);
  if (origin === undefined) return `${displayText(parsed.protocol, 32)} (rest omitted)`;
  const omitted = [
    ...(parsed.username !== "" || parsed.password !== "" ? ["user info"] : []),
    ...(parsed.search !== "" || parsed.hash !== "" ? ["query"] : []),
  ];
  const note = omitted.length === 0 ? "" : ` (${omitted.join(" and ")} omitted)`;
  return `${displayText(`${origin}${parsed.pathname}`, 120)}${note}`;
}

/** How a click pressed, when not the plain left click: `double right-click with Shift on `. */
function clickHow(action: Extract<Action, { kind: "click" }>): string {
  const count = ["", "", "double ", "triple "][action.count ?? 1];
  const button = action.button === undefined || action.button === "left" ? "" : `${action.button}-`;
  const keys = action.modifiers?.length ? ` with ${action.modifiers.join("+")}` : "";
  const how = `${count}${button}${keys}`;
  return how === "" ? "" : `${count}${button}click${keys} on `;
}

function describe(action: Action, target: ObservedTarget | undefined): string {
  const label = targetLabel(target);
  switch (action.kind) {
    case "click":
      return `${clickHow(action)}${label}`;
    case "radio":
    case "hover":
      return label;
    case "scroll":
      return `${label} into view`;
    case "fill":
    case "append":
    case "fillEditable":
      return `${label} ${characters(action.text)}`;
    case "press": {
      const chord = [...(action.modifiers ?? []), action.key].join("+");
      return action.ref === undefined ? chord : `${chord} on ${label}`;
    }
    case "type": {
      const how = [
        ...(action.clear === true ? ["cleared"] : []),
        ...(action.submit === true ? ["then Enter"] : []),
      ];
      const typed = `${characters(action.text)}${how.length === 0 ? "" : ` ${how.join(", ")}`}`;
      return action.ref === undefined ? typed : `${label} ${typed}`;
    }
    case "check":
      return `${label} → ${action.checked ? "checked" : "unchecked"}`;
    case "select":
      return `${label} → ${
        [action.option].flat().map((option) => quoted(option, maxOptionLength)).join(", ")
      }`;
    case "wheel": {
      const delta = `Δx=${action.deltaX} Δy=${action.deltaY}`;
      return action.ref === undefined ? delta : `${delta} over ${label}`;
    }
    case "navigate":
      return navigationLabel(action.url);
    case "drag":
      return `${label} → ${displayText(action.to, 64)}`;
    case "upload": {
      // File names may say what a person keeps private: only how many and how large.
      const count = action.files.length;
      const bytes = action.files.reduce((sum, file) => sum + base64Bytes(file.data), 0);
      return `${label} ← ${count} ${count === 1 ? "file" : "files"} (${bytes} bytes)`;
    }
    case "reload":
    case "back":
    case "forward":
      return "";
    case "dialog": {
      const answer = action.accept ? "accept" : "dismiss";
      // A prompt may ask for a password: like typed text, only its length.
      return action.promptText === undefined
        ? answer
        : `${answer} ${characters(action.promptText)}`;
    }
  }
}

/**
 * The audit summary of `action`, naming the element as it was observed.
 *
 * @example
 * ```ts
 * summarizeAction({ kind: "fill", ref: "e3", text: "hunter2" }, { role: "textbox", name: "Password" });
 * // { kind: "fill", ref: "e3", description: '"Password" (7 characters)' }
 * ```
 */
export function summarizeAction(action: Action, target?: ObservedTarget): ActionSummary {
  const summary: ActionSummary = {
    kind: action.kind,
    description: displayText(describe(action, target), maxDescriptionLength),
  };
  const ref = refOf(action);
  if (ref !== undefined) summary.ref = ref;
  return summary;
}
