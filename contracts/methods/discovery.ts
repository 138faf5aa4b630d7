/**
 * The discovery family: which browser instances are connected, and an
 * instance's tabs. Titles, URLs and openers appear only where discovery is
 * permitted, and URLs only as `contracts/tab_listing.ts` redacts them.
 *
 * @module
 */
import { z } from "zod";
import { InstanceSchema } from "../hello.ts";
import { limits } from "../limits.ts";
import {
  EmptySchema,
  InstanceIdSchema,
  LeaseTokenSchema,
  PageTextSchema,
  TabIdSchema,
  TimestampSchema,
  UrlSchema,
} from "./common.ts";
import { defineMethod } from "./define.ts";

/** A registered browser instance, as `browser.instances` lists it. */
export const InstanceInfoSchema = z.strictObject({
  ...InstanceSchema.shape,
  connectedSince: TimestampSchema,
});

/**
 * A tab as a client may see it; title, URL and opener only where discovery
 * is permitted. The URL is redacted: credential-like parts always, every
 * query value and the fragment unless the caller leases the tab or the tab
 * that opened it.
 */
export const TabInfoSchema = z.strictObject({
  tab: TabIdSchema,
  active: z.boolean(),
  title: PageTextSchema.optional(),
  url: UrlSchema.optional(),
  /** The caller's leased tab that opened this one (a popup of the leased page). */
  openedBy: TabIdSchema.optional(),
});

/** A tab as `browser.tabs` and `tabs.list` return it. */
export type TabInfo = z.infer<typeof TabInfoSchema>;

/** The discovery methods. */
export const discoveryMethods = {
  "browser.instances": defineMethod({
    direction: "client→broker",
    title: "List the connected browser instances.",
    capability: "runtime.v1",
    params: EmptySchema,
    result: z.array(InstanceInfoSchema).max(limits.maxProviders),
  }),
  "browser.tabs": defineMethod({
    direction: "client→broker",
    title: "List an instance's tabs, with titles and redacted URLs where discovery is permitted.",
    capability: "runtime.v1",
    params: z.strictObject({ instance: InstanceIdSchema }),
    result: z.array(TabInfoSchema),
  }),
  "tabs.list": defineMethod({
    direction: "broker→provider",
    title: "List the browser's tabs, with titles and redacted URLs where discovery is permitted.",
    capability: "lease.tab-scope.v1",
    params: z.strictObject({
      /** The caller's live leases on this browser: their tabs show more of their URLs. */
      leases: z.array(LeaseTokenSchema).max(limits.maxLeases).optional(),
    }),
    result: z.array(TabInfoSchema),
  }),
};
