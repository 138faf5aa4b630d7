/**
 * Whether a Broker is running on a runtime dir, its access mode and its
 * connected instances. It asks the Broker itself, as a client: a socket
 * file alone proves nothing (a crashed Broker leaves one behind).
 *
 * @module
 */
import { isLeashError } from "../../contracts/errors.ts";
import type { ClientMethods, ResultOf } from "../../contracts/methods/mod.ts";
import { runtimePath } from "../../local/dirs.ts";
import { LeashClient } from "./client.ts";

/** What `leash status --json` prints. */
export type StatusReport =
  | {
    running: true;
    runtimeDir: string;
    socket: string;
    accessMode: "restricted" | "personal";
    instances: ResultOf<ClientMethods, "browser.instances">;
  }
  | { running: false; runtimeDir: string; socket: string; reason: string };

/** Errors that mean "nobody is listening", as opposed to a Broker that answered badly. */
function notRunning(error: unknown): string | undefined {
  if (error instanceof Deno.errors.NotFound) return "no socket or token in the runtime dir";
  if (error instanceof Deno.errors.ConnectionRefused) return "the socket is stale (nobody listens)";
  if (isLeashError(error, "CONNECTION_LOST")) return "the Broker closed the connection";
  return undefined;
}

/** Ask the Broker on `runtimeDir` how it is. */
export async function brokerStatus(runtimeDir: string): Promise<StatusReport> {
  const socket = runtimePath(runtimeDir, "socket");
  let client: LeashClient;
  try {
    client = await LeashClient.connect({ runtimeDir });
  } catch (error) {
    const reason = notRunning(error);
    if (reason === undefined) throw error;
    return { running: false, runtimeDir, socket, reason };
  }
  try {
    const instances = await client.call("browser.instances", {}, { timeoutMs: 5_000 });
    const accessMode = client.personalMode ? "personal" : "restricted";
    return { running: true, runtimeDir, socket, accessMode, instances };
  } finally {
    client.close();
  }
}
