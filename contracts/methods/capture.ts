/**
 * The capture family: a screenshot of the leased tab's viewport, its whole
 * page (`fullPage`) or one element (`ref`, fenced with its `documentEpoch`),
 * with the epoch of the document it shows.
 *
 * @module
 */
import { z } from "zod";
import { limits } from "../limits.ts";
import { DocumentEpochSchema, LeaseHandleSchema, RefSchema } from "./common.ts";
import { defineMethod } from "./define.ts";

/**
 * The most CSS pixels a capture may span in either direction: past it a
 * full page or element is refused, never cut or scaled down.
 */
export const maxCaptureSide = 16_384;

/** A screenshot of the leased tab: its viewport, its whole page or one element. */
export const CaptureSchema = z.strictObject({
  mimeType: z.enum(["image/png", "image/jpeg"]),
  /** Base64 image bytes. */
  data: z.string().max(limits.maxFrameBytes),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  documentEpoch: DocumentEpochSchema,
});

/** `browser.capture`'s fields, before the checks between them (tools extend it). */
export const CaptureParamsObject = z.strictObject({
  ...LeaseHandleSchema.shape,
  format: z.enum(["png", "jpeg"]).optional(),
  /** The whole page, not only the viewport (`runtime.capture-area.v1`). */
  fullPage: z.boolean().optional(),
  /** Only this element's box, scrolled into view (`runtime.capture-area.v1`). */
  ref: RefSchema.optional(),
  /** The epoch of the observation `ref` came from; required with `ref`. */
  documentEpoch: DocumentEpochSchema.optional(),
});

/** The capture methods. */
export const captureMethods = {
  "browser.capture": defineMethod({
    direction: "client→broker",
    title: "Capture a screenshot of the leased tab's viewport, its whole page or one element.",
    capability: "runtime.capture-publication.v1",
    params: CaptureParamsObject.refine(
      (params) => !(params.fullPage === true && params.ref !== undefined),
      { message: "fullPage and ref cannot both be given" },
    ).refine((params) => (params.ref === undefined) === (params.documentEpoch === undefined), {
      message: "ref and documentEpoch go together",
    }),
    result: CaptureSchema,
  }),
};
