/**
 * The payload hash that tells an exact retry from a changed request: SHA-256
 * over a canonical JSON text of the action's parameters.
 *
 * @module
 */
import { createHash } from "node:crypto";

/**
 * The parameters of `browser.act` that make up its payload: everything
 * except the request ID (the identity), the session ID (a new connection
 * gets a new session, and its exact retry must still match) and how long
 * the action may wait for its target (it changes nothing that is sent).
 */
export interface ActPayload {
  leaseId: string;
  documentEpoch: string;
  action: unknown;
  expect?: unknown;
  frame?: unknown;
}

/**
 * JSON with object keys sorted (by UTF-16 code units, at every depth) and
 * `undefined` members left out, so equal values always give equal text.
 * Throws `TypeError` on values JSON cannot carry (functions, symbols,
 * bigints, non-finite numbers) rather than hashing them as something else.
 */
export function canonicalJson(value: unknown): string {
  if (value === null) return "null";
  switch (typeof value) {
    case "string":
    case "boolean":
      return JSON.stringify(value);
    case "number":
      if (!Number.isFinite(value)) {
        throw new TypeError(`Cannot hash the payload: ${value} is not a JSON number`);
      }
      return JSON.stringify(value);
    case "object": {
      if (Array.isArray(value)) {
        return `[${value.map((item) => canonicalJson(item ?? null)).join(",")}]`;
      }
      const members: string[] = [];
      for (const key of Object.keys(value).sort()) {
        const member: unknown = Reflect.get(value, key);
        if (member === undefined) continue;
        members.push(`${JSON.stringify(key)}:${canonicalJson(member)}`);
      }
      return `{${members.join(",")}}`;
    }
    default:
      throw new TypeError(`Cannot hash the payload: a ${typeof value} is not JSON`);
  }
}

/**
 * The SHA-256 (lowercase hex) of the canonical JSON of `payload`.
 *
 * @example
 * ```ts
 * payloadHash({ leaseId: "l1", documentEpoch: "d1", action: { kind: "click", ref: "e12" } });
 * // the same for { action: { ref: "e12", kind: "click" }, documentEpoch: "d1", leaseId: "l1" }
 * ```
 */
export function payloadHash(payload: ActPayload): string {
  return digestOf(payload);
}

/**
 * The SHA-256 (lowercase hex) of the canonical JSON of any JSON value: the
 * payload hash of a batch plan, and the digest in its steps' fences.
 */
export function digestOf(value: unknown): string {
  return createHash("sha256").update(canonicalJson(value)).digest("hex");
}

/** The {@linkcode ActPayload} of a `browser.act` request's parameters. */
export function actPayload(params: ActPayload & { requestId?: string; sessionId?: string }) {
  const { leaseId, documentEpoch, action, expect, frame } = params;
  const payload: ActPayload = { leaseId, documentEpoch, action };
  if (expect !== undefined) payload.expect = expect;
  if (frame !== undefined) payload.frame = frame;
  return payload;
}
