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

/** The launcher's file name in the Leash app dir. */
export function devLauncherName(os: HostOs): string {
  return os === "windows" ? "leash-host-dev.bat" : "leash-host-dev";
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
 * The launcher's text: set `LEASH_HOST_CONFIG` to the config install
 * wrote, then replace itself with `deno <args>` plus Chrome's arguments.
 */
export function devLauncherScript(
  os: HostOs,
  options: { deno: string; args: readonly string[]; hostConfig: string },
): string {
  if (os === "windows") {
    return [
      "@echo off",
      "rem Written by leash install --dev: runs the Leash Native Host from source.",
      `set ${batchQuote(`LEASH_HOST_CONFIG=${options.hostConfig}`)}`,
      `${[options.deno, ...options.args].map(batchQuote).join(" ")} %*`,
      "",
    ].join("\r\n");
  }
  const command = [options.deno, ...options.args].map(shellQuote).join(" ");
  return [
    "#!/bin/sh",
    "# Written by leash install --dev: runs the Leash Native Host from source.",
    `LEASH_HOST_CONFIG=${shellQuote(options.hostConfig)}`,
    "export LEASH_HOST_CONFIG",
    `exec ${command} "$@"`,
    "",
  ].join("\n");
}
