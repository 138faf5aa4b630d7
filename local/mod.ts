/**
 * The local side the executables share, the Broker's `leash`, the Native
 * Host's `leash-host` and DeskBridge's `leash-desk`: where the runtime and
 * state dirs are, the token file, JSON-line logs, strict CLI arguments, the
 * one permission table, the host config and the desk policy, how to run the
 * hosts from source, and what both native-messaging hosts do alike (the
 * caller-origin check, frames in from stdin, the one owner of stdout). Deno
 * only (the extension never imports it); it depends on `contracts/` alone,
 * and `broker/`, `native_host/` and `desk/` depend on it instead of on each
 * other.
 *
 * @module
 */
export { BrowserFrameWriter, SecretInFrameError } from "./browser_writer.ts";
export { callerOrigin, isAllowedOrigin } from "./caller_origin.ts";
export { parseStrict, UsageError, withoutLeadingDashDash } from "./cli_args.ts";
export {
  type BrokerDirs,
  type DirOverrides,
  type EnvReader,
  resolveDirs,
  resolveRuntimeDir,
  resolveStateDir,
  runtimeFiles,
  runtimePath,
} from "./dirs.ts";
export {
  formatHostConfig,
  type HostConfig,
  HostConfigError,
  hostConfigPath,
  HostConfigSchema,
  type HostOs,
  hostRuntimeDir,
  leashAppDir,
  parseHostConfig,
  readHostConfig,
  userConfigRoot,
} from "./host_config.ts";
export {
  defaultHostScope,
  hostDenoArgs,
  hostMainPath,
  type HostScope,
  workspaceConfigPath,
} from "./host_run_args.ts";
export { FrameReader } from "./frame_reader.ts";
export { JsonLogger, type LogFields, type Logger, type LogLevel, silentLogger } from "./log.ts";
export {
  dirEnvNames,
  type EntryPoint,
  hostEnvNames,
  permissionFlags,
  type PermissionName,
  type PermissionScope,
  type PermissionSet,
  permissionTable,
} from "./permissions.ts";
export { claimStdout } from "./stdout.ts";
export {
  generateToken,
  isTokenShaped,
  randomHex,
  readToken,
  removeToken,
  TokenVerifier,
  writeToken,
} from "./token.ts";
