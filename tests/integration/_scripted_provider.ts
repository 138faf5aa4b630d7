/**
 * A scripted provider: speaks the provider hello (token included, as the
 * Native Host would inject it) straight over the Broker's socket and serves
 * `tabs.list`, `lease.grant`, `lease.open` (on a new tab of its own, at
 * the URL it names), `lease.revoke` and `cdp` from a script, and,
 * given a {@linkcode ScriptedPage}, `ax.read`, `ax.find`, `ax.page` and
 * `cdp` from that page, `frames.list` and `ax.frame` from its
 * {@linkcode ScriptedFrames} (none by default), and `console.read`,
 * `network.read` and `network.request` from {@linkcode ScriptedLogs}. It keeps the leases it
 * granted, so `lease.revoke` and the leased methods check the fence like
 * the extension does. While a dialog is open
 * ({@linkcode ScriptedProvider.openDialog}) every leased call answers
 * `DIALOG_OPEN` like the extension's dialog gate, and `dialog.answer`
 * closes it. Other
 * provider methods (and the `ax.*` methods without a page) are answered
 * `UNKNOWN_METHOD`.
 *
 * @module
 */
import { type ErrorCode, LeashError } from "../../contracts/errors.ts";
import type { AuthenticatedProviderHello, Welcome } from "../../contracts/hello.ts";
import type { JsonObject } from "../../contracts/json.ts";
import type { EventValueOf, ParamsOf, ResultOf } from "../../contracts/methods/define.ts";
import {
  handshakeMethods,
  providerEvents,
  type ProviderMethods,
  providerMethods,
} from "../../contracts/methods/mod.ts";
import type { LeaseToken } from "../../contracts/methods/common.ts";
import type { OpenDialog } from "../../contracts/methods/dialog.ts";
import type { SettleRequest } from "../../contracts/methods/page.ts";
import { Peer } from "../../contracts/peer.ts";
import { StreamTransport } from "../../contracts/stream_transport.ts";
import { specProviderHello } from "./_hellos.ts";
import { ScriptedFrames } from "./_scripted_frames.ts";
import type { ScriptedPage } from "./_scripted_page.ts";

/** How the scripted provider behaves. */
export interface ScriptedProviderOptions {
  socketPath: string;
  token: string;
  instanceId?: string;
  /** What `tabs.list` returns. */
  tabs?: ResultOf<ProviderMethods, "tabs.list">;
  /** Hold every `tabs.list` until it is cancelled or {@linkcode ScriptedProvider.releaseHeld} runs. */
  holdTabs?: boolean;
  /** How to answer each `lease.grant`; default `{ kind: "grant" }`. */
  onGrant?: (params: GrantParams) => GrantAnswer;
  /**
   * How to answer each `lease.open`; default: a grant on a new tab at the
   * URL, for its origin (or the whole tab).
   */
  onOpen?: (params: OpenParams) => GrantAnswer;
  /** The page a default grant is on; default `https://example.com/`. */
  url?: string;
  /**
   * How to answer each `cdp` call on a live lease; default: the `page`'s
   * answer, else {@linkcode defaultCdpAnswer}.
   */
  onCdp?: (params: CdpParams, lease: GrantedLease) => CdpAnswer;
  /** The page `ax.read`, `ax.find`, `ax.page` and `cdp` read; its URL is the default `url`. */
  page?: ScriptedPage;
  /** The page's child frames, for `frames.list` and `ax.frame`; default none. */
  frames?: ScriptedFrames;
  /**
   * Awaited before any leased call (`ax.*`, `cdp`) is answered, after its
   * fence was checked: lets a test hold calls to see what else arrives.
   */
  beforeAnswer?: (method: LeasedMethod) => Promise<void> | void;
  /** What the console and network methods answer; without it they are `UNKNOWN_METHOD`. */
  logs?: ScriptedLogs;
}

/** The answers of the console and network methods, as a test scripts them. */
export interface ScriptedLogs {
  console(
    params: ParamsOf<ProviderMethods, "console.read">,
  ): ResultOf<ProviderMethods, "console.read">;
  network(
    params: ParamsOf<ProviderMethods, "network.read">,
  ): ResultOf<ProviderMethods, "network.read">;
  request(
    params: ParamsOf<ProviderMethods, "network.request">,
  ): ResultOf<ProviderMethods, "network.request">;
}

