/**
 * The Chromium browsers `leash install` knows, and where each looks for
 * native-messaging host manifests for the current user.
 *
 * @module
 */
import { join } from "node:path";
import type { HostOs } from "../../local/host_config.ts";

/** A browser by its `--browser` name. */
export type BrowserId = "chrome" | "chromium" | "edge" | "brave";

/** Every browser id, in the order install and doctor walk them. */
export const browserIds: readonly BrowserId[] = ["chrome", "chromium", "edge", "brave"];

/** Where one browser keeps its per-user data. */
export interface BrowserLocation {
  /** Shown to people. */
  label: string;
  /** Profile folder under `~/.config` (or `$XDG_CONFIG_HOME`) on Linux. */
  linux: readonly string[];
  /** Profile folder under `~/Library/Application Support` on macOS. */
  darwin: readonly string[];
  /** Registry path under `HKCU\Software` on Windows, without `NativeMessagingHosts`. */
  windows: string;
}

/** The browsers' per-user locations. */
export const browsers: Readonly<Record<BrowserId, BrowserLocation>> = {
  chrome: {
    label: "Google Chrome",
    linux: ["google-chrome"],
    darwin: ["Google", "Chrome"],
    windows: "Google\\Chrome",
  },
  chromium: {
    label: "Chromium",
    linux: ["chromium"],
    darwin: ["Chromium"],
    windows: "Chromium",
  },
  edge: {
    label: "Microsoft Edge",
    linux: ["microsoft-edge"],
    darwin: ["Microsoft Edge"],
    windows: "Microsoft\\Edge",
  },
  brave: {
    label: "Brave",
    linux: ["BraveSoftware", "Brave-Browser"],
    darwin: ["BraveSoftware", "Brave-Browser"],
    windows: "BraveSoftware\\Brave-Browser",
  },
};

/** Whether `name` is a browser id. */
export function isBrowserId(name: string): name is BrowserId {
  return browserIds.some((id) => id === name);
}

/** A browser's profile folder under `configRoot` (Linux and macOS). */
export function browserProfileDir(id: BrowserId, configRoot: string, os: HostOs): string {
  const parts = os === "darwin" ? browsers[id].darwin : browsers[id].linux;
  return join(configRoot, ...parts);
}

/** The folder Chrome reads host manifests from inside a user-data dir. */
export function manifestDirIn(userDataDir: string): string {
  return join(userDataDir, "NativeMessagingHosts");
}

/** The registry key holding the manifest path for `hostName` on Windows. */
export function registryKey(id: BrowserId, hostName: string): string {
  return `HKCU\\Software\\${browsers[id].windows}\\NativeMessagingHosts\\${hostName}`;
}
