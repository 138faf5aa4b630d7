/**
 * The act family: one fenced, journaled action on an observed element, what
 * the caller expects afterwards and what it is told; and the provider's
 * fenced `cdp`, the action engine's one way into the tab.
 *
 * @module
 */
import { z } from "zod";
import { JsonObjectSchema } from "../json.ts";
import {
  CallerTextSchema,
  DocumentEpochSchema,
  FrameTargetSchema,
  LeaseIdSchema,
  LeaseTokenSchema,
  RefSchema,
  RequestIdSchema,
  SessionIdSchema,
  UrlSchema,
} from "./common.ts";
import { CdpMethodSchema } from "./cdp.ts";
import { defineMethod } from "./define.ts";
import { ObservationSchema } from "./observe.ts";

/** Text a caller types into a field. */
export const InputTextSchema = z.string().max(100_000);

/** Keys an action may press by name. */
export const NamedKeySchema = z.enum([
  "Enter",
  "Tab",
  "Escape",
  "Backspace",
  "Delete",
  "Space",
  "ArrowUp",
  "ArrowDown",
  "ArrowLeft",
  "ArrowRight",
  "Home",
  "End",
  "PageUp",
  "PageDown",
]);

export const ModifierSchema = z.enum(["Alt", "Control", "Meta", "Shift"]);

const scrollDelta = z.number().finite().min(-100_000).max(100_000);

/** One action on one element (or the page), by kind. */
export const ActionSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("click"), ref: RefSchema }),
  z.strictObject({ kind: z.literal("fill"), ref: RefSchema, text: InputTextSchema }),
  z.strictObject({ kind: z.literal("append"), ref: RefSchema, text: InputTextSchema }),
  z.strictObject({ kind: z.literal("fillEditable"), ref: RefSchema, text: InputTextSchema }),
  z.strictObject({
    kind: z.literal("press"),
    key: NamedKeySchema,
    ref: RefSchema.optional(),
    modifiers: z.array(ModifierSchema).max(4).optional(),
  }),
  z.strictObject({ kind: z.literal("check"), ref: RefSchema, checked: z.boolean() }),
  z.strictObject({ kind: z.literal("radio"), ref: RefSchema }),
  z.strictObject({ kind: z.literal("select"), ref: RefSchema, option: CallerTextSchema }),
  z.strictObject({
    kind: z.literal("wheel"),
    ref: RefSchema.optional(),
    deltaX: scrollDelta,
    deltaY: scrollDelta,
  }),
  z.strictObject({ kind: z.literal("scroll"), ref: RefSchema }),
  z.strictObject({ kind: z.literal("navigate"), url: UrlSchema }),
]);

/** What must hold after the action for it to count as verified. */
export const ExpectationSchema = z
  .strictObject({
    textPresent: CallerTextSchema.min(1).optional(),
    element: z
      .strictObject({
        ref: RefSchema,
        checked: z.union([z.boolean(), z.literal("mixed")]).optional(),
        selected: z.boolean().optional(),
        expanded: z.boolean().optional(),
        disabled: z.boolean().optional(),
        focused: z.boolean().optional(),
        value: CallerTextSchema.optional(),
      })
      .optional(),
  });

/**
 * How long an action waits, at most, for the page's own reaction before
 * its observation is read (0: not at all); `settleDefaults.timeoutMs` when absent.
 */
export const SettleMsSchema = z.number().int().min(0).max(10_000);

/**
 * Present only when the wait for the page's reaction was cut at its bound:
 * how long it waited and what was still going on.
 */
export const UnsettledSchema = z.strictObject({
  afterMs: z.number().int().min(0).max(60_000),
  /** Requests the action started that were still open. */
  requests: z.number().int().min(0).max(10_000),
  /** Whether the document was still mutating. */
  mutating: z.boolean(),
  /** Whether transitions or animations started since the action were still running. */
  animating: z.boolean(),
});

/** How sure the runtime is that the action did what was asked. */
export const ActStatusSchema = z.enum(["verified", "unverified", "uncertain"]);

export const BrowserActParamsSchema = z.strictObject({
  sessionId: SessionIdSchema,
  leaseId: LeaseIdSchema,
  requestId: RequestIdSchema,
  documentEpoch: DocumentEpochSchema,
  action: ActionSchema,
  expect: ExpectationSchema.optional(),
  frame: FrameTargetSchema.optional(),
  settleMs: SettleMsSchema.optional(),
});

/** The answer to an action; an exact retry gets the same answer back. */
export const ActResultSchema = z.strictObject({
  requestId: RequestIdSchema,
  status: ActStatusSchema,
  documentChanged: z.boolean(),
  documentEpoch: DocumentEpochSchema,
  observation: ObservationSchema.nullable(),
  unsettled: UnsettledSchema.optional(),
});

/** The act methods. */
export const actMethods = {
  "browser.act": defineMethod({
    direction: "client→broker",
    title: "Perform one fenced, journaled action on an observed element.",
    capability: "runtime.v1",
    params: BrowserActParamsSchema,
    result: ActResultSchema,
  }),
  "cdp": defineMethod({
    direction: "broker→provider",
    title: "Run one allowlisted DevTools method on the leased tab.",
    capability: "lease.fencing.v1",
    params: z.strictObject({
      lease: LeaseTokenSchema,
      method: CdpMethodSchema,
      params: JsonObjectSchema,
    }),
    result: JsonObjectSchema,
  }),
};

export type Action = z.infer<typeof ActionSchema>;
export type Expectation = z.infer<typeof ExpectationSchema>;
export type ActResult = z.infer<typeof ActResultSchema>;
