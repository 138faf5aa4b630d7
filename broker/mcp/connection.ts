/**
 * One Broker connection as an agent session uses it: counts the transport
 * IDs it spent (for a session with an ID budget), counts the tool calls
 * holding it, and can be retired —
 * it takes no new work and closes once the last holder lets go.
 *
 * @module
 */
import type { ErrorCode } from "../../contracts/errors.ts";
import type { ParamsOf, ResultOf } from "../../contracts/methods/define.ts";
import type { ClientMethods } from "../../contracts/methods/mod.ts";
import type { RequestOptions } from "../../contracts/peer.ts";
import type { ApproveStep } from "../client/batch.ts";
import type { ClientEvent } from "../client/client.ts";
import { LeashError } from "../../contracts/errors.ts";

/** What a session needs of a connected client; `LeashClient` is one. */
export interface BrokerLink {
  /** Resolves with the close reason. */
  readonly closed: Promise<ErrorCode>;
  /** Whether the link is still open; false from the moment its pending calls are rejected. */
  readonly isOpen: boolean;
  call<K extends keyof ClientMethods & string>(
    method: K,
    params: ParamsOf<ClientMethods, K>,
    options?: RequestOptions,
  ): Promise<ResultOf<ClientMethods, K>>;
  /**
   * `browser.batch`, answering each step's approval with `approve`; absent
   * on a link that cannot answer Broker requests.
   */
  batch?(
    params: Omit<ParamsOf<ClientMethods, "browser.batch">, "approvalId">,
    approve: ApproveStep,
    options?: RequestOptions,
  ): Promise<ResultOf<ClientMethods, "browser.batch">>;
  events(): AsyncIterableIterator<ClientEvent>;
  close(): void;
}

/** A counted, retirable connection. */
export class Connection {
  /** Which connection of its session this is, from 1. */
  readonly generation: number;
  readonly #link: BrokerLink;
  #used: number;
  #holders = 0;
  #retiring = false;

  /** Wrap `link`, which already spent `used` transport IDs (the hello). */
  constructor(link: BrokerLink, generation: number, used = 1) {
    this.#link = link;
    this.generation = generation;
    this.#used = used;
  }

  /** Transport IDs this connection spent, the hello included. */
  get used(): number {
    return this.#used;
  }

  /** Tool calls holding it right now. */
  get holders(): number {
    return this.#holders;
  }

  /** Whether it was retired or has closed: no new work goes to it. */
  get spent(): boolean {
    return this.#retiring || !this.#link.isOpen;
  }

  /** Whether the link closed under it (not merely retired). */
  get lost(): boolean {
    return !this.#link.isOpen;
  }

  /** Call a client method on this connection, counting its transport ID. */
  call<K extends keyof ClientMethods & string>(
    method: K,
    params: ParamsOf<ClientMethods, K>,
    options?: RequestOptions,
  ): Promise<ResultOf<ClientMethods, K>> {
    this.#used++;
    return this.#link.call(method, params, options);
  }

  /** Run a batch on this connection (one transport ID; the approvals are the Broker's). */
  batch(
    params: Omit<ParamsOf<ClientMethods, "browser.batch">, "approvalId">,
    approve: ApproveStep,
    options?: RequestOptions,
  ): Promise<ResultOf<ClientMethods, "browser.batch">> {
    if (this.#link.batch === undefined) return Promise.reject(new LeashError("UNSUPPORTED"));
    this.#used++;
    return this.#link.batch(params, approve, options);
  }

  /** Run `work` while holding the connection, so retiring it waits for `work` to end. */
  async hold<T>(work: (connection: Connection) => Promise<T>): Promise<T> {
    this.#holders++;
    try {
      return await work(this);
    } finally {
      this.#holders--;
      if (this.#retiring && this.#holders === 0) this.#link.close();
    }
  }

  /** Take no new work; close once nobody holds it. Idempotent. */
  retire(): void {
    this.#retiring = true;
    if (this.#holders === 0) this.#link.close();
  }

  /** Close now; pending calls reject with `CONNECTION_LOST`. Idempotent. */
  close(): void {
    this.#retiring = true;
    this.#link.close();
  }

  /** The link's events (one reader). */
  events(): AsyncIterableIterator<ClientEvent> {
    return this.#link.events();
  }

  /** Resolves when the link closed. */
  get closed(): Promise<ErrorCode> {
    return this.#link.closed;
  }
}
