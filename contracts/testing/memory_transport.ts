/**
 * Two {@linkcode Transport}s joined in memory, for peer tests. Every message
 * takes a JSON round trip, so the receiver never shares an object with the
 * sender and sees exactly what the wire would carry, and the frame cap
 * applies as it would on a socket.
 *
 * @module
 */
import { LeashError } from "../errors.ts";
import { limits } from "../limits.ts";
import type { Transport } from "../transport.ts";

type Delivery = { kind: "message"; value: unknown } | { kind: "close" };

const encoder = new TextEncoder();

/** One end of the in-memory pair. */
class MemoryTransport implements Transport {
  onmessage?: (message: unknown) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;

  #peer: MemoryTransport | undefined;
  #started = false;
  /** No more sends: either side called `close()`. */
  #closed = false;
  /** This end called `close()`, so it takes no more messages. */
  #closedHere = false;
  /** `onclose` has fired; nothing more is delivered. */
  #finished = false;
  /** Deliveries that arrived before `start()`. */
  #inbox: Delivery[] = [];

  /** Joins two ends; called once by {@linkcode memoryTransportPair}. */
  static join(a: MemoryTransport, b: MemoryTransport): void {
    a.#peer = b;
    b.#peer = a;
  }

  start(): void {
    if (this.#started) throw new Error("Cannot start transport: it was already started");
    this.#started = true;
    const pending = this.#inbox;
    this.#inbox = [];
    queueMicrotask(() => {
      for (const delivery of pending) this.#dispatch(delivery);
    });
  }

  send(message: unknown): void {
    if (this.#closed || this.#peer === undefined) throw new LeashError("CONNECTION_LOST");
    const text = JSON.stringify(message);
    if (text === undefined) {
      throw new TypeError("Cannot send message: it has no JSON representation");
    }
    // Only long strings can pass the cap; skip the encode for the common case.
    if (
      text.length * 3 > limits.maxFrameBytes && encoder.encode(text).length > limits.maxFrameBytes
    ) {
      throw new LeashError("RESULT_TOO_LARGE");
    }
    const value: unknown = JSON.parse(text);
    const peer = this.#peer;
    queueMicrotask(() => peer.#receive({ kind: "message", value }));
  }

  close(): void {
    if (this.#closedHere) return;
    this.#closedHere = true;
    if (this.#closed) return;
    this.#closed = true;
    const peer = this.#peer;
    if (peer !== undefined) peer.#closed = true;
    // Microtasks run in order, so the peer still gets what was sent before the close.
    queueMicrotask(() => {
      this.#dispatch({ kind: "close" });
      if (peer !== undefined) peer.#receive({ kind: "close" });
    });
  }

  #receive(delivery: Delivery): void {
    if (this.#finished) return;
    if (!this.#started) {
      this.#inbox.push(delivery);
      return;
    }
    this.#dispatch(delivery);
  }

  #dispatch(delivery: Delivery): void {
    if (this.#finished) return;
    if (delivery.kind === "close") {
      this.#closed = true;
      this.#finished = true;
      this.#inbox = [];
      this.onclose?.();
      return;
    }
    if (this.#closedHere) return;
    try {
      this.onmessage?.(delivery.value);
    } catch (error) {
      // A socket reader would die here too; report it and close like one.
      this.onerror?.(
        error instanceof Error
          ? error
          : new Error("Cannot deliver message: a non-Error was thrown", { cause: error }),
      );
      this.close();
    }
  }
}

/**
 * Two transports joined in memory. Delivery is asynchronous (a microtask) and
 * in order; messages take a JSON round trip; closing either end closes both,
 * and each end's `onclose` fires once. `send()` after a close throws
 * `LeashError("CONNECTION_LOST")`; a message over the frame cap throws
 * `LeashError("RESULT_TOO_LARGE")`. Messages sent before the receiver's
 * `start()` wait for it; messages still in flight to an end that closed
 * itself are dropped, as unread socket data would be.
 *
 * @example
 * ```ts
 * const [a, b] = memoryTransportPair();
 * b.onmessage = (message) => console.log(message);
 * a.start();
 * b.start();
 * a.send({ hello: "world" });
 * ```
 */
export function memoryTransportPair(): [Transport, Transport] {
  const a = new MemoryTransport();
  const b = new MemoryTransport();
  MemoryTransport.join(a, b);
  return [a, b];
}
