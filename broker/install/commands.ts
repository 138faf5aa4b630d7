/**
 * Names for the commands a person runs, as they would type them: `leash
 * install` from the compiled executable, `deno task install` from a clone.
 *
 * @module
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { HostOs } from "../../local/host_config.ts";
import { shellQuote } from "./dev_launcher.ts";

/** The `leash` subcommands the doctor and installer point people to. */
export type LeashCommand = "install" | "uninstall" | "doctor" | "serve";

const taskNames: Record<LeashCommand, string> = {
  install: "install",
  uninstall: "uninstall",
  doctor: "doctor",
  serve: "broker",
};

function word(text: string): string {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(text) ? text : shellQuote(text);
}

/** `command` with `args` as a person types it here: compiled or from source. */
export function commandLine(command: LeashCommand, args: readonly string[] = []): string {
  const head = Deno.build.standalone ? `leash ${command}` : `deno task ${taskNames[command]}`;
  return [head, ...args.map(word)].join(" ");
}

/** The compiled host's file name on `os`. */
export function hostBinaryName(os: HostOs): string {
  return os === "windows" ? "leash-host.exe" : "leash-host";
}

/** The compiled `leash-desk`'s file name on `os`. */
export function deskBinaryName(os: HostOs): string {
  return os === "windows" ? "leash-desk.exe" : "leash-desk";
}

/**
 * Where the compiled host is by default: next to the running `leash`, or,
 * from a clone, where `deno task compile` puts it for this machine.
 */
export function defaultHostBinary(os: HostOs, name: string = hostBinaryName(os)): string {
  if (Deno.build.standalone) return join(dirname(Deno.execPath()), name);
  const repo = fileURLToPath(new URL("../../", import.meta.url));
  return join(repo, "dist", Deno.build.target, name);
}
