/**
 * The local side both executables share, the Broker's `leash` and the
 * Native Host's `leash-host`: where the runtime and state dirs are, the
 * token file, JSON-line logs, strict CLI arguments, the one permission
 * table, the host config, and how to run the host from source. Deno only
 * (the extension never imports it); it depends on `contracts/` alone, and
 * `broker/` and `native_host/` depend on it instead of on each other.
 *
 * @module
 */
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
export {
  generateToken,
  isTokenShaped,
  randomHex,
  readToken,
  removeToken,
  TokenVerifier,
  writeToken,
} from "./token.ts";
