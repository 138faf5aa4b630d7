/**
 * DESIGN.md requirement 1 against the real Native Host process: a caller
 * origin that is not exactly ours or one the installed config allows makes
 * the host exit `originRejected` before it reads a byte or touches the
 * socket. The origins tried are look-alikes of both, seeded mutations of
 * both, and the tricks an attacker would reach for first.
 * (native_host_test.ts covers the plain cases with the real Broker.)
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { extensionOrigin } from "../../contracts/identity.ts";
import { mutants } from "../../contracts/testing/mutate.ts";
import { hostExitCodes } from "../../native_host/exit_codes.ts";
import { formatHostConfig } from "../../local/host_config.ts";
import {
  events,
  helloRequest,
  HostProcess,
  OwnedSocket,
  providerHello,
} from "../integration/_host_process.ts";
import { pooled } from "./_peers.ts";
import { figure, seedFor, sized } from "./_size.ts";

const configured = "chrome-extension://abcdefghijklmnopabcdefghijklmnop/";

/** Look-alikes an attacker would try first. */
function lookAlikes(origin: string): string[] {
  const id = origin.slice("chrome-extension://".length, -1);
  return [
    origin.toUpperCase(),
    origin.slice(0, -1),
    `${origin}/`,
    `${origin} `,
    ` ${origin}`,
    `${origin}\n`,
    `${origin}x`,
    `${origin}..`,
    origin.replace("chrome-extension", "chrome-extensions"),
    origin.replace("chrome-extension://", "chrome-extension:/"),
    origin.replace("://", "://user@"),
    origin.replace(id, `${id.slice(0, -1)}q`),
    origin.replace(id, id.replace("a", "\u0430")), // Cyrillic a
    origin.replace(id, `${id}${id}`),
    `moz-extension://${id}/`,
    `http://${id}/`,
    `--parent-window=${origin}`,
    "*",
    "",
  ];
}

Deno.test("a caller origin that is not exactly allowed stops the host before it reads a byte or opens the socket", async () => {
  const seed = seedFor(0x0417);
  const root = await Deno.makeTempDir({ prefix: "leash-origin-" });
  const owned = await OwnedSocket.open(root);
  const hostConfig = join(root, "host.json");
  await Deno.writeTextFile(
    hostConfig,
    formatHostConfig({ runtimeDir: owned.runtimeDir, allowedOrigins: [configured] }),
  );
  const count = sized(12, 300);
  const origins = new Set<string>([
    ...lookAlikes(extensionOrigin),
    ...lookAlikes(configured),
    ...[extensionOrigin, configured].flatMap((origin, i) =>
      mutants(origin, { seed: seed + i, count }).map((mutant) => mutant.value)
        .filter((value): value is string => typeof value === "string")
    ),
  ]);
  origins.delete(extensionOrigin);
  origins.delete(configured);
  // An argument cannot hold a NUL byte; everything else goes to the host as given.
  const tried = [...origins].filter((origin) => !origin.includes("\0"));
  try {
    await pooled(tried, 6, async (origin) => {
      const host = HostProcess.spawn({
        scope: { runtimeDir: owned.runtimeDir, hostConfig },
        origin: [origin],
        env: { LEASH_RUNTIME_DIR: owned.runtimeDir, LEASH_HOST_CONFIG: hostConfig },
      });
      await host.send(helloRequest(providerHello())).catch(() => {});
      const result = await host.result();
      const label = JSON.stringify(origin);
      // Chrome's Windows flag is skipped, leaving no origin: the host stops even earlier.
      const code = origin.startsWith("--parent-window=")
        ? hostExitCodes.usage
        : hostExitCodes.originRejected;
      assert.equal(result.code, code, `${label}: ${result.stderr}`);
      assert.equal(result.stdout.length, 0, `${label}: stdout`);
      assert.equal(events(result).length, 1, `${label}: one log line, nothing after it`);
    });
    assert.equal(await owned.connectionsSoFar(), 0, "no refused host reached the socket");
    // Both allowed origins still work, so the refusals were about the origin alone.
    for (const origin of [extensionOrigin, configured]) {
      const host = HostProcess.spawn({
        scope: { runtimeDir: owned.runtimeDir, hostConfig },
        origin: [origin],
        env: { LEASH_RUNTIME_DIR: owned.runtimeDir, LEASH_HOST_CONFIG: hostConfig },
      });
      await host.send(helloRequest(providerHello()));
      await host.closeStdin();
      assert.ok(events(await host.result()).includes("relaying"), origin);
    }
    // The two hosts, after the count's own sentinel connection from before.
    assert.equal(await owned.connectionsSoFar(), 1 + 2);
  } finally {
    await owned.close();
    await Deno.remove(root, { recursive: true });
  }
  figure(
    "security origins",
    `${tried.length} look-alike and mutated origins (seed ${seed}): all refused before the socket, 0 connections`,
  );
});
