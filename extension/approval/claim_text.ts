/**
 * What the approval window says about a claim. The client chose its name
 * and its reason, and the page chose its title, so each is shown through
 * `visibleText` (`contracts/display_text.ts`): escaped where it would hide
 * or reorder text, and bounded. The window never states a name as fact: it
 * says what the client says it is, and, when the claim came through an MCP
 * client whose own name differs, what that program says it is. Neither name
 * is verified (any program running as the person can reach the Broker and
 * send any name), and the window says so.
 *
 * @module
 */
import { maxClientNameUnits, maxReasonUnits, visibleText } from "../../contracts/display_text.ts";
import type { ClaimView } from "../messages.ts";

/** Longest tab title the window shows, in UTF-16 units. */
export const maxTitleUnits = 300;

/** The heading reads `Allow a client that says it is ‹name› to use this tab?`. */
export const heading = {
  before: "Allow a client that says it is ",
  after: " to use this tab?",
} as const;

/** What the window says of the tab a claim to open one names: it does not exist yet. */
export const newTabTitle = "A new tab, opened at this site only if you allow it";

/** A claim's words as the window shows them. */
export interface ClaimWords {
  /** What the client says it is. */
  name: string;
  /** What its MCP client program says it is, when that is not the same name. */
  program: string | undefined;
  /** The tab's title, `(untitled)` when it has none; for a tab to open, what it will be. */
  title: string;
  /** The reason the client gives, when it gives one. */
  reason: string | undefined;
  /** What the lease would cover. */
  scope: string;
}

/** The words the window shows for `claim`. */
export function claimWords(claim: ClaimView): ClaimWords {
  const program = claim.mcpClientName;
  const reason = claim.reason ?? "";
  return {
    name: visibleText(claim.clientName, maxClientNameUnits),
    program: program === undefined || program === claim.clientName
      ? undefined
      : visibleText(program, maxClientNameUnits),
    title: claim.opens === true
      ? newTabTitle
      : claim.title === ""
      ? "(untitled)"
      : visibleText(claim.title, maxTitleUnits),
    reason: reason === "" ? undefined : visibleText(reason, maxReasonUnits),
    scope: claim.scope === "origin" ? "Only this site, in this tab" : "This whole tab, any website",
  };
}
