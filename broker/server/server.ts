/**
 * The Broker: a private runtime dir, a single-instance lock, a fresh token,
 * a 0600 Unix socket, and one {@linkcode SocketConnection} per admitted socket.
 * Sockets over the budget are closed on accept, before any byte is read.
 *
 * @module
 */
import { limits } from "../../contracts/limits.ts";
import type { AccessMode } from "../../contracts/negotiate.ts";
import { StreamTransport } from "../../contracts/stream_transport.ts";
import { runtimePath } from "../../local/dirs.ts";
import { Journal, journalPath } from "../journal/mod.ts";
import { type JournaledResult, RuntimeServices } from "../runtime/services.ts";
import type { AdmissionCaps } from "../authority/admission.ts";
import { type ConnectionConfig, SocketConnection } from "./connection.ts";
import { InstanceLock } from "./lock.ts";
import { JsonLogger, type Logger } from "../../local/log.ts";
import { prepareRuntimeDir, prepareStateDir } from "./runtime_dir.ts";
import { StartError } from "../journal/start_error.ts";
import { listenPrivate, removeStaleSocket } from "./socket.ts";
import { BrokerState } from "../authority/state.ts";
import { generateToken, removeToken, TokenVerifier, writeToken } from "../../local/token.ts";

/** How to run a Broker. */
export interface BrokerOptions {
  runtimeDir: string;
  stateDir: string;
  /** `restricted` (default): claims need the person's approval. */
  accessMode?: AccessMode;
  logger?: Logger;
  /** The hello window; the protocol fixes 3 s, tests may shorten it. */
  handshakeMs?: number;
  /** Budgets; the protocol's defaults unless a test shrinks them. */
  admissionCaps?: Partial<AdmissionCaps>;
  /** Ceiling for one Broker→provider call made for a client; default 30 s. */
  providerTimeoutMs?: number;
  /**
   * Deadline for one `lease.grant` (the person may take a while to answer);
   * default 90 s, longer than the extension's own approval timeout.
   */
  grantTimeoutMs?: number;
  /** How long a batch waits for one step's approval; default `limits.batchApprovalMs`. */
  batchApprovalMs?: number;
  /** The deadline one batch plan shares; default `limits.batchDeadlineMs`. */
  batchDeadlineMs?: number;
  /** The user the runtime dir must belong to; default `Deno.uid()`. */
  uid?: number;
}

/** A running Broker. */
export class Broker {
  /** The socket clients connect to. */
  readonly socketPath: string;
  /** Sessions, providers, leases and budgets (read by tests and `status`). */
  readonly state: BrokerState;
  /** The access mode it advertises. */
  readonly accessMode: AccessMode;
  /** The journal, observation books, tab queues and continuations (read by tests). */
  readonly runtime: RuntimeServices;

  readonly #runtimeDir: string;
  readonly #listener: Deno.UnixListener;
  readonly #lock: InstanceLock;
  readonly #config: ConnectionConfig;
  readonly #connections = new Set<SocketConnection>();
  #nextConn = 0;
  #stopping: Promise<void> | undefined;
  /** The accept loop; it ends once the listener is closed. */
  readonly #accepting: Promise<void>;

  private constructor(
    runtimeDir: string,
    listener: Deno.UnixListener,
    lock: InstanceLock,
    config: ConnectionConfig,
    accessMode: AccessMode,
  ) {
    this.#runtimeDir = runtimeDir;
    this.socketPath = runtimePath(runtimeDir, "socket");
    this.#listener = listener;
    this.#lock = lock;
    this.#config = config;
    this.state = config.state;
    this.runtime = config.runtime;
    this.accessMode = accessMode;
    this.#accepting = this.#acceptLoop();
  }

