/**
 * Keeping the private token off the wire. Any peer that reached the socket
 * may write the token into a frame; the Broker must never send it back,
 * neither to that peer nor to a provider, whose Native Host ends the
 * browser's link rather than let a frame holding the token reach the
 * extension. So:
 * - an incoming frame whose transport ID holds the token is dropped unread
 *   and its connection closed (reason `INVALID_PARAMS`): any answer would
 *   echo that ID;
 * - an incoming request whose params hold the token anywhere but in a
 *   hello's own `token` field is refused `INVALID_PARAMS` by the
 *   connection's admission check ({@linkcode requestCarriesToken}), before
 *   anything is judged, journaled or forwarded;
 * - an outgoing frame that would hold the token (one the Broker built from
 *   pieces, or from page content that holds it) is not sent: the transport
 *   refuses it with `INVALID_PARAMS`, so the request it answers, or the
 *   call it would have made, fails with that code.
 *
 * Strings are searched after JSON decoding and before encoding, keys
 * included, so an escaped spelling finds no way around; the token is hex,
 * which JSON never escapes, so what is searched is what the host searches.
 *
 * @module
 */
import { LeashError } from "../../contracts/errors.ts";
import { helloMethod } from "../../contracts/hello.ts";
import type { JsonObject } from "../../contracts/json.ts";
import type { Transport } from "../../contracts/transport.ts";
import type { TokenVerifier } from "../../local/token.ts";

/** Whether any string in `value`, object keys included, holds the token. */
export function carriesToken(value: unknown, verifier: TokenVerifier): boolean {
  // A stack, not recursion: a decoded frame may nest deeper than the call stack allows.
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === "string") {
      if (verifier.foundIn(item)) return true;
    } else if (Array.isArray(item)) {
      for (const element of item) stack.push(element);
    } else if (typeof item === "object" && item !== null) {
      for (const [key, element] of Object.entries(item)) stack.push(key, element);
    }
  }
  return false;
}

/**
 * Whether request `params` of `method` hold the token where it has no place:
 * anywhere, except a hello's own `token` field, which is how a hello
 * authenticates.
 */
export function requestCarriesToken(
  method: string,
  params: JsonObject,
  verifier: TokenVerifier,
): boolean {
  if (method !== helloMethod) return carriesToken(params, verifier);
  const { token: _token, ...rest } = params;
  return carriesToken(rest, verifier);
}

/** What {@linkcode TokenScreen} refused. */
export type TokenRefusal =
  /** An incoming frame's transport ID held the token; the frame was dropped. */
  | { kind: "incoming-id" }
  /** An outgoing frame of this envelope type held the token; it was not sent. */
  | { kind: "outgoing"; type: string };

/** Options for {@linkcode TokenScreen}. */
export interface TokenScreenOptions {
  verifier: TokenVerifier;
  /** Called for each refusal; for `incoming-id` it should close the connection. */
  onRefused: (refusal: TokenRefusal) => void;
}

/**
 * A transport that screens frames for the token both ways around another
 * transport: an incoming frame whose ID holds it is never delivered, and an
 * outgoing frame holding it is never sent.
 */
export class TokenScreen implements Transport {
  onmessage?: (message: unknown) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;

  readonly #inner: Transport;
  readonly #verifier: TokenVerifier;
  readonly #onRefused: (refusal: TokenRefusal) => void;

  constructor(inner: Transport, options: TokenScreenOptions) {
    this.#inner = inner;
    this.#verifier = options.verifier;
    this.#onRefused = options.onRefused;
  }

  start(): void {
    this.#inner.onmessage = (message) => this.#receive(message);
    this.#inner.onclose = () => this.onclose?.();
    this.#inner.onerror = (error) => this.onerror?.(error);
    this.#inner.start();
  }

  /** Send `message`; throws `LeashError("INVALID_PARAMS")`, having sent nothing, when it holds the token. */
  send(message: unknown): void {
    if (carriesToken(message, this.#verifier)) {
      this.#onRefused({ kind: "outgoing", type: envelopeType(message) });
      throw new LeashError("INVALID_PARAMS");
    }
    this.#inner.send(message);
  }

  close(): void {
    this.#inner.close();
  }

  #receive(message: unknown): void {
    const id = typeof message === "object" && message !== null && "id" in message
      ? message.id
      : undefined;
    if (typeof id === "string" && this.#verifier.foundIn(id)) {
      this.#onRefused({ kind: "incoming-id" });
      return;
    }
    this.onmessage?.(message);
  }
}

/** The `type` of an outgoing envelope, for the log; never any of its content. */
function envelopeType(message: unknown): string {
  const type = typeof message === "object" && message !== null && "type" in message
    ? message.type
    : undefined;
  return type === "request" || type === "response" || type === "event" || type === "cancel"
    ? type
    : "unknown";
}
