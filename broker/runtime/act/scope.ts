/**
 * Where a `navigate` action may go: HTTP(S) only, and for an origin lease
 * only to exactly the lease's origin.
 *
 * @module
 */
import { LeashError } from "../../../contracts/errors.ts";
import type { LeaseScope } from "../../../contracts/methods/common.ts";

/**
 * The absolute URL to navigate to, or `OUT_OF_SCOPE` when `url` is not an
 * HTTP(S) URL or, under an origin lease, its origin differs from the lease's.
 */
export function navigationUrl(url: string, scope: LeaseScope): string {
  if (!URL.canParse(url)) {
    throw new LeashError("OUT_OF_SCOPE", { cause: new Error("the URL does not parse") });
  }
  const parsed = new URL(url);
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new LeashError("OUT_OF_SCOPE", { cause: new Error("only HTTP(S) URLs are navigable") });
  }
  if (scope.kind === "origin" && parsed.origin !== scope.origin) {
    throw new LeashError("OUT_OF_SCOPE", {
      cause: new Error("the URL leaves the lease's origin"),
    });
  }
  return parsed.href;
}
