/**
 * The Native Host's whole life: check the caller origin, read the provider
 * hello, read the Broker's token, connect, drop every permission, inject
 * the token, then relay frames both ways until either side closes. Each way
 * out is one of {@linkcode hostExitCodes}, with a JSON log line on stderr
 * that never holds the token.
 *
 * @module
 */
import { isLeashError } from "../contracts/errors.ts";
import { type Envelope, parseEnvelope } from "../contracts/envelope.ts";
import { encodeFrame, FrameError } from "../contracts/framing.ts";
import {
  type AuthenticatedProviderHello,
  AuthenticatedProviderHelloSchema,
  helloMethod,
  type ProviderHello,
  ProviderHelloSchema,
} from "../contracts/hello.ts";
import { limits } from "../contracts/limits.ts";
import { type EnvReader, runtimePath } from "../local/dirs.ts";
import type { LogFields, Logger } from "../local/log.ts";
import { readToken } from "../local/token.ts";
import { type BrowserFrameWriter, SecretInFrameError } from "../local/browser_writer.ts";
import { type HostExit, hostExitCodes } from "./exit_codes.ts";
import { FrameReader } from "../local/frame_reader.ts";
import {
  type HostConfig,
  hostConfigPath,
  type HostOs,
  hostRuntimeDir,
  readHostConfig,
} from "../local/host_config.ts";
import { callerOrigin, isAllowedOrigin } from "../local/caller_origin.ts";

/** A byte-stream connection to the Broker, such as a `Deno.UnixConn`. */
export interface BrokerConnection {
  readonly readable: ReadableStream<Uint8Array>;
  readonly writable: WritableStream<Uint8Array>;
  close(): void;
}

/** Everything the host touches, passed in so each piece can be replaced in tests. */
export interface HostOptions {
  /** Chrome's arguments: the caller origin, and on Windows `--parent-window=…`. */
  args: readonly string[];
  /** Reads environment variables. */
  env: EnvReader;
  /** The user id, for the default runtime dir. */
  uid: () => number;
  /** Whose path conventions apply. */
  os: HostOs;
  /** Frames from the extension (stdin). */
  extension: ReadableStream<Uint8Array>;
  /** The writer that owns the frames to the extension (stdout). */
  browser: BrowserFrameWriter;
  /** Where log lines go (stderr). */
  logger: Logger;
  /** Opens the Broker's socket. */
  connect: (socketPath: string) => Promise<BrokerConnection>;
  /** Gives up every permission once the token and the socket are held. */
  dropPermissions?: () => Promise<void>;
  /** How long the extension has to send its hello; default `limits.handshakeMs`. */
  helloTimeoutMs?: number;
}

/** How a run ended: an exit code name, the log event that says why, and its fields. */
class Outcome {
  readonly exit: HostExit;
  readonly event: string;
  readonly fields: LogFields | undefined;

  constructor(exit: HostExit, event: string, fields?: LogFields) {
    this.exit = exit;
    this.event = event;
    this.fields = fields;
  }
}

function outcome(exit: HostExit, event: string, fields?: LogFields): Outcome {
  return new Outcome(exit, event, fields);
}

function errorName(error: unknown): string {
  if (error instanceof FrameError) return `frame-${error.kind}`;
  if (error instanceof Error) return error.name;
  return typeof error;
}

/** Log `result` and turn it into an exit code. */
function finish(logger: Logger, result: Outcome): number {
  const code = hostExitCodes[result.exit];
  logger.log(code === 0 ? "info" : "error", result.event, { ...result.fields, exit: code });
  return code;
}

