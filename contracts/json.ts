/**
 * JSON values and the schemas for them.
 *
 * @module
 */
import { z } from "zod";

/** Any JSON value. */
export type JsonValue =
  | null
  | boolean
  | number
  | string
  | JsonValue[]
  | { [key: string]: JsonValue };

/** A JSON object. */
export type JsonObject = { [key: string]: JsonValue };

/** Whether `value` is a plain object: not an array, not null. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Any value that is present. Everything a peer receives came out of
 * `JSON.parse`, so presence is the only check needed; walking a 900 KB value
 * again would only cost time. JSON Schema renders it as `{}`.
 */
export const JsonValueSchema: z.ZodType<JsonValue> = z.custom<JsonValue>(
  (value) => value !== undefined,
);

/**
 * A JSON object (not an array, not null); its members are any JSON. Checked
 * as a plain object for the same reason as {@linkcode JsonValueSchema}: every
 * request's `params` passes here before its method schema looks deeper.
 */
export const JsonObjectSchema: z.ZodType<JsonObject> = z
  .custom<JsonObject>(isRecord)
  .meta({ type: "object" });
