/**
 * The baseline for the Broker benchmark: a Unix-socket server in its own
 * process that writes back every byte it reads. Run by scripts/bench/broker.ts
 * as `deno run --allow-net=unix:P --allow-read=P --allow-write=P _echo_server.ts P`.
 *
 * @module
 */

/** Echo every byte on every connection to `path` until the process ends. */
export async function serveEcho(path: string): Promise<void> {
  const listener = Deno.listen({ transport: "unix", path });
  for await (const conn of listener) {
    conn.readable.pipeTo(conn.writable).catch(() => {});
  }
}

if (import.meta.main) {
  const path = Deno.args[0];
  if (path === undefined) throw new Error("Cannot start echo server: no socket path given");
  await serveEcho(path);
}