/** Wait for the first frame, at most `timeoutMs`; the extension's message comes back boxed. */
async function firstFrame(
  reader: FrameReader,
  timeoutMs: number,
): Promise<Outcome | { message: unknown }> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<Outcome>((resolve) => {
    timer = setTimeout(() => resolve(outcome("helloRejected", "hello-timeout")), timeoutMs);
  });
  try {
    return await Promise.race([reader.next().then((message) => ({ message })), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Check the first frame: it must be a `hello` request carrying a provider hello without token. */
function judgeHello(message: unknown): { id: string; hello: ProviderHello } | Outcome {
  const envelope = parseEnvelope(message);
  if (envelope === undefined) return outcome("helloRejected", "hello-not-envelope");
  if (envelope.type !== "request" || envelope.method !== helloMethod) {
    return outcome("helloRejected", "hello-expected", { type: envelope.type });
  }
  if (envelope.params.role === "client") {
    return outcome("helloRejected", "client-hello-refused");
  }
  const parsed = ProviderHelloSchema.safeParse(envelope.params);
  if (!parsed.success) return outcome("helloRejected", "hello-invalid");
  return { id: envelope.id, hello: parsed.data };
}

/**
 * Run the host until either side closes; resolves with the exit code. The
 * order is the security argument: the origin is judged before anything is
 * read, the hello before the token is read or the socket opened, and every
 * permission is dropped before the first frame is forwarded.
 */
export async function runHost(options: HostOptions): Promise<number> {
  const { logger } = options;
  const origin = callerOrigin(options.args);
  if (origin === undefined) return finish(logger, outcome("usage", "origin-missing"));

  let configPath: string;
  let config: HostConfig | undefined;
  try {
    configPath = hostConfigPath(options.env, options.os);
    config = await readHostConfig(configPath);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return finish(logger, outcome("configInvalid", "host-config-invalid", { message }));
  }
  if (!isAllowedOrigin(origin, config?.allowedOrigins)) {
    return finish(
      logger,
      outcome("originRejected", "origin-rejected", { origin: origin.slice(0, 200) }),
    );
  }

  const extension = new FrameReader(options.extension);
  let broker: BrokerConnection | undefined;
  try {
    const result = await handshake(options, extension, config, configPath);
    if (result instanceof Outcome) return finish(logger, result);
    broker = result.broker;
    return finish(logger, await relay(options, extension, result));
  } catch (error) {
    return finish(logger, outcome("internal", "host-failed", { error: errorName(error) }));
  } finally {
    extension.cancel();
    try {
      broker?.close();
    } catch {
      // Already closed by the Broker.
    }
    await options.browser.flush();
  }
}

interface Relaying {
  broker: BrokerConnection;
  brokerWriter: WritableStreamDefaultWriter<Uint8Array>;
}

async function handshake(
  options: HostOptions,
  extension: FrameReader,
  config: HostConfig | undefined,
  configPath: string,
): Promise<Relaying | Outcome> {
  const { logger } = options;
  let first: Outcome | { message: unknown };
  try {
    first = await firstFrame(extension, options.helloTimeoutMs ?? limits.handshakeMs);
  } catch (error) {
    return outcome("helloRejected", "hello-frame-invalid", { error: errorName(error) });
  }
  if (first instanceof Outcome) return first;
  if (first.message === undefined) return outcome("ok", "extension-closed-before-hello");
  const judged = judgeHello(first.message);
  if (judged instanceof Outcome) return judged;

  const runtimeDir = hostRuntimeDir(options.env, options.uid, config);
  let token: string;
  try {
    token = await readToken(runtimeDir);
  } catch (error) {
    const reason = error instanceof Deno.errors.NotFound
      ? "no token in the runtime dir: is the Broker running?"
      : "the token could not be read";
    return outcome("brokerUnavailable", "broker-unavailable", {
      runtimeDir,
      reason,
      error: errorName(error),
    });
  }
  const socketPath = runtimePath(runtimeDir, "socket");
  let broker: BrokerConnection;
  try {
    broker = await options.connect(socketPath);
  } catch (error) {
    return outcome("brokerUnavailable", "broker-unavailable", {
      socket: socketPath,
      reason: "the Broker's socket could not be reached: is the Broker running?",
      error: errorName(error),
    });
  }
  // From here on the host holds all it needs; nothing the extension sends later can use more.
  await options.dropPermissions?.();
  options.browser.refuse(token);

  const authenticated: AuthenticatedProviderHello = AuthenticatedProviderHelloSchema.parse({
    ...judged.hello,
    token,
  });
  const hello: Envelope = {
    type: "request",
    id: judged.id,
    method: helloMethod,
    params: authenticated,
  };
  const brokerWriter = broker.writable.getWriter();
  try {
    await brokerWriter.write(encodeFrame(hello));
  } catch (error) {
    broker.close();
    return outcome("brokerUnavailable", "broker-write-failed", { error: errorName(error) });
  }
  logger.log("info", "relaying", {
    config: configPath,
    configured: config !== undefined,
    socket: socketPath,
    instance: judged.hello.instance.id,
  });
  return { broker, brokerWriter };
}

async function relay(
  options: HostOptions,
  extension: FrameReader,
  { broker, brokerWriter }: Relaying,
): Promise<Outcome> {
  const fromBroker = new FrameReader(broker.readable);
  const toBroker = async (): Promise<Outcome> => {
    while (true) {
      let message: unknown;
      try {
        message = await extension.next();
      } catch (error) {
        return outcome("extensionProtocol", "extension-frame-invalid", { error: errorName(error) });
      }
      if (message === undefined) return outcome("ok", "extension-closed");
      const envelope = parseEnvelope(message);
      if (envelope === undefined) return outcome("extensionProtocol", "extension-envelope-invalid");
      let frame: Uint8Array;
      try {
        frame = encodeFrame(envelope);
      } catch (error) {
        return outcome("extensionProtocol", "extension-frame-invalid", { error: errorName(error) });
      }
      try {
        await brokerWriter.write(frame);
      } catch (error) {
        return outcome("brokerClosed", "broker-write-failed", { error: errorName(error) });
      }
    }
  };
  const toExtension = async (): Promise<Outcome> => {
    while (true) {
      let message: unknown;
      try {
        message = await fromBroker.next();
      } catch (error) {
        return outcome("brokerProtocol", "broker-frame-invalid", { error: errorName(error) });
      }
      if (message === undefined) return outcome("brokerClosed", "broker-closed");
      const envelope = parseEnvelope(message);
      if (envelope === undefined) return outcome("brokerProtocol", "broker-envelope-invalid");
      try {
        await options.browser.write(envelope);
      } catch (error) {
        if (isLeashError(error, "RESULT_TOO_LARGE")) {
          return outcome("browserLimit", "browser-frame-too-large");
        }
        if (error instanceof SecretInFrameError) return outcome("tokenLeak", "token-in-frame");
        return outcome("ok", "extension-gone", { error: errorName(error) });
      }
    }
  };
  try {
    return await Promise.race([toBroker(), toExtension()]);
  } finally {
    fromBroker.cancel();
    brokerWriter.close().catch(() => {});
  }
}
