/**
 * The five envelope shapes, and nothing else. Every field shown is required
 * and unknown fields are rejected. Envelopes say nothing about method
 * payloads: those are checked against the method table.
 *
 * @module
 */
import { z } from "zod";
import { errorCodeList, type ErrorDetail, LeashError, refusalReasonList } from "./errors.ts";
import { limits } from "./limits.ts";
import { JsonObjectSchema, JsonValueSchema } from "./json.ts";
import { boundText } from "./text.ts";

/** Number of Unicode code points in `text` (astral characters count once). */
export function codePointLength(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // A high surrogate followed by a low surrogate is one code point.
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}

/**
 * A transport or action ID: a nonempty string of at most 128 code points.
 * JSON Schema's `maxLength` also counts code points, so the two agree.
 */
export const IdSchema = z
  .string()
  .refine((id) => id.length > 0 && codePointLength(id) <= limits.maxIdCodePoints, {
    message: `must be 1 to ${limits.maxIdCodePoints} code points`,
  })
  .meta({ minLength: 1, maxLength: limits.maxIdCodePoints });

/** The ASCII pattern every method and event name matches. */
export const namePattern = /^[A-Za-z][A-Za-z0-9_.:-]*$/;

/** A method or event name. */
export const NameSchema = z.string().max(limits.maxNameLength).regex(namePattern);

/** A wire error code from `errorCodes`. */
export const ErrorCodeSchema = z.enum(errorCodeList);

export const RequestEnvelopeSchema = z.strictObject({
  type: z.literal("request"),
  id: IdSchema,
  method: NameSchema,
  params: JsonObjectSchema,
});

export const SuccessEnvelopeSchema = z.strictObject({
  type: z.literal("response"),
  id: IdSchema,
  ok: z.literal(true),
  value: JsonValueSchema,
});

/** The longest element name an error detail carries, in UTF-16 units. */
export const detailNameUnits = 200;

/** What a failure may add to its code: fixed words, and one bounded page-text name. */
export const ErrorDetailSchema = z.strictObject({
  reason: z.enum(refusalReasonList),
  use: z.string().regex(/^[A-Za-z]{1,32}$/).optional(),
  by: z.strictObject({
    role: z.string().min(1).max(64),
    name: z.string().max(detailNameUnits),
  }).optional(),
  cursor: IdSchema.optional(),
  redrawnAs: z.string().regex(/^e[1-9][0-9]{0,9}$/).optional(),
});

/**
 * The detail of a thrown `LeashError` as it may cross the wire: its name
 * bounded, and nothing at all when it does not fit the schema, so a bad
 * detail never costs the answer its code.
 */
export function wireDetail(error: unknown): ErrorDetail | undefined {
  if (!(error instanceof LeashError) || error.detail === undefined) return undefined;
  const detail = error.detail;
  const bounded = detail.by === undefined
    ? detail
    : { ...detail, by: { ...detail.by, name: boundText(detail.by.name, detailNameUnits).text } };
  const checked = ErrorDetailSchema.safeParse(bounded);
  return checked.success ? checked.data : undefined;
}

export const FailureEnvelopeSchema = z.strictObject({
  type: z.literal("response"),
  id: IdSchema,
  ok: z.literal(false),
  code: ErrorCodeSchema,
  detail: ErrorDetailSchema.optional(),
});

export const EventEnvelopeSchema = z.strictObject({
  type: z.literal("event"),
  event: NameSchema,
  value: JsonValueSchema,
});

export const CancelEnvelopeSchema = z.strictObject({
  type: z.literal("cancel"),
  id: IdSchema,
});

/** Any of the five envelopes. */
export const EnvelopeSchema = z.union([
  RequestEnvelopeSchema,
  SuccessEnvelopeSchema,
  FailureEnvelopeSchema,
  EventEnvelopeSchema,
  CancelEnvelopeSchema,
]);

export type RequestEnvelope = z.infer<typeof RequestEnvelopeSchema>;
export type SuccessEnvelope = z.infer<typeof SuccessEnvelopeSchema>;
export type FailureEnvelope = z.infer<typeof FailureEnvelopeSchema>;
export type EventEnvelope = z.infer<typeof EventEnvelopeSchema>;
export type CancelEnvelope = z.infer<typeof CancelEnvelopeSchema>;
export type ResponseEnvelope = SuccessEnvelope | FailureEnvelope;
export type Envelope =
  | RequestEnvelope
  | SuccessEnvelope
  | FailureEnvelope
  | EventEnvelope
  | CancelEnvelope;

/**
 * Validate an untrusted value as an envelope. Returns `undefined` when it is
 * not exactly one of the five shapes; callers close the peer in that case.
 */
export function parseEnvelope(value: unknown): Envelope | undefined {
  const result = shapeFor(value)?.safeParse(value);
  return result?.success ? result.data : undefined;
}

/**
 * The one shape `value` can be, judged by its `type` (and `ok`), so a
 * message is checked against one schema instead of trying all five.
 */
function shapeFor(value: unknown) {
  if (typeof value !== "object" || value === null || !("type" in value)) return undefined;
  switch (value.type) {
    case "request":
      return RequestEnvelopeSchema;
    case "response":
      return "ok" in value && value.ok === false ? FailureEnvelopeSchema : SuccessEnvelopeSchema;
    case "event":
      return EventEnvelopeSchema;
    case "cancel":
      return CancelEnvelopeSchema;
    default:
      return undefined;
  }
}
