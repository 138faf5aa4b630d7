/**
 * A client's Broker events, read in the background so a test can wait for
 * one with a deadline (the client's own queue has a single reader, and a
 * reader abandoned at a timeout would hold it).
 *
 * @module
 */
import type { ClientEvent, LeashClient } from "../../broker/client/client.ts";
import { until } from "./_wait.ts";

/** Every event a client received, in order. */
export class EventLog {
  /** What arrived so far. */
  readonly events: ClientEvent[] = [];
  /** Resolves when the client's event stream ended. */
  readonly done: Promise<void>;

  /** Start reading `client`'s events; only one log per client. */
  constructor(client: LeashClient) {
    this.done = (async () => {
      for await (const event of client.events()) this.events.push(event);
    })();
  }

  /** The `browser.lease-revoked` events so far, as lease IDs. */
  get revokedLeases(): string[] {
    return this.events.flatMap((event) =>
      event.event === "browser.lease-revoked" ? [event.value.leaseId] : []
    );
  }

  /** Wait until `leaseId` was revoked (default deadline 15 s). */
  async revoked(leaseId: string, timeoutMs = 15_000): Promise<void> {
    await until(
      `browser.lease-revoked for ${leaseId}`,
      () => this.revokedLeases.includes(leaseId) ? true : undefined,
      { timeoutMs },
    );
  }
}
