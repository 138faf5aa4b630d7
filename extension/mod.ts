/**
 * The Leash MV3 extension: the provider side of the protocol. The bundle
 * entries are `worker/main.ts`, `popup/popup.ts` and `approval/approval.ts`
 * (see `scripts/build_extension.ts`); this module re-exports the parts that
 * do not touch `chrome.*` when imported, for tests and tools.
 *
 * @module
 */
export { type PortLike, PortTransport, type PortTransportOptions } from "./port_transport.ts";
export {
  type ApprovalCommand,
  ApprovalCommandSchema,
  approvalPortName,
  type ApprovalState,
  ApprovalStateSchema,
  type ClaimView,
  isOwnPage,
  type LeaseView,
  pagePaths,
  type PopupCommand,
  PopupCommandSchema,
  popupPortName,
  type PopupState,
  PopupStateSchema,
} from "./messages.ts";
export {
  type ConnectionState,
  Connector,
  type ConnectorOptions,
  type Link,
  providerHandshake,
} from "./worker/connector.ts";
export { type ProviderPolicyOptions, ProviderPolicyTransport } from "./worker/provider_policy.ts";
export { LeaseTable } from "./worker/lease_table.ts";
export { ApprovalQueue } from "./worker/approvals.ts";
export { PageChangeCoalescer } from "./worker/coalescer.ts";
export { providerHandlers } from "./provider/mod.ts";
export type {
  Approvals,
  Browser,
  ClaimPrompt,
  Decision,
  LeaseGrant,
  LeaseRecord,
  Leases,
  ProviderContext,
  ProviderLink,
  TabSnapshot,
} from "./provider/context.ts";
export { checkCdpParams } from "./provider/cdp_params.ts";
export { projectAxNodes } from "./provider/ax_projection.ts";