/** The leased methods the scripted provider answers. */
export type LeasedMethod =
  | "ax.read"
  | "ax.find"
  | "ax.search"
  | "ax.page"
  | "page.settle"
  | "cdp"
  | "frames.list"
  | "ax.frame"
  | "ax.frame.find"
  | "ax.frame.page"
  | "ax.frame.text"
  | "ax.frame.subtree"
  | "frame.click.prepare"
  | "frame.click"
  | "frame.input.prepare"
  | "frame.input"
  | "console.read"
  | "network.read"
  | "network.request";

/** What the Broker sends with `lease.grant`. */
export type GrantParams = ParamsOf<ProviderMethods, "lease.grant">;
/** What the Broker sends with `lease.open`. */
export type OpenParams = ParamsOf<ProviderMethods, "lease.open">;
/** What `lease.grant` answers. */
export type GrantResult = ResultOf<ProviderMethods, "lease.grant">;
/** What the Broker sends with `cdp`. */
export type CdpParams = ParamsOf<ProviderMethods, "cdp">;

/**
 * How the scripted provider answers one `lease.grant`:
 * - `grant`: at once, with `result` or one made from the params and `url`;
 * - `deny`: with the error `code` (e.g. `CLAIM_DENIED`, `CLAIM_TIMEOUT`);
 * - `hang`: never, until the Broker cancels it;
 * - `hold`: once {@linkcode ScriptedProvider.releaseGrants} runs, or never if cancelled first.
 */
export type GrantAnswer =
  | { kind: "grant"; result?: GrantResult }
  | { kind: "deny"; code: ErrorCode }
  | { kind: "hang" }
  | { kind: "hold" };

/** How the scripted provider answers one `cdp` call: a result object or an error code. */
export type CdpAnswer = { result: JsonObject } | { code: ErrorCode };

/** A lease the scripted provider granted and still holds. */
export interface GrantedLease {
  fence: number;
  tab: string;
  /** The tab's current top-level URL; {@linkcode ScriptedProvider.navigate} changes it. */
  url: string;
}

/** What `dialog.answer` was asked. */
export type DialogAnswer = Omit<ParamsOf<ProviderMethods, "dialog.answer">, "lease">;

/** The extension's `DIALOG_OPEN`: the dialog's type and message in the detail. */
function dialogOpen(dialog: OpenDialog): LeashError {
  return new LeashError("DIALOG_OPEN", {
    detail: { reason: "dialog", by: { role: dialog.type, name: dialog.message }, use: "dialog" },
  });
}

/** `Page.getFrameTree` with the lease's current URL; `{}` for other methods. */
export function defaultCdpAnswer(params: CdpParams, lease: GrantedLease): CdpAnswer {
  if (params.method !== "Page.getFrameTree") return { result: {} };
  return {
    result: { frameTree: { frame: { id: "main", loaderId: "loader-1", url: lease.url } } },
  };
}

/** The grant a well-behaved provider answers for `params` on a page at `url`. */
export function defaultGrant(params: GrantParams, url: string): GrantResult {
  return {
    tab: params.tab ?? "instance:1",
    scope: params.scope === "tab"
      ? { kind: "tab" }
      : { kind: "origin", origin: new URL(url).origin },
    url,
  };
}

