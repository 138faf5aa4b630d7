/**
 * Every served client method's handler, one family per file, typed by the
 * method table so a served method without a handler fails type checking;
 * methods this build does not serve have none (the peer answers them
 * `UNSUPPORTED`).
 *
 * @module
 */
import type { ServedHandlers } from "../../contracts/methods/define.ts";
import type { ClientMethods } from "../../contracts/methods/mod.ts";
import { actHandlers } from "./act.ts";
import { batchHandlers } from "./batch.ts";
import { captureHandlers } from "./capture.ts";
import { consoleHandlers } from "./console.ts";
import type { HandlerDeps } from "./context.ts";
import { discoveryHandlers } from "./discovery.ts";
import { framesHandlers } from "./frames.ts";
import { leaseHandlers } from "./lease.ts";
import { networkHandlers } from "./network.ts";
import { observeHandlers } from "./observe.ts";
import { pageHandlers } from "./page.ts";

export type { HandlerDeps } from "./context.ts";

/** The handlers for one client connection. */
export function clientHandlers(deps: HandlerDeps): ServedHandlers<ClientMethods> {
  return {
    ...discoveryHandlers(deps),
    ...leaseHandlers(deps),
    ...observeHandlers(deps),
    ...pageHandlers(deps),
    ...captureHandlers(deps),
    ...actHandlers(deps),
    ...framesHandlers(deps),
    ...batchHandlers(deps),
    ...consoleHandlers(deps),
    ...networkHandlers(deps),
  };
}
