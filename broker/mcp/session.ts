/**
 * An agent session: one session ID and one journal key for the life of an
 * MCP connection (or a `leash shell`), over Broker connections made lazily
 * on the first call and again on the next call after one is lost. Leases
 * belong to a connection, so they never survive a reconnection; the lease
 * book says so when a later call names one.
 *
 * A receiver may close a connection once it remembers 10,000 transport IDs.
 * The Leash Broker keeps a counting sender's IDs as one run (see
 * `contracts/_peer_ids.ts`), and this session's IDs count, so by default a
 * connection lives as long as the session. For a Broker that caps, an
 * {@linkcode IdBudget} (e.g. soft 9,000, hard 9,936) makes the session renew first: quietly once it passed
 * the soft budget and holds no lease and no call, and regardless at the hard
 * budget (its leases end then, which a later call is told).
 *
 * @module
 */
import { isLeashError, LeashError } from "../../contracts/errors.ts";
import { limits } from "../../contracts/limits.ts";
import { LeashClient } from "../client/client.ts";
import { resolveRuntimeDir } from "../../local/dirs.ts";
import { randomHex } from "../../local/token.ts";
import { type BrokerLink, Connection } from "./connection.ts";
import { BrokerUnreachable, NotedError } from "./errors.ts";
import { Handles } from "./handles.ts";
import { LeaseBook, leaseEndNote } from "./leases.ts";

/** When to renew a connection, in transport IDs spent on it. */
export interface IdBudget {
  /** Renew when idle and holding no lease past this. */
  soft: number;
  /** Renew regardless before passing this. */
  hard: number;
}

/**
 * The default budget: never renew, because the Leash Broker remembers this
 * session's counted IDs without a cap. Renewing would end the session's
 * leases for nothing.
 */
export const defaultIdBudget: IdBudget = { soft: Infinity, hard: Infinity };

/** How an agent session connects. */
export interface AgentSessionOptions {
  /** Open a new authenticated Broker connection. */
  connect: () => Promise<BrokerLink>;
  /** The session ID the Broker sees; random when omitted. */
  sessionId?: string;
  idBudget?: IdBudget;
  /**
   * Whether texts show short handles (`b1`, `t3`, `L2`) for wire IDs;
   * default true. A session that lives for one command shows the wire IDs.
   */
  shortHandles?: boolean;
}

/** One agent's session with the Broker, across reconnections. */
export class AgentSession {
  /** Filled into every call that takes a `sessionId`. */
  readonly sessionId: string;
  /** The leases this session was granted. */
  readonly leases: LeaseBook = new LeaseBook();
  /** The short handles this session's texts show for instances, tabs and leases. */
  readonly handles: Handles;
  readonly #connect: () => Promise<BrokerLink>;
  readonly #budget: IdBudget;
  #current: Connection | undefined;
  #opening: Promise<Connection> | undefined;
  #generation = 0;
  #closed = false;

  constructor(options: AgentSessionOptions) {
    this.#connect = options.connect;
    this.sessionId = options.sessionId ?? `agent-${crypto.randomUUID()}`;
    this.#budget = options.idBudget ?? defaultIdBudget;
    this.handles = new Handles(options.shortHandles ?? true);
  }

  /** How many connections this session has opened. */
  get connections(): number {
    return this.#generation;
  }

  /** Run `work` on a live connection with room for `ids` more calls, connecting as needed. */
  async withConnection<T>(ids: number, work: (connection: Connection) => Promise<T>): Promise<T> {
    const connection = await this.#usable(ids);
    return await connection.hold(work);
  }

  /**
   * Run lease-free, read-only `work` on a live connection. When the
   * connection it got closes under it (the Broker stopped or restarted
   * before this session noticed), `work` runs once more on a new
   * connection: a read that changes nothing may be asked twice, and an
   * agent's first call after a Broker restart then simply works.
   */
  async withReadConnection<T>(
    ids: number,
    work: (connection: Connection) => Promise<T>,
  ): Promise<T> {
    let used: Connection | undefined;
    try {
      return await this.withConnection(ids, (connection) => {
        used = connection;
        return work(connection);
      });
    } catch (error) {
      if (used === undefined || !used.lost || !isLeashError(error, "CONNECTION_LOST")) throw error;
      return await this.withConnection(ids, work);
    }
  }

