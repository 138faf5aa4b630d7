/**
 * A scripted provider: speaks the provider hello (token included, as the
 * Native Host would inject it) straight over the Broker's socket and serves
 * `tabs.list` and `lease.revoke` from a script. Other provider methods are
 * answered `UNKNOWN_METHOD`.
 *
 * @module
 */
import { LeashError } from "../../contracts/errors.ts";
import type { AuthenticatedProviderHello, Welcome } from "../../contracts/hello.ts";
import type { EventValueOf, ResultOf } from "../../contracts/methods/define.ts";
import {
  handshakeMethods,
  providerEvents,
  type ProviderMethods,
  providerMethods,
} from "../../contracts/methods/mod.ts";
import type { LeaseToken } from "../../contracts/methods/common.ts";
import { Peer } from "../../contracts/peer.ts";
import { StreamTransport } from "../../contracts/stream_transport.ts";
import { specProviderHello } from "./_hellos.ts";

/** How the scripted provider behaves. */
export interface ScriptedProviderOptions {
  socketPath: string;
  token: string;
  instanceId?: string;
  /** What `tabs.list` returns. */
  tabs?: ResultOf<ProviderMethods, "tabs.list">;
  /** Hold every `tabs.list` until it is cancelled or {@linkcode ScriptedProvider.releaseHeld} runs. */
  holdTabs?: boolean;
}

const local = {
  "tabs.list": providerMethods["tabs.list"],
  "lease.revoke": providerMethods["lease.revoke"],
};
type ProviderPeer = Peer<
  typeof local,
  typeof handshakeMethods,
  Record<never, never>,
  typeof providerEvents
>;

/** A provider connection driven by a test or benchmark. */
export class ScriptedProvider {
  readonly welcome: Welcome;
  /** `tabs.list` calls whose signal was aborted (a cancel or a close reached the handler). */
  cancelled = 0;
  /** `tabs.list` calls that started. */
  started = 0;
  /** Leases the Broker withdrew with `lease.revoke`. */
  readonly revoked: LeaseToken[] = [];
  readonly #peer: ProviderPeer;
  readonly #held: Array<() => void>;
  readonly #hello: AuthenticatedProviderHello;

  private constructor(
    peer: ProviderPeer,
    welcome: Welcome,
    held: Array<() => void>,
    hello: AuthenticatedProviderHello,
  ) {
    this.#peer = peer;
    this.welcome = welcome;
    this.#held = held;
    this.#hello = hello;
  }

  /** Connect and say the provider hello. Rejects with the Broker's `LeashError` when refused. */
  static async connect(options: ScriptedProviderOptions): Promise<ScriptedProvider> {
    const conn = await Deno.connect({ transport: "unix", path: options.socketPath });
    const held: Array<() => void> = [];
    let provider: ScriptedProvider | undefined;
    const tabs = options.tabs ?? [{ tab: "instance:1", active: true, title: "Example" }];
    const peer: ProviderPeer = new Peer({
      transport: new StreamTransport(conn.readable, conn.writable),
      local,
      remote: handshakeMethods,
      outgoingEvents: providerEvents,
      handlers: {
        "tabs.list": async (_params, { signal }) => {
          if (provider !== undefined) provider.started++;
          if (options.holdTabs) {
            await new Promise<void>((resolve, reject) => {
              held.push(resolve);
              signal.addEventListener("abort", () => {
                if (provider !== undefined) provider.cancelled++;
                reject(new LeashError("CANCELLED"));
              }, { once: true });
            });
          }
          return tabs;
        },
        "lease.revoke": ({ lease }) => {
          provider?.revoked.push(lease);
          return { revoked: true };
        },
      },
    });
    const hello = specProviderHello(options.token, options.instanceId);
    try {
      const welcome = await peer.request("hello", hello, { timeoutMs: 5_000 });
      provider = new ScriptedProvider(peer, welcome, held, hello);
      return provider;
    } catch (error) {
      peer.close();
      throw error;
    }
  }

  /** Let every held `tabs.list` answer. */
  releaseHeld(): void {
    for (const resolve of this.#held.splice(0)) resolve();
  }

  /**
   * Resolve once the Broker has handled everything sent before: a repeated
   * hello is answered (refused) only after the messages ahead of it.
   */
  async sync(): Promise<void> {
    await this.#peer.request("hello", this.#hello).catch(() => {});
  }

  /** Send a provider event. */
  emit<K extends keyof typeof providerEvents & string>(
    event: K,
    value: EventValueOf<typeof providerEvents, K>,
  ): void {
    this.#peer.emit(event, value);
  }

  /** Resolves with the close reason. */
  get closed(): Promise<string> {
    return this.#peer.closed;
  }

  /** Disconnect, as a browser that quits would. */
  close(): void {
    this.#peer.close();
  }
}
