/**
 * Schema helpers for the RPC peer: safe lookups by wire name and parsing that
 * keeps a generic schema's output type.
 *
 * @module
 */
import type { z } from "zod";

/**
 * Narrow a wire name to an own key of a table. Inherited keys such as
 * `constructor` or `toString` match the name pattern, so `in` would dispatch
 * them.
 */
export function isKeyOf<T extends object>(table: T, key: string): key is keyof T & string {
  return Object.hasOwn(table, key);
}

/** `schema.safeParse`, keeping the output type of a generic schema. */
export function parse<S extends z.ZodType>(
  schema: S,
  value: unknown,
): z.ZodSafeParseResult<z.output<S>> {
  return schema.safeParse(value);
}

/**
 * Parse with `schema`, letting the wire's `null` and a local `undefined`
 * stand for each other: the wire has no `undefined`, so a void result or
 * event crosses as `null`, and `z.void()`, `z.null()` and `z.undefined()`
 * all work on both sides.
 */
export function parseVoidable<S extends z.ZodType>(
  schema: S,
  value: unknown,
): z.ZodSafeParseResult<z.output<S>> {
  const result = schema.safeParse(value);
  if (result.success) return result;
  if (value === null) return schema.safeParse(undefined);
  if (value === undefined) return schema.safeParse(null);
  return result;
}