  /**
   * Run `work` on the connection that holds `leaseId`. A lease this session
   * knows has ended fails with `LEASE_NOT_FOUND` and the reason, without a
   * call; a lease it never saw goes to the Broker, which judges it.
   */
  async withLease<T>(
    leaseId: string,
    ids: number,
    work: (connection: Connection) => Promise<T>,
  ): Promise<T> {
    this.#assertOpen();
    this.leases.assertNotEnded(leaseId);
    const entry = this.leases.get(leaseId);
    if (entry === undefined) return await this.withConnection(ids, work);
    const current = this.#current;
    if (current === undefined || current.generation !== entry.generation || current.spent) {
      this.leases.end(leaseId, "connection-lost");
      throw new NotedError("LEASE_NOT_FOUND", leaseEndNote("connection-lost"));
    }
    if (current.used + ids > this.#budget.hard) {
      await this.#open();
      throw new NotedError("LEASE_NOT_FOUND", leaseEndNote("renewed"));
    }
    return await current.hold(work);
  }

  /** Close the connection; the Broker ends its leases. Idempotent. */
  close(): void {
    this.#closed = true;
    const current = this.#current;
    if (current === undefined) return;
    this.leases.endGeneration(current.generation, "connection-lost");
    current.close();
  }

  #assertOpen(): void {
    if (this.#closed) throw new NotedError("CONNECTION_LOST", "This agent session is closed.");
  }

  async #usable(ids: number): Promise<Connection> {
    this.#assertOpen();
    const current = this.#current;
    if (current !== undefined && !this.#needsRenewal(current, ids)) return current;
    return await this.#open();
  }

  #needsRenewal(connection: Connection, ids: number): boolean {
    if (connection.spent) return true;
    const after = connection.used + ids;
    if (after > this.#budget.hard) return true;
    return after > this.#budget.soft && connection.holders === 0 &&
      this.leases.liveOn(connection.generation) === 0;
  }

  /** Open a new connection (one at a time) and retire the current one. */
  #open(): Promise<Connection> {
    this.#opening ??= this.#openNow().finally(() => this.#opening = undefined);
    return this.#opening;
  }

  async #openNow(): Promise<Connection> {
    const link = await this.#connect();
    if (this.#closed) {
      link.close();
      throw new NotedError("CONNECTION_LOST", "This agent session is closed.");
    }
    const connection = new Connection(link, ++this.#generation);
    const previous = this.#current;
    this.#current = connection;
    if (previous !== undefined && !previous.spent) {
      this.leases.endGeneration(previous.generation, "renewed");
      previous.retire();
    }
    void connection.closed.then(() => {
      this.leases.endGeneration(connection.generation, "connection-lost");
    });
    void this.#watch(connection);
    return connection;
  }

  /** Learn from the connection's events which leases the Broker ended. */
  async #watch(connection: Connection): Promise<void> {
    for await (const { event, value } of connection.events()) {
      if (event === "browser.lease-revoked" && value.sessionId === this.sessionId) {
        this.leases.end(value.leaseId, "revoked", connection.generation);
      }
    }
  }
}

/** How to reach the Broker over its socket. */
export interface ConnectorOptions {
  /** The runtime dir; default as the Broker resolves it (`LEASH_RUNTIME_DIR`, …). */
  runtimeDir?: string;
  /** Capabilities every connection must have; the hello fails without them. */
  requiredCapabilities: readonly string[];
  /**
   * The durable journal identity; one per process by default, so an exact
   * retry is recognised across reconnections of the same session.
   */
  journalKey?: string;
}

/**
 * A `connect` for {@linkcode AgentSession} that opens `LeashClient`s on the
 * runtime dir's socket. A missing, stale or forbidden socket or token fails
 * with {@linkcode BrokerUnreachable}; a refused hello keeps its code.
 */
export function socketConnector(options: ConnectorOptions): () => Promise<BrokerLink> {
  const runtimeDir = resolveRuntimeDir(
    (name) => Deno.env.get(name),
    () => Deno.uid(),
    options.runtimeDir,
  );
  const journalKey = options.journalKey ?? randomHex(limits.journalKeyLength);
  return async () => {
    try {
      return await LeashClient.connect({
        runtimeDir,
        journalKey,
        requiredCapabilities: options.requiredCapabilities,
      });
    } catch (error) {
      if (error instanceof LeashError) throw error;
      throw new BrokerUnreachable(runtimeDir, { cause: error });
    }
  };
}
