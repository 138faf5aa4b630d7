/**
 * Observation scopes: which part of a document an observation covers. A
 * cursor applies only within an equal scope, so equality here is exact:
 * same kind and the same fields, an absent field equal only to an absent one.
 *
 * @module
 */
import type { ObservationScope } from "../../../contracts/methods/mod.ts";

/** The scope a `browser.observe` request asks for. */
export function scopeFromParams(
  params: { query?: string; frameId?: string; rootRef?: string },
): ObservationScope {
  const { query, frameId, rootRef } = params;
  if (query !== undefined) {
    return {
      kind: "query",
      query,
      ...(frameId === undefined ? {} : { frameId }),
      ...(rootRef === undefined ? {} : { rootRef }),
    };
  }
  if (rootRef !== undefined) {
    return { kind: "subtree", rootRef, ...(frameId === undefined ? {} : { frameId }) };
  }
  if (frameId !== undefined) return { kind: "frame", frameId };
  return { kind: "page" };
}

/** A canonical string for `scope`: equal scopes, and only they, share it. */
export function scopeKey(scope: ObservationScope): string {
  switch (scope.kind) {
    case "page":
      return JSON.stringify(["page"]);
    case "frame":
      return JSON.stringify(["frame", scope.frameId]);
    case "subtree":
      return JSON.stringify(["subtree", scope.rootRef, scope.frameId ?? null]);
    case "query":
      return JSON.stringify(["query", scope.query, scope.frameId ?? null, scope.rootRef ?? null]);
  }
}

/** Whether two scopes are the same scope. */
export function sameScope(a: ObservationScope, b: ObservationScope): boolean {
  return scopeKey(a) === scopeKey(b);
}
