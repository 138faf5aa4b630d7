/**
 * The page family: live windows of a long document, each with a single-use
 * continuation (never a delta baseline: that is an observation's cursor).
 *
 * @module
 */
import { z } from "zod";
import { IdSchema } from "../envelope.ts";
import {
  FrameTargetSchema,
  LeaseIdSchema,
  LeaseTokenSchema,
  RefSchema,
  SessionIdSchema,
} from "./common.ts";
import { defineMethod } from "./define.ts";
import {
  axDocumentShape,
  AxNodeSchema,
  BackendNodeIdSchema,
  maxAxNodes,
  observationHeaderShape,
} from "./observe.ts";

/** A live window of a long document, with a single-use continuation. */
export const PageWindowSchema = z.strictObject({
  ...observationHeaderShape,
  continuation: IdSchema.nullable(),
  complete: z.boolean(),
});

export const BrowserReadPageParamsSchema = z.strictObject({
  sessionId: SessionIdSchema,
  leaseId: LeaseIdSchema,
  options: z.strictObject({
    frame: FrameTargetSchema.optional(),
    rootRef: RefSchema.optional(),
    continuation: IdSchema.optional(),
  }),
});

/** One live window of a traversal, with a single-use continuation. */
export const AxWindowSchema = z.strictObject({
  ...axDocumentShape,
  nodes: z.array(AxNodeSchema).max(maxAxNodes),
  continuation: IdSchema.nullable(),
  complete: z.boolean(),
});

/** How the page's reaction to a change is waited for, unless a request says otherwise. */
export const settleDefaults = {
  /** How long the document must go without a mutation to count as quiet. */
  quietMs: 100,
  /**
   * The least a wait after text entry (`type`, `fill`, `append`) lasts:
   * search-as-you-type widgets start their request on a timer (Tom Select
   * 300 ms, most at most 500), which the wait must outlast to see it start.
   */
  typedHoldMs: 500,
  /** The bound on the whole wait. */
  timeoutMs: 1_000,
} as const;

/**
 * What `page.settle` waits for: the document quiet for `quietMs` (after an
 * action's input, counted from that input or the page's last change since,
 * where the provider set its input clock; in a document that began while
 * the tab was attached, from its last change; the wait itself watches at
 * least half of `quietMs`), requests started since
 * `sinceMs` ago finished and animations started since then done, at most
 * `timeoutMs`, and never settled before `holdMs` (default 0) passed since
 * the wait began, so a reaction started by a timer is seen. `sinceMs` is
 * relative so no clocks are compared.
 */
export const SettleRequestSchema = z.strictObject({
  quietMs: z.number().int().min(0).max(1_000),
  timeoutMs: z.number().int().min(0).max(10_000),
  sinceMs: z.number().int().min(0).max(60_000),
  holdMs: z.number().int().min(0).max(2_000).optional(),
});

/**
 * How the wait ended: `settled` when everything was quiet before the bound;
 * else what was still going on when it cut the wait. Counts and flags only.
 */
export const SettleResultSchema = z.strictObject({
  settled: z.boolean(),
  waitedMs: z.number().int().min(0).max(60_000),
  requests: z.number().int().min(0).max(10_000),
  mutating: z.boolean(),
  animating: z.boolean(),
});

/** The page methods. */
export const pageMethods = {
  "browser.readPage": defineMethod({
    direction: "client→broker",
    title: "Read a live window of the leased document, continuing with a single-use token.",
    capability: "runtime.page.v1",
    params: BrowserReadPageParamsSchema,
    result: PageWindowSchema,
  }),
  "ax.page": defineMethod({
    direction: "broker→provider",
    title: "Read one live window of the leased root document.",
    capability: "ax.page.v1",
    params: z.strictObject({
      lease: LeaseTokenSchema,
      request: z.strictObject({
        frameId: IdSchema,
        backendNodeId: BackendNodeIdSchema.optional(),
        continuation: IdSchema.optional(),
      }),
    }),
    result: AxWindowSchema,
  }),
  "page.settle": defineMethod({
    direction: "broker→provider",
    title: "Wait, bounded, until the leased page's own reaction to a change has settled.",
    capability: "page.settle.v1",
    params: z.strictObject({ lease: LeaseTokenSchema, request: SettleRequestSchema }),
    result: SettleResultSchema,
  }),
};

export type PageWindow = z.infer<typeof PageWindowSchema>;
export type SettleRequest = z.infer<typeof SettleRequestSchema>;
export type SettleResult = z.infer<typeof SettleResultSchema>;
