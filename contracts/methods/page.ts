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
};

export type PageWindow = z.infer<typeof PageWindowSchema>;
