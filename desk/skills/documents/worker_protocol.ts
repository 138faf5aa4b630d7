/**
 * The messages between the host and the conversion worker, validated on
 * both sides: the worker's answer crossed a boundary like any input.
 *
 * @module
 */
import { z } from "zod";

/** What the host asks the worker to convert. */
export const WorkerRequestSchema = z.strictObject({
  format: z.enum(["docx", "pdf", "html"]),
  bytes: z.instanceof(Uint8Array),
});

/** A conversion request. */
export type WorkerRequest = z.infer<typeof WorkerRequestSchema>;

/** What the worker answers. */
export const WorkerAnswerSchema = z.discriminatedUnion("ok", [
  z.strictObject({
    ok: z.literal(true),
    markdown: z.string(),
    pages: z.number().int().nonnegative().optional(),
  }),
  z.strictObject({
    ok: z.literal(false),
    reason: z.enum(["request", "failed", "ocr"]),
    ocrPages: z.array(z.number().int().positive()).optional(),
  }),
]);

/** A conversion answer. */
export type WorkerAnswer = z.infer<typeof WorkerAnswerSchema>;
