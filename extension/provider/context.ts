/**
 * What a provider handler works with: the connection it serves, the
 * browser, the leases and the approval queue.
 *
 * @module
 */
import type { ApprovalQueue } from "../worker/approvals.ts";
import type { Browser } from "../worker/browser.ts";
import type { Link } from "../worker/connector.ts";
import type { LeaseService } from "../worker/lease_service.ts";

/** The dependencies of the provider handlers of one connection. */
export interface ProviderContext {
  /** The connection being served: its generation tags and checks leases. */
  link: Link;
  /** This browser's instance ID; wire tab IDs start with it. */
  instanceId: string;
  browser: Browser;
  leases: LeaseService;
  approvals: Pick<ApprovalQueue, "ask">;
  now: () => number;
}
