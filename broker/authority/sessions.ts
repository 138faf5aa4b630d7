/**
 * Authenticated client sessions, by connection. A session is the owner
 * scope of its leases; events about a lease go to its owning session only.
 *
 * @module
 */
import type { EventValueOf } from "../../contracts/methods/define.ts";
import type { ClientEvents } from "../../contracts/methods/mod.ts";

/** One authenticated client connection. */
export interface ClientSession {
  /** The connection's short id. */
  conn: string;
  /**
   * Whose durable journal entries this session may see: the hello's
   * `journalKey`, or a key private to this connection for a legacy client.
   */
  journalScope: string;
  /** Whether the client is legacy (no `journalKey`): recovery is connection-local. */
  legacy: boolean;
  /** The capabilities its welcome listed. */
  capabilities: ReadonlySet<string>;
  /** Send an event to this client; a closed connection drops it. */
  emit<K extends keyof ClientEvents & string>(
    event: K,
    value: EventValueOf<ClientEvents, K>,
  ): void;
}

/** The live client sessions. */
export class SessionTable {
  readonly #sessions = new Map<string, ClientSession>();

  /** Add `session`; its connection id must be new. */
  add(session: ClientSession): void {
    if (this.#sessions.has(session.conn)) {
      throw new Error(`Cannot add session: connection ${session.conn} already has one`);
    }
    this.#sessions.set(session.conn, session);
  }

  /** Remove the session of `conn`, when there is one. */
  remove(conn: string): ClientSession | undefined {
    const session = this.#sessions.get(conn);
    this.#sessions.delete(conn);
    return session;
  }

  /** The session of `conn`. */
  get(conn: string): ClientSession | undefined {
    return this.#sessions.get(conn);
  }

  /** Every live session, oldest first. */
  list(): ClientSession[] {
    return [...this.#sessions.values()];
  }

  /** How many clients are connected. */
  get size(): number {
    return this.#sessions.size;
  }
}
