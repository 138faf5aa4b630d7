/**
 * DeskBridge's envelopes: the request `{version, id, action, arguments}` and
 * the two response shapes. Unknown top-level fields of a request are
 * ignored (the protocol allows it for forward compatibility); everything an
 * action reads is validated strictly by its own schema in
 * {@link ./actions.ts}.
 *
 * @module
 */
import { z } from "zod";
import { DESK_PROTOCOL_VERSION, type DeskErrorCode, deskErrorCodes } from "./codes.ts";

/** The longest request ID the host accepts (and so ever echoes). */
export const DESK_MAX_ID_LENGTH = 128;

/** A request ID: non-empty, bounded. */
export const DeskRequestIdSchema = z.string().min(1).max(DESK_MAX_ID_LENGTH);

/**
 * A request's envelope. Unknown top-level fields are stripped, never
 * refused; `action` is checked against the action table separately, so a
 * misspelt action is `UNKNOWN_ACTION` rather than `INVALID_REQUEST`.
 */
export const DeskRequestSchema = z.object({
  version: z.literal(DESK_PROTOCOL_VERSION),
  id: DeskRequestIdSchema,
  action: z.string(),
  arguments: z.record(z.string(), z.unknown()),
});

/** A request's envelope, validated. */
export type DeskRequest = z.infer<typeof DeskRequestSchema>;

/** A successful response. */
export interface DeskSuccess {
  version: typeof DESK_PROTOCOL_VERSION;
  id: string;
  success: true;
  data: unknown;
}

/**
 * A refused or failed request. `id` is `null` only when the request had no
 * usable ID (not an object, a missing, empty or oversize ID).
 */
export interface DeskError {
  version: typeof DESK_PROTOCOL_VERSION;
  id: string | null;
  success: false;
  error: {
    code: DeskErrorCode;
    message: string;
    /** Fixed words and numbers only (which edit, how many matches, which lines), never a path. */
    details?: Readonly<Record<string, unknown>>;
  };
}

/** Either response. */
export type DeskResponse = DeskSuccess | DeskError;

/** Whether `code` is one of the 29 codes. */
export function isDeskErrorCode(code: string): code is DeskErrorCode {
  return Object.hasOwn(deskErrorCodes, code);
}

/** A response as the extension validates it. */
export const DeskResponseSchema = z.discriminatedUnion("success", [
  z.strictObject({
    version: z.literal(DESK_PROTOCOL_VERSION),
    id: DeskRequestIdSchema,
    success: z.literal(true),
    data: z.unknown(),
  }),
  z.strictObject({
    version: z.literal(DESK_PROTOCOL_VERSION),
    id: DeskRequestIdSchema.nullable(),
    success: z.literal(false),
    error: z.strictObject({
      code: z.string().refine(isDeskErrorCode),
      message: z.string(),
      details: z.record(z.string(), z.unknown()).optional(),
    }),
  }),
]);

/** A success response to `id`. */
export function deskSuccess(id: string, data: unknown): DeskSuccess {
  return { version: DESK_PROTOCOL_VERSION, id, success: true, data };
}

/** An error response to `id` with `code`'s fixed sentence. */
export function deskError(id: string | null, code: DeskErrorCode): DeskError {
  return {
    version: DESK_PROTOCOL_VERSION,
    id,
    success: false,
    error: { code, message: deskErrorCodes[code] },
  };
}

/**
 * The ID to answer a message with, read leniently so an invalid request is
 * still answered under its own ID where it had a usable one.
 */
export function answerableId(message: unknown): string | null {
  if (typeof message !== "object" || message === null || Array.isArray(message)) return null;
  const id = DeskRequestIdSchema.safeParse("id" in message ? message.id : undefined);
  return id.success ? id.data : null;
}
