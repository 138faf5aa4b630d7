/**
 * The extension's side of a real Native Host, played by the test: it says
 * the provider hello on the host's stdin and then serves the Broker's
 * requests from a {@linkcode ScriptedPage} exactly as the scripted provider
 * does over a socket (fenced leases, `ax.*`, `cdp`), validating every
 * request against the method table. Everything the host wrote to it stays
 * in the host's stdout, for the checks that read what the extension got.
 *
 * @module
 */
import { parseEnvelope } from "../../contracts/envelope.ts";
import { type ErrorCode, LeashError, toErrorCode } from "../../contracts/errors.ts";
import type { JsonValue } from "../../contracts/json.ts";
import { providerMethods } from "../../contracts/methods/mod.ts";
import { join } from "node:path";
import { extensionOrigin } from "../../contracts/identity.ts";
import {
  helloRequest,
  HostProcess,
  providerHello,
  welcomeIn,
} from "../integration/_host_process.ts";
import type { ScriptedPage } from "../integration/_scripted_page.ts";
import { defaultGrant } from "../integration/_scripted_provider.ts";
import type { BrokerChild } from "./_broker_child.ts";

/**
 * A real Native Host for the Broker in `broker`, started as Chrome starts it
 * for `origin` (ours by default), with no installed host config.
 */
export function hostFor(broker: BrokerChild, origin: string = extensionOrigin): HostProcess {
  const hostConfig = join(broker.dirs.root, "host.json");
  return HostProcess.spawn({
    scope: { runtimeDir: broker.dirs.runtimeDir, hostConfig },
    origin: [origin],
    env: { LEASH_RUNTIME_DIR: broker.dirs.runtimeDir, LEASH_HOST_CONFIG: hostConfig },
  });
}

/** A lease the extension granted: its fence. */
interface Granted {
  fence: number;
}

/** The extension behind one host, serving a scripted page until the host's stdout ends. */
export class StdioExtension {
  /** Leases granted and not revoked, by lease ID. */
  readonly live = new Map<string, Granted>();
  /** DevTools methods asked for through `cdp`, in order. */
  readonly cdpMethods: string[] = [];
  /** Leased calls refused for a stale or unknown fence. */
  staleFences = 0;
  readonly #host: HostProcess;
  readonly #page: ScriptedPage;
  readonly #served: Promise<void>;

  private constructor(host: HostProcess, page: ScriptedPage) {
    this.#host = host;
    this.#page = page;
    this.#served = this.#serve();
  }

  /** Say hello through `host` as instance `instanceId` and start serving `page`. */
  static async start(
    host: HostProcess,
    page: ScriptedPage,
    instanceId: string,
  ): Promise<StdioExtension> {
    await host.send(helloRequest(providerHello(instanceId)));
    welcomeIn(await host.nextFrame());
    return new StdioExtension(host, page);
  }

  /** Resolves once the host's stdout ended. */
  get served(): Promise<void> {
    return this.#served;
  }

  async #serve(): Promise<void> {
    while (true) {
      const frame = await this.#host.nextFrame();
      if (frame === undefined) return;
      const envelope = parseEnvelope(frame);
      if (envelope?.type !== "request") continue;
      let answer: Record<string, JsonValue>;
      try {
        const value: JsonValue = JSON.parse(
          JSON.stringify(this.#answer(envelope.method, envelope.params) ?? null),
        );
        answer = { type: "response", id: envelope.id, ok: true, value };
      } catch (error) {
        const code: ErrorCode = toErrorCode(error);
        answer = { type: "response", id: envelope.id, ok: false, code };
      }
      await this.#host.send(answer).catch(() => {});
    }
  }

  /** The answer to one request, or a thrown `LeashError`. */
  #answer(method: string, raw: unknown): unknown {
    const page = this.#page;
    const leased = (lease: { leaseId: string; fence: number }) => {
      const granted = this.live.get(lease.leaseId);
      if (granted === undefined || granted.fence !== lease.fence) {
        this.staleFences++;
        throw new LeashError("STALE_LEASE");
      }
      return granted;
    };
    switch (method) {
      case "tabs.list":
        providerMethods["tabs.list"].params.parse(raw);
        return [{
          tab: "steady:1",
          active: true,
          title: page.snapshot.title,
          url: page.snapshot.url,
        }];
      case "lease.grant": {
        const params = providerMethods["lease.grant"].params.parse(raw);
        const result = defaultGrant(params, page.snapshot.url);
        this.live.set(params.lease.leaseId, { fence: params.lease.fence });
        return result;
      }
      case "lease.revoke": {
        const { lease } = providerMethods["lease.revoke"].params.parse(raw);
        const granted = this.live.get(lease.leaseId);
        if (granted === undefined || granted.fence !== lease.fence) return { revoked: false };
        this.live.delete(lease.leaseId);
        return { revoked: true };
      }
      case "ax.read": {
        const { lease, request } = providerMethods["ax.read"].params.parse(raw);
        leased(lease);
        return page.read(request);
      }
      case "ax.find": {
        const { lease, request } = providerMethods["ax.find"].params.parse(raw);
        leased(lease);
        return page.search(request);
      }
      case "ax.search": {
        const { lease, request } = providerMethods["ax.search"].params.parse(raw);
        leased(lease);
        return page.query(request);
      }
      case "ax.page": {
        const { lease, request } = providerMethods["ax.page"].params.parse(raw);
        leased(lease);
        return page.window(request);
      }
      case "cdp": {
        const params = providerMethods.cdp.params.parse(raw);
        leased(params.lease);
        this.cdpMethods.push(params.method);
        return page.cdp(params.method, params.params);
      }
      default:
        throw new LeashError("UNKNOWN_METHOD");
    }
  }
}
