/**
 * Where the manifest goes for each browser `leash install` (and `leash
 * doctor`) is asked about: a file per browser profile on Linux and macOS,
 * or one file in the Leash app dir plus a registry key per browser on
 * Windows; with `--user-data-dir`, that profile's `NativeMessagingHosts/`.
 *
 * @module
 */
import { dirname, join } from "node:path";
import { type HostOs, leashAppDir, userConfigRoot } from "../../local/host_config.ts";
import { deskHostName, nativeHostName } from "../../contracts/identity.ts";
import {
  type BrowserId,
  browserIds,
  browserProfileDir,
  browsers,
  manifestDirIn,
  registryKey,
} from "./browsers.ts";
import { deskManifestFileName, manifestFileName } from "./manifest.ts";
import type { EnvReader } from "../../local/dirs.ts";

/** Which browsers: a list, or every one whose profile folder exists. */
export interface TargetChoice {
  browsers: readonly BrowserId[] | "all";
  userDataDir?: string;
}

/** One place a manifest must be for one browser (or one profile). */
export interface ManifestTarget {
  /** Shown to people: a browser's name, or the profile folder. */
  label: string;
  /** The browser, when the target is one. */
  browser?: BrowserId;
  /** The `--browser` or `--user-data-dir` arguments that name this target again. */
  args: string[];
  /** The manifest file. */
  manifestPath: string;
  /** On Windows, the registry key whose default value is the manifest path. */
  registryKey?: string;
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await Deno.stat(path)).isDirectory;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return false;
    throw error;
  }
}

/**
 * The manifest targets for `choice`. With `"all"`, only browsers that have
 * a profile folder count on Linux and macOS (install does not create
 * folders for browsers that are not there); on Windows every browser gets
 * its registry key.
 */
export async function manifestTargets(
  choice: TargetChoice,
  env: EnvReader,
  os: HostOs,
): Promise<ManifestTarget[]> {
  if (choice.userDataDir !== undefined) {
    return [{
      label: `profile ${choice.userDataDir}`,
      args: ["--user-data-dir", choice.userDataDir],
      manifestPath: join(manifestDirIn(choice.userDataDir), manifestFileName),
    }];
  }
  const ids = choice.browsers === "all" ? browserIds : choice.browsers;
  if (os === "windows") {
    const manifestPath = join(leashAppDir(env, os), manifestFileName);
    return ids.map((id) => ({
      label: browsers[id].label,
      browser: id,
      args: ["--browser", id],
      manifestPath,
      registryKey: registryKey(id, nativeHostName),
    }));
  }
  const root = userConfigRoot(env, os);
  const targets: ManifestTarget[] = [];
  for (const id of ids) {
    const profile = browserProfileDir(id, root, os);
    if (choice.browsers === "all" && !await isDirectory(profile)) continue;
    targets.push({
      label: browsers[id].label,
      browser: id,
      args: ["--browser", id],
      manifestPath: join(manifestDirIn(profile), manifestFileName),
    });
  }
  return targets;
}

/** DeskBridge's manifest target beside the relay's `target`: same folder, its own key. */
export function deskTarget(target: ManifestTarget): ManifestTarget {
  return {
    ...target,
    manifestPath: join(dirname(target.manifestPath), deskManifestFileName),
    ...(target.browser !== undefined && target.registryKey !== undefined
      ? { registryKey: registryKey(target.browser, deskHostName) }
      : {}),
  };
}
