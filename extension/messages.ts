/**
 * The messages between the extension's own pages (toolbar popup, approval
 * window) and its service worker. Pages open a `chrome.runtime` port by
 * name; the worker pushes state on it and the page sends commands. Both
 * sides validate every message with these strict schemas; the worker also
 * checks that the port comes from our own page. `zod/mini` keeps the page
 * bundles small.
 *
 * @module
 */
import * as z from "zod/mini";

/** The popup's port name. */
export const popupPortName = "leash.popup";
/** The approval window's port name. */
export const approvalPortName = "leash.approval";

/** The page each port name may come from, relative to the extension root. */
export const pagePaths = {
  [popupPortName]: "/popup/popup.html",
  [approvalPortName]: "/approval/approval.html",
} as const;

const idSchema = z.string().check(z.minLength(1), z.maxLength(128));
const textSchema = z.string().check(z.maxLength(10_000));
const timeSchema = z.number().check(z.nonnegative());

/** The Broker connection as the popup shows it. */
export const ConnectionViewSchema = z.strictObject({
  status: z.enum(["connected", "connecting", "disconnected"]),
  /** The Broker's access mode once welcomed. */
  mode: z.nullable(z.enum(["restricted", "personal"])),
  /** When the next attempt is due while disconnected, in ms since the epoch. */
  retryAt: z.nullable(timeSchema),
});

/** One live lease as the popup lists it. */
export const LeaseViewSchema = z.strictObject({
  leaseId: idSchema,
  clientName: textSchema,
  /** The tab's current title: page-derived, shown as text only. */
  tabTitle: textSchema,
  origin: textSchema,
  scope: z.enum(["origin", "tab"]),
  /** When it was granted, in ms since the epoch. */
  since: timeSchema,
});

/** One standing grant as the popup lists it. */
export const GrantViewSchema = z.strictObject({
  grantId: idSchema,
  /** Client-chosen, shown through `visibleText` only. */
  clientName: textSchema,
  mcpClientName: z.optional(textSchema),
  origin: textSchema,
  /** When it ends, in ms since the epoch. */
  expiresAt: timeSchema,
});

/** Worker → popup: everything the popup shows. */
export const PopupStateSchema = z.strictObject({
  type: z.literal("state"),
  connection: ConnectionViewSchema,
  leases: z.array(LeaseViewSchema),
  grants: z.array(GrantViewSchema),
});

/** One pending claim as the approval window shows it. */
export const ClaimViewSchema = z.strictObject({
  claimId: idSchema,
  /** What the client says it is: client-chosen, shown through `visibleText` only. */
  clientName: textSchema,
  /** What its MCP client program says it is, likewise. */
  mcpClientName: z.optional(textSchema),
  /** The tab's title: page-derived, shown as text only. */
  title: textSchema,
  origin: textSchema,
  scope: z.enum(["origin", "tab"]),
  /** Client-chosen, shown through `visibleText` only. */
  reason: z.optional(textSchema),
  /** A new tab Leash opens at `origin` once allowed: nothing of that site is loaded before. */
  opens: z.optional(z.literal(true)),
  /** When it times out, in ms since the epoch. */
  expiresAt: timeSchema,
});

/** Worker → approval window: the pending claims, oldest (shown) first. */
export const ApprovalStateSchema = z.strictObject({
  type: z.literal("claims"),
  claims: z.array(ClaimViewSchema),
});

/** Popup → worker: end one lease, or all of them, or revoke a standing grant. */
export const PopupCommandSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("stop"), leaseId: idSchema }),
  z.strictObject({ type: z.literal("stop-all") }),
  z.strictObject({ type: z.literal("revoke-grant"), grantId: idSchema }),
]);

/** Approval window → worker: the person's answer to one claim. */
export const ApprovalCommandSchema = z.strictObject({
  type: z.literal("decide"),
  claimId: idSchema,
  decision: z.enum(["allow", "deny"]),
  /** With allow: also allow this client on this origin for a while (a standing grant). */
  standFor: z.optional(z.enum(["1h", "8h"])),
});

export type ConnectionView = z.infer<typeof ConnectionViewSchema>;
export type LeaseView = z.infer<typeof LeaseViewSchema>;
export type GrantView = z.infer<typeof GrantViewSchema>;
export type PopupState = z.infer<typeof PopupStateSchema>;
export type ClaimView = z.infer<typeof ClaimViewSchema>;
export type ApprovalState = z.infer<typeof ApprovalStateSchema>;
export type PopupCommand = z.infer<typeof PopupCommandSchema>;
export type ApprovalCommand = z.infer<typeof ApprovalCommandSchema>;

/** Who opened a port, as Chrome reports it. */
export interface PortSender {
  id?: string;
  url?: string;
}

/**
 * Whether a port named `name` comes from our own page for that name: our
 * extension ID and exactly that page of our origin (any query or fragment
 * aside).
 */
export function isOwnPage(
  name: string,
  sender: PortSender | undefined,
  extensionId: string,
): boolean {
  if (name !== popupPortName && name !== approvalPortName) return false;
  if (sender?.id !== extensionId || sender.url === undefined || !URL.canParse(sender.url)) {
    return false;
  }
  const url = new URL(sender.url);
  return url.protocol === "chrome-extension:" && url.host === extensionId &&
    url.pathname === pagePaths[name];
}
