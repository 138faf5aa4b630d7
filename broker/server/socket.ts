/**
 * The Broker's listening socket: replace a stale socket file, listen, and
 * narrow the file to 0600. Only the lock holder calls this, so a socket file
 * found here was left by a Broker that died without cleaning up.
 *
 * @module
 */
import type { Logger } from "../../local/log.ts";
import { StartError } from "../journal/start_error.ts";

/** Remove a leftover socket at `path`; refuse anything that is not a socket. */
export async function removeStaleSocket(path: string, logger: Logger): Promise<void> {
  let info: Deno.FileInfo;
  try {
    info = await Deno.lstat(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return;
    throw error;
  }
  if (info.isSocket !== true) {
    throw new StartError(`Cannot listen on ${path}: something that is not a socket is there`);
  }
  await Deno.remove(path);
  logger.log("warn", "stale-socket-replaced");
}

/** Listen on `path` (which must be free) and make the socket file 0600. */
export async function listenPrivate(path: string): Promise<Deno.UnixListener> {
  const listener = Deno.listen({ transport: "unix", path });
  try {
    await Deno.chmod(path, 0o600);
  } catch (error) {
    listener.close();
    throw error;
  }
  return listener;
}
