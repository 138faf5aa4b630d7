/**
 * The batch family: 1 to 8 actions as one fenced plan, each step approved
 * by the client through a request the Broker makes of it.
 *
 * @module
 */
import { z } from "zod";
import { IdSchema } from "../envelope.ts";
import { limits } from "../limits.ts";
import {
  CountSchema,
  DocumentEpochSchema,
  LeaseIdSchema,
  RequestIdSchema,
  SessionIdSchema,
} from "./common.ts";
import { ActionSchema, ActResultSchema, ActStatusSchema, ExpectationSchema } from "./act.ts";
import { defineMethod } from "./define.ts";

/** One step of a batch plan. */
export const BatchStepSchema = z.strictObject({
  action: ActionSchema,
  expect: ExpectationSchema.optional(),
});

export const BrowserBatchParamsSchema = z.strictObject({
  sessionId: SessionIdSchema,
  request: z.strictObject({
    leaseId: LeaseIdSchema,
    requestId: RequestIdSchema,
    documentEpoch: DocumentEpochSchema,
    steps: z.array(BatchStepSchema).min(limits.minBatchSteps).max(limits.maxBatchSteps),
  }),
  approvalId: IdSchema,
});

export const BatchResultSchema = z.strictObject({
  requestId: RequestIdSchema,
  status: ActStatusSchema,
  completed: CountSchema,
  steps: z.array(ActResultSchema).max(limits.maxBatchSteps),
});

/** The batch methods. */
export const batchMethods = {
  "browser.batch": defineMethod({
    direction: "client→broker",
    title: "Run 1 to 8 actions as one fenced plan, approving each step.",
    capability: "runtime.batch.v1",
    params: BrowserBatchParamsSchema,
    result: BatchResultSchema,
  }),
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
