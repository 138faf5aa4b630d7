/**
 * `leash-desk`'s whole life: judge the caller origin before reading
 * anything, then answer one request at a time until the extension closes
 * the port. The origin check reads the desk policy (for the origins the
 * person allowed) and nothing else; no frame is read before it passes.
 *
 * @module
 */
import { DESK_MAX_MESSAGE_BYTES } from "../contracts/desk/codes.ts";
import { isLeashError } from "../contracts/errors.ts";
import { deskError, type DeskResponse } from "../contracts/desk/envelope.ts";
import type { BrowserFrameWriter } from "../local/browser_writer.ts";
import { callerOrigin, isAllowedOrigin } from "../local/caller_origin.ts";
import type { EnvReader } from "../local/dirs.ts";
import { DeskPolicyError, deskPolicyPath, readDeskPolicy } from "../local/desk_policy.ts";
import type { HostOs } from "../local/host_config.ts";
import type { Logger } from "../local/log.ts";
import { dirname } from "node:path";
import type { DeskContext } from "./context.ts";
import { dispatch } from "./dispatch.ts";
import { type DeskExit, deskExitCodes } from "./exit_codes.ts";
import { DeskFrameReader, StreamBroken } from "./frames.ts";
import { RunTable } from "./runs.ts";
import { PreviewServers } from "./skills/applications/mod.ts";

/** Everything the host touches, passed in so tests can replace each piece. */
export interface DeskHostOptions {
  /** Chrome's arguments: the caller origin, and on Windows `--parent-window=…`. */
  args: readonly string[];
  env: EnvReader;
  os: HostOs;
  /** Frames from the extension (stdin). */
  extension: ReadableStream<Uint8Array>;
  /** The writer that owns the frames to the extension (stdout). */
  browser: BrowserFrameWriter;
  logger: Logger;
  /** Milliseconds, for run idleness; `Date.now` by default. */
  now?: () => number;
  /**
   * Whether this process was started with `--unstable-worker-options`, so a
   * worker may drop its permissions. No API answers it (and asking for it
   * without the flag ends the process), so the entry point states it.
   */
  workerPermissions?: boolean;
}

/**
 * The tests' switch for downloads: `LEASH_DESK_TEST_SERVER_PORT` lets
 * `download_asset` dial exactly `127.0.0.1` on that one port, where a test
 * server listens. Without it every loopback and private address is refused.
 */
function testServer(env: EnvReader, logger: Logger): { port: number } | undefined {
  const raw = env("LEASH_DESK_TEST_SERVER_PORT");
  if (raw === undefined || raw === "") return undefined;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) return undefined;
  logger.log("info", "desk-test-server-allowed", { port });
  return { port };
}

function finish(logger: Logger, exit: DeskExit, event: string): number {
  const code = deskExitCodes[exit];
  logger.log(code === 0 ? "info" : "error", event, { exit: code });
  return code;
}

/**
 * The folders no action may touch: the one holding the desk policy, and
 * the default Leash app dir (host config, receipts, dev launchers) when
 * the policy was moved elsewhere.
 */
function protectedDirs(policyPath: string, env: EnvReader, os: HostOs): string[] {
  const defaultPolicy = deskPolicyPath(
    (name) => name === "LEASH_DESK_CONFIG" ? undefined : env(name),
    os,
  );
  return [...new Set([dirname(policyPath), dirname(defaultPolicy)])];
}

/** Write `response`; one too large for a frame is answered `INTERNAL_ERROR` instead. */
async function respond(browser: BrowserFrameWriter, response: DeskResponse): Promise<void> {
  try {
    await browser.write(response);
  } catch (error) {
    if (error instanceof TypeError || isLeashError(error, "RESULT_TOO_LARGE")) {
      await browser.write(deskError(response.id, "INTERNAL_ERROR"));
      return;
    }
    throw error;
  }
}

/** Run the host; resolves with its exit code. */
export async function runDesk(options: DeskHostOptions): Promise<number> {
  const { logger } = options;
  const origin = callerOrigin(options.args);
  if (origin === undefined) return finish(logger, "usage", "origin-missing");
  const policyPath = deskPolicyPath(options.env, options.os);
  let allowedOrigins: readonly string[];
  try {
    allowedOrigins = (await readDeskPolicy(policyPath)).allowedOrigins;
  } catch (error) {
    if (!(error instanceof DeskPolicyError)) throw error;
    return finish(logger, "policyInvalid", "desk-policy-invalid");
  }
  if (!isAllowedOrigin(origin, allowedOrigins)) {
    logger.log("error", "origin-rejected", { origin: origin.slice(0, 200) });
    return finish(logger, "originRejected", "origin-rejected");
  }

  const context: DeskContext = {
    policyPath,
    pathRule: { os: options.os, protectedDirs: protectedDirs(policyPath, options.env, options.os) },
    runs: new RunTable(),
    skills: {
      workerPermissions: options.workerPermissions ?? false,
      network: { testServer: testServer(options.env, logger) },
      previews: new PreviewServers(),
    },
    now: options.now ?? Date.now,
    logger,
  };
  const reader = new DeskFrameReader(options.extension, DESK_MAX_MESSAGE_BYTES);
  try {
    for (;;) {
      const inbound = await reader.next();
      if (inbound === undefined) return finish(logger, "ok", "port-closed");
      if (inbound.kind === "malformed") {
        logger.log("info", "frame-malformed", { reason: inbound.reason });
        await respond(options.browser, deskError(null, "INVALID_REQUEST"));
        continue;
      }
      await respond(options.browser, await dispatch(inbound.value, context));
    }
  } catch (error) {
    if (!(error instanceof StreamBroken)) throw error;
    logger.log("error", "frame-broken", { reason: error.reason });
    if (error.reason === "oversize") {
      await respond(options.browser, deskError(null, "INVALID_REQUEST")).catch(() => {});
      await options.browser.flush();
    }
    return finish(logger, "protocol", "stream-broken");
  } finally {
    reader.cancel();
    await context.skills.previews.stopAll();
  }
}
