/**
 * The client-facing runtime: methods a client calls on the Broker, the one
 * request the Broker calls back on a client, and the client's events.
 *
 * @module
 */
import { z } from "zod";
import { IdSchema } from "../envelope.ts";
import { HelloSchema, InstanceSchema, WelcomeSchema } from "../hello.ts";
import { limits } from "../limits.ts";
import {
  CountSchema,
  DocumentEpochSchema,
  EmptySchema,
  FrameIdSchema,
  InstanceIdSchema,
  LeaseHandleSchema,
  LeaseIdSchema,
  LeaseSchema,
  OriginSchema,
  SessionIdSchema,
  TabIdSchema,
  TimestampSchema,
  UrlSchema,
} from "./common.ts";
import { defineEvent, defineMethod } from "./define.ts";
import {
  BrowserObserveParamsSchema,
  BrowserReadPageParamsSchema,
  ObservationSchema,
  PageTextSchema,
  PageWindowSchema,
} from "./observation.ts";
import {
  ActResultSchema,
  BatchResultSchema,
  BrowserActParamsSchema,
  BrowserBatchParamsSchema,
} from "./action.ts";

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

/** A screenshot of the leased tab's viewport. */
export const CaptureSchema = z.strictObject({
  mimeType: z.enum(["image/png", "image/jpeg"]),
  /** Base64 image bytes. */
  data: z.string().max(limits.maxFrameBytes),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  documentEpoch: DocumentEpochSchema,
});

/** One frame of a tab's public inventory. */
export const FrameInfoSchema = z.strictObject({
  id: FrameIdSchema,
  parentId: FrameIdSchema.optional(),
  documentEpoch: DocumentEpochSchema.optional(),
  origin: OriginSchema.optional(),
  isMain: z.boolean(),
  contextStatus: z.enum(["known", "unavailable"]),
  originRelation: z.enum(["same-origin", "cross-origin", "opaque"]),
});

/** A tab's frames, validated and projected to public fields only. */
export const FrameInventorySchema = z.strictObject({
  tab: TabIdSchema,
  documentEpoch: DocumentEpochSchema,
  truncated: z.boolean(),
  frames: z.array(FrameInfoSchema),
});

const clientNameSchema = z.string().min(1).max(64);

/** The handshake, open to every peer before it is authenticated. */
export const handshakeMethods = {
  hello: defineMethod({
    direction: "peer→broker",
    title: "Authenticate, negotiate the version and capabilities, and receive the welcome.",
    capability: null,
    params: HelloSchema,
    result: WelcomeSchema,
  }),
};

/** Methods an authenticated client calls on the Broker. */
export const clientMethods = {
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
      /** Shown to the person in the approval window. */
      clientName: clientNameSchema.optional(),
      reason: z.string().max(200).optional(),
    }),
    result: LeaseSchema,
  }),
  "browser.observe": defineMethod({
    direction: "client→broker",
    title: "Observe the leased page as compact, token-budgeted text with element refs.",
    capability: "runtime.v1",
    params: BrowserObserveParamsSchema,
    result: ObservationSchema,
  }),
  "browser.act": defineMethod({
    direction: "client→broker",
    title: "Perform one fenced, journaled action on an observed element.",
    capability: "runtime.v1",
    params: BrowserActParamsSchema,
    result: ActResultSchema,
  }),
  "browser.readPage": defineMethod({
    direction: "client→broker",
    title: "Read a live window of the leased document, continuing with a single-use token.",
    capability: "runtime.page.v1",
    params: BrowserReadPageParamsSchema,
    result: PageWindowSchema,
  }),
  "browser.capture": defineMethod({
    direction: "client→broker",
    title: "Capture a screenshot of the leased tab's viewport.",
    capability: "runtime.capture-publication.v1",
    params: z.strictObject({
      ...LeaseHandleSchema.shape,
      format: z.enum(["png", "jpeg"]).optional(),
    }),
    result: CaptureSchema,
  }),
  "browser.frames": defineMethod({
    direction: "client→broker",
    title: "List the leased tab's frames as validated metadata.",
    capability: "runtime.frames.v1",
    params: LeaseHandleSchema,
    result: FrameInventorySchema,
  }),
  "browser.batch": defineMethod({
    direction: "client→broker",
    title: "Run 1 to 8 actions as one fenced plan, approving each step.",
    capability: "runtime.batch.v1",
    params: BrowserBatchParamsSchema,
    result: BatchResultSchema,
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
    title: "End one of the session's leases.",
    capability: "runtime.v1",
    params: LeaseHandleSchema,
    result: z.strictObject({ released: z.boolean() }),
  }),
  "browser.releaseSession": defineMethod({
    direction: "client→broker",
    title: "End every lease and pending claim of a session.",
    capability: "runtime.v1",
    params: z.strictObject({ sessionId: SessionIdSchema }),
    result: z.strictObject({ released: CountSchema }),
  }),
};

/** Requests the Broker makes of a client. */
export const brokerToClientMethods = {
  "browser.approveBatchStep": defineMethod({
    direction: "broker→client",
    title: "Ask the client whether the next step of its batch may run.",
    capability: "runtime.batch.v1",
    params: z.strictObject({
      approvalId: IdSchema,
      index: z.number().int().nonnegative().max(limits.maxBatchSteps - 1),
    }),
    result: z.strictObject({ allowed: z.boolean() }),
  }),
};

/** Events the Broker sends to the owning client. */
export const clientEvents = {
  "browser.lease-revoked": defineEvent({
    direction: "broker→client",
    title: "One of the session's leases ended (Stop, navigation, disconnect or release).",
    capability: "runtime.v1",
    value: z.strictObject({ sessionId: SessionIdSchema, leaseId: LeaseIdSchema }),
  }),
};
