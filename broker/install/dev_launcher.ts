/**
 * The `--dev` launcher: a tiny script the manifest points at, which runs
 * the Native Host from source with the table's `host` permissions. A
 * shebang line carrying every flag would pass Linux's 255-character limit,
 * so the flags live in the script body of a plain `/bin/sh` wrapper; on
 * Windows it is a batch file.
 *
 * @module
 */
import type { HostOs } from "../../local/host_config.ts";

/** Which host a launcher starts: the relay or DeskBridge's `leash-desk`. */
export type LaunchedHost = "relay" | "desk";

/** The launcher's file name in the Leash app dir. */
export function devLauncherName(os: HostOs, host: LaunchedHost = "relay"): string {
  const name = host === "relay" ? "leash-host-dev" : "leash-desk-dev";
  return os === "windows" ? `${name}.bat` : name;
}

/** `text` as one POSIX shell word. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

function batchQuote(text: string): string {
  if (/["%\r\n]/.test(text)) {
    throw new Error(`Cannot write the launcher: ${JSON.stringify(text)} cannot be quoted for cmd`);
  }
  return `"${text}"`;
}

/**
 * The launcher's text: set the host's config variable to the file install
 * resolved (`LEASH_HOST_CONFIG` for the relay, `LEASH_DESK_CONFIG` for
 * `leash-desk`), then replace itself with `deno <args>` plus Chrome's
 * arguments.
 */
export function devLauncherScript(
  os: HostOs,
  options: { deno: string; args: readonly string[]; hostConfig: string; host?: LaunchedHost },
): string {
  const desk = options.host === "desk";
  const variable = desk ? "LEASH_DESK_CONFIG" : "LEASH_HOST_CONFIG";
  const title = desk ? "DeskBridge host (leash-desk)" : "Native Host";
  if (os === "windows") {
    return [
      "@echo off",
      `rem Written by leash install --dev: runs the Leash ${title} from source.`,
      `set ${batchQuote(`${variable}=${options.hostConfig}`)}`,
      `${[options.deno, ...options.args].map(batchQuote).join(" ")} %*`,
      "",
    ].join("\r\n");
  }
  const command = [options.deno, ...options.args].map(shellQuote).join(" ");
  return [
    "#!/bin/sh",
    `# Written by leash install --dev: runs the Leash ${title} from source.`,
    `${variable}=${shellQuote(options.hostConfig)}`,
    `export ${variable}`,
    `exec ${command} "$@"`,
    "",
  ].join("\n");
}
