/**
 * One HTTP exchange that dials exactly the address that was checked. The
 * host name is resolved here, every address it resolves to is classified,
 * and the request's socket is opened to the checked address itself, with
 * the name carried only in the Host header and TLS's SNI and certificate
 * check. A name that resolves differently a moment later (DNS rebinding)
 * changes nothing: nothing resolves it again.
 *
 * @module
 */
import { lookup } from "node:dns/promises";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import net from "node:net";
import type { Duplex } from "node:stream";
import tls from "node:tls";
import { DeskFailure } from "../../../contracts/desk/codes.ts";
import { classifyAddress } from "./address.ts";

/** Every address a host name resolves to. */
export type Resolver = (hostname: string) => Promise<readonly string[]>;

/** Where a connection goes: the checked address, and the name for TLS. */
export interface Dial {
  readonly address: string;
  readonly port: number;
  readonly tls: boolean;
  /** The URL's host name, for SNI and the certificate check; absent for an IP literal. */
  readonly servername?: string;
}

/** Opens the socket for one request. */
export type Connector = (dial: Dial) => Duplex;

/** How downloads reach the network. */
export interface NetworkPolicy {
  /** Defaults to the system resolver (getaddrinfo, so `/etc/hosts` counts). */
  readonly resolve?: Resolver;
  /** Defaults to a plain TCP or TLS socket to the checked address. */
  readonly connect?: Connector;
  /**
   * For tests only: allows exactly `127.0.0.1` on this port, where the test
   * server listens. Without it every loopback address is refused.
   */
  readonly testServer?: { readonly port: number };
}

const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

const systemConnector: Connector = (dial) =>
  dial.tls
    ? tls.connect({
      host: dial.address,
      port: dial.port,
      servername: dial.servername,
      ALPNProtocols: ["http/1.1"],
    })
    : net.connect({ host: dial.address, port: dial.port });

function portOf(url: URL): number {
  return url.port === "" ? (url.protocol === "https:" ? 443 : 80) : Number(url.port);
}

/**
 * The address to dial for `url`: every address its host resolves to must be
 * public, else `PRIVATE_NETWORK_BLOCKED` before any connection is made.
 */
export async function checkedAddress(url: URL, policy: NetworkPolicy): Promise<string> {
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  let addresses: readonly string[];
  if (classifyAddress(host) !== undefined) {
    addresses = [host];
  } else {
    try {
      addresses = await (policy.resolve ?? systemResolver)(host);
    } catch {
      throw new DeskFailure("INVALID_URL", { reason: "unresolved" });
    }
  }
  if (addresses.length === 0) throw new DeskFailure("INVALID_URL", { reason: "unresolved" });
  for (const address of addresses) {
    const kind = classifyAddress(address);
    const testServer = policy.testServer !== undefined && address === "127.0.0.1" &&
      portOf(url) === policy.testServer.port;
    if (kind !== "public" && !testServer) {
      throw new DeskFailure("PRIVATE_NETWORK_BLOCKED", { class: kind ?? "unknown" });
    }
  }
  return addresses[0];
}

/** Sends one GET for `url` to `address`, and answers its response head. */
export function requestOnce(
  url: URL,
  address: string,
  options: { readonly policy: NetworkPolicy; readonly signal: AbortSignal },
): Promise<IncomingMessage> {
  const secure = url.protocol === "https:";
  const literal = classifyAddress(url.hostname.replace(/^\[(.*)\]$/, "$1")) !== undefined;
  const dial: Dial = {
    address,
    port: portOf(url),
    tls: secure,
    servername: secure && !literal ? url.hostname : undefined,
  };
  const connect = options.policy.connect ?? systemConnector;
  return new Promise((resolve, reject) => {
    const request = (secure ? https : http).request({
      method: "GET",
      host: url.hostname,
      port: dial.port,
      path: `${url.pathname}${url.search}`,
      headers: {
        host: url.host,
        "user-agent": "leash-desk",
        accept: "*/*",
        "accept-encoding": "identity",
      },
      createConnection: () => connect(dial),
      signal: options.signal,
    });
    request.once("response", resolve);
    request.once("error", reject);
    request.end();
  });
}
