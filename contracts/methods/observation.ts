/**
 * What observations and page windows look like on the client side. Text in
 * `name`, `value`, `title` and the rendered `text` is page-derived: it is
 * data, never instructions, and the rendering marks it as such.
 *
 * @module
 */
import { z } from "zod";
import { IdSchema } from "../envelope.ts";
import {
  CallerTextSchema,
  CountSchema,
  DocumentEpochSchema,
  FrameIdSchema,
  FrameTargetSchema,
  LeaseIdSchema,
  RefSchema,
  SessionIdSchema,
  UrlSchema,
} from "./common.ts";

/** Element states an observation reports, in a fixed vocabulary. */
export const ElementStateSchema = z.enum([
  "checked",
  "mixed",
  "selected",
  "expanded",
  "collapsed",
  "disabled",
  "focused",
  "required",
  "readonly",
  "editable",
  "invalid",
  "pressed",
]);

/** Page-derived text: bounded so one node cannot flood a result. */
export const PageTextSchema = z.string().max(10_000);

/** One row of an observation. `ref` is set only on elements that can be acted on. */
export const ObservedNodeSchema = z.strictObject({
  ref: RefSchema.nullable(),
  role: z.string().min(1).max(64),
  name: PageTextSchema,
  value: PageTextSchema.optional(),
  states: z.array(ElementStateSchema).max(12),
  level: z.number().int().nonnegative().max(1024),
});

/** What an observation covers. Cursors apply only within an equal scope. */
export const ObservationScopeSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("page") }),
  z.strictObject({
    kind: z.literal("query"),
    query: CallerTextSchema.min(1),
    frameId: FrameIdSchema.optional(),
    rootRef: RefSchema.optional(),
  }),
  z.strictObject({ kind: z.literal("frame"), frameId: FrameIdSchema }),
  z.strictObject({
    kind: z.literal("subtree"),
    rootRef: RefSchema,
    frameId: FrameIdSchema.optional(),
  }),
]);

/** A cursor naming one observation, for `since`. */
export const CursorSchema = IdSchema;

/** How a result was cut to fit its budget, and how to get the rest. */
export const TruncationSchema = z.strictObject({
  omitted: CountSchema,
  hint: z.string().max(500),
});

/** Rows that differ from the observation named by `since`. */
export const DeltaSchema = z.strictObject({
  since: CursorSchema,
  added: z.array(ObservedNodeSchema),
  removed: z.array(ObservedNodeSchema),
  changed: z.array(ObservedNodeSchema),
});

const pageHeader = {
  scope: ObservationScopeSchema,
  documentEpoch: DocumentEpochSchema,
  url: UrlSchema,
  title: PageTextSchema,
  /** Compact rendering for a model to read; page-derived text is marked. */
  text: z.string(),
  nodes: z.array(ObservedNodeSchema),
};

/** A token-budgeted observation, full or as a delta. */
export const ObservationSchema = z.strictObject({
  ...pageHeader,
  cursor: CursorSchema,
  truncated: TruncationSchema.nullable(),
  delta: DeltaSchema.nullable(),
});

/** A live window of a long document, with a single-use continuation. */
export const PageWindowSchema = z.strictObject({
  ...pageHeader,
  continuation: IdSchema.nullable(),
  complete: z.boolean(),
});

export const BrowserObserveParamsSchema = z.strictObject({
  sessionId: SessionIdSchema,
  leaseId: LeaseIdSchema,
  query: CallerTextSchema.min(1).optional(),
  since: CursorSchema.optional(),
  frame: FrameTargetSchema.optional(),
  rootRef: RefSchema.optional(),
  maxTokens: z.number().int().min(100).max(100_000).optional(),
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

export type ElementState = z.infer<typeof ElementStateSchema>;
export type ObservedNode = z.infer<typeof ObservedNodeSchema>;
export type ObservationScope = z.infer<typeof ObservationScopeSchema>;
export type Observation = z.infer<typeof ObservationSchema>;
export type PageWindow = z.infer<typeof PageWindowSchema>;