  /**
   * Check the dirs, take the lock, open the journal, write a fresh token
   * and listen. Throws `StartError` when the runtime dir is unsafe or
   * another Broker holds it, and its `JournalOpenError` when the journal
   * cannot be opened (corrupted, locked, newer): never runs without one.
   */
  static async start(options: BrokerOptions): Promise<Broker> {
    const logger = options.logger ?? new JsonLogger();
    const accessMode = options.accessMode ?? "restricted";
    const runtimeDir = options.runtimeDir;
    const uid = options.uid ?? Deno.uid();
    if (uid === null) {
      throw new StartError("Cannot start the Broker: this platform has no user ids to check");
    }
    await prepareRuntimeDir(runtimeDir, uid);
    await prepareStateDir(options.stateDir);
    const lock = await InstanceLock.acquire(runtimeDir);
    let journal: Journal<JournaledResult> | undefined;
    try {
      journal = Journal.open<JournaledResult>(journalPath(options.stateDir));
      logger.log("info", "journal-opened", { recovered: journal.recovered });
      const token = generateToken();
      await writeToken(runtimeDir, token);
      const socketPath = runtimePath(runtimeDir, "socket");
      await removeStaleSocket(socketPath, logger);
      const listener = await listenPrivate(socketPath);
      const state = new BrokerState(logger, {
        caps: options.admissionCaps,
        accessMode,
        grantTimeoutMs: options.grantTimeoutMs,
      });
      const runtime = new RuntimeServices({
        journal,
        batchApprovalMs: options.batchApprovalMs,
        batchDeadlineMs: options.batchDeadlineMs,
      });
      runtime.attach(state);
      const config: ConnectionConfig = {
        state,
        verifier: await TokenVerifier.create(token),
        offer: { accessMode },
        logger,
        handshakeMs: options.handshakeMs ?? limits.handshakeMs,
        providerTimeoutMs: options.providerTimeoutMs ?? 30_000,
        runtime,
      };
      logger.log("info", "listening", { socket: socketPath, accessMode });
      return new Broker(runtimeDir, listener, lock, config, accessMode);
    } catch (error) {
      journal?.close();
      await removeToken(runtimeDir).catch(() => {});
      lock.release();
      throw error;
    }
  }

  /**
   * Stop: refuse new sockets, close every connection (their pending callers
   * get `CONNECTION_LOST`), close the journal, remove the socket and the
   * token, let the lock go. Idempotent.
   */
  stop(): Promise<void> {
    this.#stopping ??= this.#stop();
    return this.#stopping;
  }

  async #stop(): Promise<void> {
    const logger = this.#config.logger;
    logger.log("info", "stopping", { connections: this.#connections.size });
    try {
      this.#listener.close();
    } catch {
      // Already closed by a failed accept loop.
    }
    // Deno unlinks a listener's socket path when the listener is finally
    // dropped, which is when its pending accept settles. Waiting for that
    // here keeps the unlink from removing the socket of a Broker started
    // on the same runtime dir right after this one stops.
    await this.#accepting;
    this.state.shutdown();
    for (const connection of [...this.#connections]) connection.close("CONNECTION_LOST");
    // After every lease ended: an action still running keeps no outcome and reads as uncertain.
    this.runtime.journal.close();
    await Deno.remove(this.socketPath).catch(() => {});
    await removeToken(this.#runtimeDir).catch(() => {});
    this.#lock.release();
    logger.log("info", "stopped");
  }

  async #acceptLoop(): Promise<void> {
    const { logger, state } = this.#config;
    while (this.#stopping === undefined) {
      let conn: Deno.UnixConn;
      try {
        conn = await this.#listener.accept();
      } catch (error) {
        if (this.#stopping !== undefined) return;
        logger.log("error", "accept-failed", { error: errorName(error) });
        if (error instanceof Deno.errors.BadResource) return;
        // EMFILE and friends pass; give the system a moment instead of spinning.
        await new Promise((resolve) => setTimeout(resolve, 50));
        continue;
      }
      const release = state.admission.tryAcquire("sockets");
      if (release === undefined) {
        // Never read a byte from a socket over budget; existing peers keep their slots.
        conn.close();
        logger.log("warn", "socket-refused", { sockets: state.admission.used("sockets") });
        continue;
      }
      const id = `c${(++this.#nextConn).toString(36)}`;
      logger.log("debug", "accepted", { conn: id });
      // A transport that fails to start closes inside the constructor, before
      // `connection` is assigned; the slot is given back either way.
      let connection: SocketConnection | undefined = undefined;
      const onClosed = () => {
        release();
        if (connection !== undefined) this.#connections.delete(connection);
      };
      connection = new SocketConnection(new StreamTransport(conn.readable, conn.writable), id, {
        ...this.#config,
        onClosed,
      });
      if (connection.isOpen) this.#connections.add(connection);
    }
  }
}

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : "unknown";
}
