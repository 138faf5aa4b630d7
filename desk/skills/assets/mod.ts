/**
 * The assets skill: `download_asset`, `import_asset` and their runtime probe.
 *
 * @module
 */
export { type AddressClass, classifyAddress } from "./address.ts";
export {
  DEFAULT_DOWNLOAD_LIMITS,
  downloadAssetAction,
  DownloadAssetArgsSchema,
  type DownloadContext,
  type DownloadLimits,
  type DownloadResult,
} from "./download_asset.ts";
export {
  DEFAULT_IMPORT_MAX_BYTES,
  importAssetAction,
  ImportAssetArgsSchema,
  type ImportContext,
  type ImportResult,
} from "./import_asset.ts";
export type { Connector, Dial, NetworkPolicy, Resolver } from "./pinned_request.ts";
export { assetsRuntime } from "./runtime.ts";
