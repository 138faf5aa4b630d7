/**
 * The capture family: a screenshot of the leased tab's viewport, with the
 * epoch of the document it shows.
 *
 * @module
 */
import { z } from "zod";
import { limits } from "../limits.ts";
import { DocumentEpochSchema, LeaseHandleSchema } from "./common.ts";
import { defineMethod } from "./define.ts";

/** A screenshot of the leased tab's viewport. */
export const CaptureSchema = z.strictObject({
  mimeType: z.enum(["image/png", "image/jpeg"]),
  /** Base64 image bytes. */
  data: z.string().max(limits.maxFrameBytes),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  documentEpoch: DocumentEpochSchema,
});

/** The capture methods. */
export const captureMethods = {
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
};
