/**
 * `leash install` and `leash uninstall`: native-messaging manifests, the
 * dev launcher, the host config, and the receipt that ties them together.
 *
 * @module
 */
export { installUsage, runInstall } from "./install.ts";
export { runUninstall, uninstallUsage } from "./uninstall.ts";
export { staticPermissionFlags } from "../../local/static_flags.ts";
