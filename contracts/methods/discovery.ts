/**
 * The discovery family: which browser instances are connected, and an
 * instance's tabs. Titles and URLs appear only where discovery is permitted.
 *
 * @module
 */
import { z } from "zod";
import { InstanceSchema } from "../hello.ts";
import { limits } from "../limits.ts";
import {
  EmptySchema,
  InstanceIdSchema,
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

/** A tab as a client may see it; title and URL only where discovery is permitted. */
export const TabInfoSchema = z.strictObject({
  tab: TabIdSchema,
  active: z.boolean(),
  title: PageTextSchema.optional(),
  url: UrlSchema.optional(),
});

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
    title: "List an instance's tabs, with titles and URLs where discovery is permitted.",
    capability: "runtime.v1",
    params: z.strictObject({ instance: InstanceIdSchema }),
    result: z.array(TabInfoSchema),
  }),
  "tabs.list": defineMethod({
    direction: "broker→provider",
    title: "List the browser's tabs, with titles and URLs only where discovery is permitted.",
    capability: "lease.tab-scope.v1",
    params: EmptySchema,
    result: z.array(TabInfoSchema),
  }),
};