const local = {
  "tabs.list": providerMethods["tabs.list"],
  "lease.grant": providerMethods["lease.grant"],
  "lease.open": providerMethods["lease.open"],
  "lease.revoke": providerMethods["lease.revoke"],
  "cdp": providerMethods["cdp"],
  "ax.read": providerMethods["ax.read"],
  "ax.find": providerMethods["ax.find"],
  "ax.search": providerMethods["ax.search"],
  "ax.page": providerMethods["ax.page"],
  "dialog.answer": providerMethods["dialog.answer"],
  "page.settle": providerMethods["page.settle"],
  "frames.list": providerMethods["frames.list"],
  "ax.frame": providerMethods["ax.frame"],
  "ax.frame.find": providerMethods["ax.frame.find"],
  "ax.frame.page": providerMethods["ax.frame.page"],
  "ax.frame.text": providerMethods["ax.frame.text"],
  "ax.frame.subtree": providerMethods["ax.frame.subtree"],
  "frame.click.prepare": providerMethods["frame.click.prepare"],
  "frame.click": providerMethods["frame.click"],
  "frame.input.prepare": providerMethods["frame.input.prepare"],
  "frame.input": providerMethods["frame.input"],
  "console.read": providerMethods["console.read"],
  "network.read": providerMethods["network.read"],
  "network.request": providerMethods["network.request"],
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
  /** Every `lease.grant` received, in order. */
  readonly grants: GrantParams[] = [];
  /** Every `lease.open` received, in order. */
  readonly opens: OpenParams[] = [];
  /** The tabs it opened for `lease.open` and has not closed. */
  readonly openedTabs = new Set<string>();
  /** The tabs `lease.revoke` with `closeTab` closed, in order. */
  readonly closedTabs: string[] = [];
  /** The tokens of `lease.grant` calls the Broker cancelled (cancel frame or close). */
  readonly grantCancels: LeaseToken[] = [];
  /** Leases granted and not yet revoked, by lease ID. */
  readonly live = new Map<string, GrantedLease>();
  /** Every `cdp` call received, in order. */
  readonly cdpCalls: CdpParams[] = [];
  /**
   * Every leased call (`ax.*`, `cdp`) on a live lease, in arrival order:
   * the method, and the DevTools method for `cdp`.
   */
  readonly leasedCalls: string[] = [];
  /** The dialog open on the page, if any: leased calls answer `DIALOG_OPEN` while it is. */
  dialog: OpenDialog | undefined;
  /** Every `dialog.answer` that closed a dialog, in order. */
  readonly dialogAnswers: DialogAnswer[] = [];
  /** Every `page.settle` request, in order; each is answered settled at once. */
  readonly settles: SettleRequest[] = [];
  /** Leased calls being answered right now. */
  inFlight = 0;
  /** The most leased calls ever answered at once. */
  maxInFlight = 0;
  /**
   * The most leased calls answered at once while one of them was not a
   * `cdp` call (a whole read or wait): an action's own reads may go out
   * together, but nothing shares the tab with another operation.
   */
  maxInFlightBesideRead = 0;
  #readsInFlight = 0;
  readonly #peer: ProviderPeer;
  readonly #held: Array<() => void>;
  readonly #hello: AuthenticatedProviderHello;

  readonly #heldGrants: Array<() => void>;

  private constructor(
    peer: ProviderPeer,
    welcome: Welcome,
    held: Array<() => void>,
    hello: AuthenticatedProviderHello,
    heldGrants: Array<() => void>,
  ) {
    this.#peer = peer;
    this.welcome = welcome;
    this.#held = held;
    this.#hello = hello;
    this.#heldGrants = heldGrants;
  }

  /** Connect and say the provider hello. Rejects with the Broker's `LeashError` when refused. */
  static async connect(options: ScriptedProviderOptions): Promise<ScriptedProvider> {
    const conn = await Deno.connect({ transport: "unix", path: options.socketPath });
    const held: Array<() => void> = [];
    const heldGrants: Array<() => void> = [];
    let provider: ScriptedProvider | undefined;
    const tabs = options.tabs ?? [{ tab: "instance:1", active: true, title: "Example" }];
    const onGrant: (params: GrantParams) => GrantAnswer = options.onGrant ??
      (() => ({ kind: "grant" }));
    const page = options.page;
    const frames = options.frames ?? new ScriptedFrames([]);
    const url = options.url ?? page?.snapshot.url ?? "https://example.com/";
    const onCdp = options.onCdp ??
      (page === undefined
        ? defaultCdpAnswer
        : (params: CdpParams): CdpAnswer => ({ result: page.cdp(params.method, params.params) }));
    /** Check the fence, count the call, wait for `beforeAnswer`, then answer. */
    const leased = async <T>(
      method: LeasedMethod,
      lease: LeaseToken,
      label: string,
      answer: (granted: GrantedLease) => T,
    ): Promise<T> => {
      const granted = provider?.live.get(lease.leaseId);
      if (granted === undefined || granted.fence !== lease.fence) {
        throw new LeashError("STALE_LEASE");
      }
      if (provider === undefined) throw new LeashError("INTERNAL");
      const self = provider;
      if (self.dialog !== undefined) throw dialogOpen(self.dialog);
      self.leasedCalls.push(label);
      // An action's wait for the page is its own, as its DevTools calls are.
      const read = method !== "cdp" && method !== "page.settle";
      self.inFlight++;
      if (read) self.#readsInFlight++;
      self.maxInFlight = Math.max(self.maxInFlight, self.inFlight);
      if (self.#readsInFlight > 0) {
        self.maxInFlightBesideRead = Math.max(self.maxInFlightBesideRead, self.inFlight);
      }
      try {
        await options.beforeAnswer?.(method);
        const result = answer(granted);
        // A call whose effect opened a dialog is never answered while it stays open.
        if (self.dialog !== undefined) throw dialogOpen(self.dialog);
        return result;
      } finally {
        self.inFlight--;
        if (read) self.#readsInFlight--;
      }
    };
    const withLogs = <T>(read: (logs: ScriptedLogs) => T): T => {
      if (options.logs === undefined) throw new LeashError("UNKNOWN_METHOD");
      return read(options.logs);
    };
    const withPage = <T>(read: (page: ScriptedPage) => T): T => {
      if (page === undefined) throw new LeashError("UNKNOWN_METHOD");
      return read(page);
    };
    const hello = specProviderHello(options.token, options.instanceId);
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
        "lease.grant": async (params, { signal }) => {
          provider?.grants.push(params);
          const answer = onGrant(params);
          if (answer.kind === "deny") throw new LeashError(answer.code);
          if (answer.kind === "hang" || answer.kind === "hold") {
            await new Promise<void>((resolve, reject) => {
              if (answer.kind === "hold") heldGrants.push(resolve);
              signal.addEventListener("abort", () => {
                provider?.grantCancels.push(params.lease);
                reject(new LeashError("CANCELLED"));
              }, { once: true });
            });
          }
          const result = answer.kind === "grant" && answer.result !== undefined
            ? answer.result
            : defaultGrant(params, url);
          provider?.live.set(params.lease.leaseId, {
            fence: params.lease.fence,
            tab: result.tab,
            url: result.url,
          });
          return result;
        },
        "lease.open": (params) => {
          provider?.opens.push(params);
          const answer = options.onOpen?.(params) ?? { kind: "grant" };
          if (answer.kind === "deny") throw new LeashError(answer.code);
          if (answer.kind !== "grant") throw new LeashError("UNSUPPORTED");
          const tab = `${hello.instance.id}:${100 + (provider?.opens.length ?? 0)}`;
          const result = answer.result ?? defaultGrant({ ...params, tab }, params.url);
          provider?.openedTabs.add(result.tab);
          provider?.live.set(params.lease.leaseId, {
            fence: params.lease.fence,
            tab: result.tab,
            url: result.url,
          });
          return result;
        },
        "lease.revoke": ({ lease, closeTab }) => {
          provider?.revoked.push(lease);
          const granted = provider?.live.get(lease.leaseId);
          if (granted === undefined || granted.fence !== lease.fence) {
            return closeTab === true ? { revoked: false, closed: false } : { revoked: false };
          }
          provider?.live.delete(lease.leaseId);
          if (closeTab !== true) return { revoked: true };
          const closed = provider?.openedTabs.delete(granted.tab) === true;
          if (closed) provider?.closedTabs.push(granted.tab);
          return { revoked: true, closed };
        },
        "cdp": (params) => {
          provider?.cdpCalls.push(params);
          return leased("cdp", params.lease, `cdp ${params.method}`, (granted) => {
            const answer = onCdp(params, granted);
            if ("code" in answer) throw new LeashError(answer.code);
            return answer.result;
          });
        },
        "ax.read": ({ lease, request }) =>
          leased("ax.read", lease, "ax.read", () => withPage((p) => p.read(request))),
        "ax.find": ({ lease, request }) =>
          leased("ax.find", lease, "ax.find", () => withPage((p) => p.search(request))),
        "ax.search": ({ lease, request }) =>
          leased("ax.search", lease, "ax.search", () => withPage((p) => p.query(request))),
        "ax.page": ({ lease, request }) =>
          leased("ax.page", lease, "ax.page", () => withPage((p) => p.window(request))),
        "page.settle": ({ lease, request }) =>
          leased("page.settle", lease, "page.settle", () => {
            provider?.settles.push(request);
            return { settled: true, waitedMs: 0, requests: 0, mutating: false, animating: false };
          }),
        "dialog.answer": ({ lease, ...answer }) => {
          const granted = provider?.live.get(lease.leaseId);
          if (granted === undefined || granted.fence !== lease.fence) {
            throw new LeashError("STALE_LEASE");
          }
          const dialog = provider?.dialog;
          if (provider === undefined || dialog === undefined) throw new LeashError("STALE_TARGET");
          provider.dialog = undefined;
          provider.dialogAnswers.push(answer);
          return { type: dialog.type };
        },
        "frames.list": ({ lease }) =>
          leased("frames.list", lease, "frames.list", () => withPage((p) => frames.list(p))),
        "ax.frame": ({ lease, binding }) =>
          leased("ax.frame", lease, "ax.frame", () => withPage((p) => frames.read(p, binding))),
        "frame.click.prepare": ({ lease, request }) =>
          leased("frame.click.prepare", lease, "frame.click.prepare", () =>
            withPage((p) => {
              frames.click(p, "prepare", request);
              return { acknowledged: false as const };
            })),
        "ax.frame.find": ({ lease, request }) =>
          leased(
            "ax.frame.find",
            lease,
            "ax.frame.find",
            () => withPage((p) => frames.find(p, request.binding, request.query)),
          ),
        "ax.frame.text": ({ lease, request }) =>
          leased(
            "ax.frame.text",
            lease,
            "ax.frame.text",
            () => withPage((p) => frames.text(p, request.binding, request.text)),
          ),
        "ax.frame.page": ({ lease, request }) =>
          leased(
            "ax.frame.page",
            lease,
            "ax.frame.page",
            () => withPage((p) => frames.window(p, request)),
          ),
        "ax.frame.subtree": ({ lease, request }) =>
          leased(
            "ax.frame.subtree",
            lease,
            "ax.frame.subtree",
            () => withPage((p) => frames.subtree(p, request.binding, request.root)),
          ),
        "frame.input.prepare": ({ lease, request }) =>
          leased("frame.input.prepare", lease, "frame.input.prepare", () =>
            withPage((p) => {
              frames.input(p, "prepare", request);
              return { acknowledged: false as const };
            })),
        "frame.input": ({ lease, request }) =>
          leased("frame.input", lease, "frame.input", () =>
            withPage((p) => {
              frames.input(p, "input", request);
              return { acknowledged: true as const };
            })),
        "console.read": (params) =>
          leased(
            "console.read",
            params.lease,
            "console.read",
            () => withLogs((logs) => logs.console(params)),
          ),
        "network.read": (params) =>
          leased(
            "network.read",
            params.lease,
            "network.read",
            () => withLogs((logs) => logs.network(params)),
          ),
        "network.request": (params) =>
          leased(
            "network.request",
            params.lease,
            "network.request",
            () => withLogs((logs) => logs.request(params)),
          ),
        "frame.click": ({ lease, request }) =>
          leased("frame.click", lease, "frame.click", () =>
            withPage((p) => {
              frames.click(p, "click", request);
              return { acknowledged: true as const };
            })),
      },
    });
    try {
      const welcome = await peer.request("hello", hello, { timeoutMs: 5_000 });
      provider = new ScriptedProvider(peer, welcome, held, hello, heldGrants);
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

  /** Let every `lease.grant` answered with `hold` grant now (cancelled ones stay refused). */
  releaseGrants(): void {
    for (const resolve of this.#heldGrants.splice(0)) resolve();
  }

  /** A dialog opens on the page: leased calls answer `DIALOG_OPEN` until it is answered. */
  openDialog(dialog: OpenDialog): void {
    this.dialog = dialog;
  }

  /** The person answers the dialog in the browser. */
  closeDialog(): void {
    this.dialog = undefined;
  }

  /** The page of lease `leaseId` opens tab `tab` (a popup): the Broker hears `lease.tab-opened`. */
  openPopup(leaseId: string, tab: string): void {
    this.emit("lease.tab-opened", { leaseId, tab });
  }

  /** The tab of lease `leaseId` now shows `url` (what `cdp` `Page.getFrameTree` reports). */
  navigate(leaseId: string, url: string): void {
    const granted = this.live.get(leaseId);
    if (granted === undefined) throw new Error(`Cannot navigate lease ${leaseId}: it is not live`);
    granted.url = url;
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
