/**
 * The lease scope rule: which top-level documents a lease covers and where
 * a navigation under it may go. An origin lease covers exactly one HTTP(S)
 * origin; a tab lease covers any HTTP(S) page in its tab. Nothing else
 * (browser pages, `about:blank`, `data:`, `blob:`, files) is ever inside a
 * lease. The Broker and the extension each check it, with this one rule.
 *
 * @module
 */
import type { LeaseScope } from "./methods/mod.ts";
import { httpOrigin } from "./origin.ts";

/**
 * Whether a top-level document at `url` lies inside `scope`. An origin
 * scope that is not itself a canonical HTTP(S) origin matches nothing.
 *
 * @example
 * ```ts
 * const scope = { kind: "origin", origin: "https://shop.example" } as const;
 * inLeaseScope(scope, "https://shop.example:443/cart"); // true
 * inLeaseScope(scope, "https://shop.example.evil.test/"); // false
 * ```
 */
export function inLeaseScope(scope: LeaseScope, url: string | undefined): boolean {
  const origin = httpOrigin(url);
  if (origin === undefined) return false;
  return scope.kind === "tab" || scope.origin === origin;
}

/**
 * The absolute URL a navigation to `url` loads when it stays inside
 * `scope`, or `undefined` when it would leave it.
 *
 * @example
 * ```ts
 * navigationTarget({ kind: "tab" }, "https://a.example:443/x"); // "https://a.example/x"
 * navigationTarget({ kind: "tab" }, "javascript:alert(1)"); // undefined
 * ```
 */
export function navigationTarget(scope: LeaseScope, url: string): string | undefined {
  return inLeaseScope(scope, url) ? new URL(url).href : undefined;
}
