/**
 * The batch family: 1 to 8 actions as one fenced plan, each step approved
 * by the client through a request the Broker makes of it.
 *
 * @module
 */
import { z } from "zod";
import { ErrorCodeSchema, IdSchema } from "../envelope.ts";
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

/** The index of a step in its plan. */
export const BatchIndexSchema = z.number().int().nonnegative().max(limits.maxBatchSteps - 1);

/**
 * Why a plan ended before its last step ran to a verified end:
 * - `denied`: the client's approval was anything but `{allowed:true}`;
 * - `approval-timeout`: no approval came in time (or the shared deadline passed);
 * - `connection-lost`: the client's connection closed while it was asked;
 * - `unverified` / `uncertain`: the step ran and that was its status;
 * - `document-changed`: the step ran and the document changed before the last step;
 * - `failed`: the step was answered with the error `code` (`dispatched` says
 *   whether input may have reached the page).
 */
export const BatchStopReasonSchema = z.enum([
  "denied",
  "approval-timeout",
  "connection-lost",
  "unverified",
  "uncertain",
  "document-changed",
  "failed",
]);

/** Where and why a plan ended early; the steps after `index` were skipped, never run. */
export const BatchStopSchema = z.strictObject({
  index: BatchIndexSchema,
  reason: BatchStopReasonSchema,
  code: ErrorCodeSchema.optional(),
  dispatched: z.boolean().optional(),
});

/**
 * A plan's result. `steps` holds the result of each step that ran, in
 * order; only the last one carries an observation (one delta for the whole
 * plan), the others `null`. `skipped` steps never ran and never will, not
 * even by recovery.
 */
export const BatchResultSchema = z.strictObject({
  requestId: RequestIdSchema,
  status: ActStatusSchema,
  completed: CountSchema,
  skipped: CountSchema,
  steps: z.array(ActResultSchema).max(limits.maxBatchSteps),
  stop: BatchStopSchema.optional(),
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
      index: BatchIndexSchema,
    }),
    result: z.strictObject({ allowed: z.boolean() }),
  }),
};

export type BatchStep = z.infer<typeof BatchStepSchema>;
export type BatchResult = z.infer<typeof BatchResultSchema>;
export type BatchStop = z.infer<typeof BatchStopSchema>;
export type BatchStopReason = z.infer<typeof BatchStopReasonSchema>;
