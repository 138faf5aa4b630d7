/**
 * The caller-origin check. Chrome starts the host with the caller's origin
 * as its only argument (`chrome-extension://<id>/`); on Windows it adds
 * `--parent-window=<handle>`, which says nothing about who is calling and is
 * skipped.
 *
 * @module
 */
import { extensionOrigin } from "../contracts/identity.ts";

/**
 * The caller origin among Chrome's arguments: the first that is not a
 * `--parent-window=` flag, or `undefined` when there is none.
 */
export function callerOrigin(args: readonly string[]): string | undefined {
  return args.find((arg) => !arg.startsWith("--parent-window="));
}

/**
 * Whether `origin` may use the host: our compiled-in extension origin, or
 * one the installed host config allows. Compared exactly; a look-alike with
 * a different case or a missing slash is refused.
 */
export function isAllowedOrigin(origin: string, configured: readonly string[] = []): boolean {
  return origin === extensionOrigin || configured.includes(origin);
}
