/**
 * The lease family: claim a tab, check and release leases, and the events
 * that say a lease ended. Every provider call under a lease carries its
 * fencing token; the provider refuses a stale one with `STALE_LEASE`.
 *
 * @module
 */
import { z } from "zod";
import {
  CountSchema,
  InstanceIdSchema,
  LeaseHandleSchema,
  LeaseIdSchema,
  LeaseSchema,
  LeaseScopeSchema,
  LeaseTokenSchema,
  SessionIdSchema,
  TabIdSchema,
  UrlSchema,
} from "./common.ts";
import { defineEvent, defineMethod } from "./define.ts";
import { maxClientNameUnits, maxReasonUnits } from "../display_text.ts";

// What a client says about itself; `contracts/display_text.ts` holds how it is
// shown and which names are refused (a name that passes for Leash, or shows nothing).
const clientNameSchema = z.string().min(1).max(maxClientNameUnits);
const reasonSchema = z.string().max(maxReasonUnits);

/**
 * The page `browser.open` loads: an absolute `http:` or `https:` URL (scheme
 * in lower case) with no user name or password and no white space. Anything
 * else is refused before a tab is opened.
 */
export const OpenUrlSchema = UrlSchema.regex(/^https?:\/\/[^/?#@\s]+([/?#]\S*)?$/);

/** Whether `url` is one `browser.open` may load (see {@linkcode OpenUrlSchema}). */
export function isOpenableUrl(url: string): boolean {
  if (!OpenUrlSchema.safeParse(url).success) return false;
  try {
    const parsed = new URL(url);
    return parsed.username === "" && parsed.password === "";
  } catch {
    return false;
  }
}

/**
 * Start the lease's console and network capture at the grant — for an
 * opened tab, before its page loads — so what the page logs and requests
 * from then on is kept; without it capture starts at the first read.
 */
const captureSchema = z.boolean().optional();

/** The release of a lease, and whether the tab Leash opened for it closes with it. */
const ReleaseParamsSchema = LeaseHandleSchema.extend({
  /**
   * Close the tab too, when Leash opened it (`browser.open`); a tab the
   * person opened, or one a page opened, is never closed.
   */
  closeTab: z.boolean().optional(),
});

/** The lease methods. */
export const leaseMethods = {
  "browser.claim": defineMethod({
    direction: "client→broker",
    title: "Ask for a lease on one tab; in restricted mode the person approves it first.",
    capability: "runtime.v1",
    params: z.strictObject({
      sessionId: SessionIdSchema,
      instance: InstanceIdSchema,
      /** The tab to claim; the instance's active tab when omitted. */
      tab: TabIdSchema.optional(),
      /** `tab` scope needs the Broker's personal mode. */
      scope: z.enum(["origin", "tab"]).optional(),
      /** Shown to the person in the approval window as what the client says it is. */
      clientName: clientNameSchema.optional(),
      /**
       * The name the client's MCP host program gave in MCP `initialize`
       * (`clientInfo.name`), which `leash mcp` adds; shown beside
       * `clientName` when the two differ. As unverified as `clientName`, but
       * it comes from the program, not from the model's tool call.
       */
      mcpClientName: clientNameSchema.optional(),
      reason: reasonSchema.optional(),
      capture: captureSchema,
    }),
    result: LeaseSchema,
  }),
  "browser.open": defineMethod({
    direction: "client→broker",
    title:
      "Open a new tab at a URL and lease it; in restricted mode the person approves its origin before anything loads.",
    capability: "runtime.open.v1",
    params: z.strictObject({
      sessionId: SessionIdSchema,
      instance: InstanceIdSchema,
      url: OpenUrlSchema,
      /** `tab` scope needs the Broker's personal mode. */
      scope: z.enum(["origin", "tab"]).optional(),
      clientName: clientNameSchema.optional(),
      mcpClientName: clientNameSchema.optional(),
      reason: reasonSchema.optional(),
      capture: captureSchema,
    }),
    result: LeaseSchema,
  }),
  "browser.validateLease": defineMethod({
    direction: "client→broker",
    title: "Check that a lease is still live and in scope; never renews it.",
    capability: "runtime.v1",
    params: LeaseHandleSchema,
    result: z.strictObject({ valid: z.literal(true) }),
  }),
  "browser.release": defineMethod({
    direction: "client→broker",
    title:
      "End one of the session's leases, closing its tab too when Leash opened it and the caller asks.",
    capability: "runtime.v1",
    params: ReleaseParamsSchema,
    result: z.strictObject({
      released: z.boolean(),
      /** With `closeTab`: whether the tab was closed (only a tab Leash opened ever is). */
      closed: z.boolean().optional(),
    }),
  }),
  "browser.releaseSession": defineMethod({
    direction: "client→broker",
    title: "End every lease and pending claim of a session.",
    capability: "runtime.v1",
    params: z.strictObject({ sessionId: SessionIdSchema }),
    result: z.strictObject({ released: CountSchema }),
  }),
  "lease.grant": defineMethod({
    direction: "broker→provider",
    title: "Grant a fenced lease on a tab, asking the person first in restricted mode.",
    capability: "lease.fencing.v1",
    params: z.strictObject({
      lease: LeaseTokenSchema,
      tab: TabIdSchema.optional(),
      scope: z.enum(["origin", "tab"]),
      clientName: clientNameSchema,
      mcpClientName: clientNameSchema.optional(),
      reason: reasonSchema.optional(),
      capture: captureSchema,
    }),
    result: z.strictObject({
      tab: TabIdSchema,
      scope: LeaseScopeSchema,
      url: UrlSchema,
    }),
  }),
  "lease.open": defineMethod({
    direction: "broker→provider",
    title:
      "Open a blank tab, ask the person in restricted mode, then load the URL and grant a fenced lease on it.",
    capability: "tab.open.v1",
    params: z.strictObject({
      lease: LeaseTokenSchema,
      url: OpenUrlSchema,
      scope: z.enum(["origin", "tab"]),
      clientName: clientNameSchema,
      mcpClientName: clientNameSchema.optional(),
      reason: reasonSchema.optional(),
      capture: captureSchema,
    }),
    result: z.strictObject({
      tab: TabIdSchema,
      scope: LeaseScopeSchema,
      url: UrlSchema,
    }),
  }),
  "lease.revoke": defineMethod({
    direction: "broker→provider",
    title: "End a lease and detach from its tab; with closeTab, close the tab if Leash opened it.",
    capability: "lease.fencing.v1",
    params: z.strictObject({ lease: LeaseTokenSchema, closeTab: z.boolean().optional() }),
    result: z.strictObject({ revoked: z.boolean(), closed: z.boolean().optional() }),
  }),
};

/** Why a provider ended a lease on its own. */
export const RevocationReasonSchema = z.enum([
  "stop",
  "tab-closed",
  "navigated",
  "debugger-detached",
  "released",
]);

/** The lease events. They carry no page content. */
export const leaseEvents = {
  "browser.lease-revoked": defineEvent({
    direction: "broker→client",
    title: "One of the session's leases ended (Stop, navigation, disconnect or release).",
    capability: "runtime.v1",
    value: z.strictObject({ sessionId: SessionIdSchema, leaseId: LeaseIdSchema }),
  }),
  "lease.tab-opened": defineEvent({
    direction: "provider→broker",
    title: "The page of a leased tab opened another tab (a popup or a target=_blank link).",
    capability: "tab.open.v1",
    value: z.strictObject({ leaseId: LeaseIdSchema, tab: TabIdSchema }),
  }),
  "lease.revoked": defineEvent({
    direction: "provider→broker",
    title: "A lease ended in the browser (Stop, tab closed, navigation, debugger detached).",
    capability: "lease.fencing.v1",
    value: z.strictObject({ leaseId: LeaseIdSchema, reason: RevocationReasonSchema }),
  }),
};

export type RevocationReason = z.infer<typeof RevocationReasonSchema>;
