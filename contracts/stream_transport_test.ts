import assert from "node:assert/strict";
import { isLeashError } from "./errors.ts";
import { encodeFrame, FrameError } from "./framing.ts";
import { StreamTransport } from "./stream_transport.ts";
import type { Transport } from "./transport.ts";

/** Records what a transport reports, with a promise for its close. */
class Probe {
  readonly messages: unknown[] = [];
  readonly errors: Error[] = [];
  closes = 0;
  readonly closed: Promise<void>;
  #waiters: { count: number; resolve: () => void }[] = [];

  constructor(transport: Transport) {
    const { promise, resolve } = Promise.withResolvers<void>();
    this.closed = promise;
    transport.onmessage = (message) => {
      this.messages.push(message);
      this.#waiters = this.#waiters.filter((waiter) => {
        if (this.messages.length < waiter.count) return true;
        waiter.resolve();
        return false;
      });
    };
    transport.onerror = (error) => this.errors.push(error);
    transport.onclose = () => {
      this.closes++;
      resolve();
    };
  }

  /** Resolves once `count` messages have arrived. */
  received(count: number): Promise<void> {
    const { promise, resolve } = Promise.withResolvers<void>();
    if (this.messages.length >= count) resolve();
    else this.#waiters.push({ count, resolve });
    return promise;
  }
}

/** Two transports joined by two in-memory pipes. */
function pipePair(): [StreamTransport, StreamTransport] {
  const aToB = new TransformStream<Uint8Array, Uint8Array>();
  const bToA = new TransformStream<Uint8Array, Uint8Array>();
  return [
    new StreamTransport(bToA.readable, aToB.writable),
    new StreamTransport(aToB.readable, bToA.writable),
  ];
}

/** Two transports joined by a real Unix socket in a temporary directory. */
async function socketPair(): Promise<{ pair: [StreamTransport, StreamTransport]; dir: string }> {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/leash.sock`;
  const listener = Deno.listen({ transport: "unix", path });
  const [server, client] = await Promise.all([
    listener.accept(),
    Deno.connect({ transport: "unix", path }),
  ]);
  listener.close();
  return {
    pair: [
      new StreamTransport(server.readable, server.writable),
      new StreamTransport(client.readable, client.writable),
    ],
    dir,
  };
}

/** Runs `body` over each carrier, cleaning up the socket directory. */
async function overEachCarrier(
  body: (a: StreamTransport, b: StreamTransport) => Promise<void>,
): Promise<void> {
  await body(...pipePair());
  const { pair, dir } = await socketPair();
  try {
    await body(...pair);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("StreamTransport carries messages both ways in order", async () => {
  await overEachCarrier(async (a, b) => {
    const probeA = new Probe(a);
    const probeB = new Probe(b);
    a.start();
    b.start();
    const sent = Array.from({ length: 200 }, (_, i) => ({ i, text: "😀".repeat(i) }));
    for (const message of sent) a.send(message);
    b.send({ reply: "ok" });
    b.send(null);
    await Promise.all([probeB.received(sent.length), probeA.received(2)]);
    assert.deepEqual(probeB.messages, sent);
    assert.deepEqual(probeA.messages, [{ reply: "ok" }, null]);
    a.close();
    await Promise.all([probeA.closed, probeB.closed]);
  });
});

Deno.test("StreamTransport carries a frame larger than one socket read", async () => {
  await overEachCarrier(async (a, b) => {
    const probeB = new Probe(b);
    new Probe(a);
    a.start();
    b.start();
    const big = { value: "x".repeat(900_000) };
    a.send(big);
    a.send("after");
    await probeB.received(2);
    assert.deepEqual(probeB.messages, [big, "after"]);
    b.close();
    await probeB.closed;
  });
});

Deno.test("StreamTransport close from either side fires onclose once on both", async () => {
  for (const closer of [0, 1]) {
    await overEachCarrier(async (a, b) => {
      const probes = [new Probe(a), new Probe(b)];
      a.start();
      b.start();
      const transports = [a, b];
      transports[closer].close();
      transports[closer].close();
      await Promise.all(probes.map((probe) => probe.closed));
      // Let any stray second close land before counting.
      await new Promise((resolve) => setTimeout(resolve, 0));
      transports[1 - closer].close();
      await new Promise((resolve) => setTimeout(resolve, 0));
      assert.deepEqual(probes.map((probe) => probe.closes), [1, 1]);
      assert.deepEqual(probes.map((probe) => probe.errors), [[], []]);
      assert.throws(() => a.send(1), (error) => isLeashError(error, "CONNECTION_LOST"));
      assert.throws(() => b.send(1), (error) => isLeashError(error, "CONNECTION_LOST"));
    });
  }
});

Deno.test("StreamTransport delivers frames sent just before the sender closed", async () => {
  await overEachCarrier(async (a, b) => {
    const probeB = new Probe(b);
    new Probe(a);
    a.start();
    b.start();
    a.send({ last: "words" });
    a.close();
    await probeB.closed;
    assert.deepEqual(probeB.messages, [{ last: "words" }]);
  });
});

Deno.test("StreamTransport reports a decode error, then closes", async () => {
  const input = new TransformStream<Uint8Array, Uint8Array>();
  const transport = new StreamTransport(input.readable, new WritableStream());
  const probe = new Probe(transport);
  transport.start();
  const writer = input.writable.getWriter();
  await writer.write(encodeFrame({ fine: true }));
  await writer.write(new Uint8Array(4));
  await probe.closed;
  assert.deepEqual(probe.messages, [{ fine: true }]);
  assert.equal(probe.errors.length, 1);
  const [error] = probe.errors;
  assert.ok(error instanceof FrameError);
  assert.equal(error.kind, "zero-length");
  assert.equal(probe.closes, 1);
});

Deno.test("StreamTransport reports a stream that ends inside a frame", async () => {
  const frame = encodeFrame("cut short");
  const transport = new StreamTransport(
    new Blob([frame.subarray(0, 6)]).stream(),
    new WritableStream(),
  );
  const probe = new Probe(transport);
  transport.start();
  await probe.closed;
  assert.ok(probe.errors[0] instanceof FrameError);
  assert.equal(probe.errors[0].kind, "truncated");
});

Deno.test("StreamTransport closes quietly at the end of the readable", async () => {
  const transport = new StreamTransport(
    new Blob([encodeFrame(1), encodeFrame(2)]).stream(),
    new WritableStream(),
  );
  const probe = new Probe(transport);
  transport.start();
  await probe.closed;
  assert.deepEqual(probe.messages, [1, 2]);
  assert.deepEqual(probe.errors, []);
});

Deno.test("StreamTransport throws QUEUE_FULL past 2 MiB queued to a stalled writer", () => {
  const writes: number[] = [];
  const stalled = new WritableStream<Uint8Array>({
    write(chunk) {
      writes.push(chunk.length);
      return new Promise(() => {});
    },
  });
  const transport = new StreamTransport(new ReadableStream(), stalled);
  const message = "q".repeat(500_000);
  // Four frames of 500,006 bytes fit under 2,097,152; the fifth does not.
  for (let i = 0; i < 4; i++) transport.send(message);
  assert.equal(transport.bufferedBytes, 4 * 500_006);
  assert.throws(() => transport.send(message), (error) => isLeashError(error, "QUEUE_FULL"));
  // Nothing partial was queued, and a small message still fits.
  assert.equal(transport.bufferedBytes, 4 * 500_006);
  transport.send("small");
  assert.equal(transport.bufferedBytes, 4 * 500_006 + 11);
  transport.close();
});

Deno.test("StreamTransport frees queue space as writes complete", async () => {
  const transport = new StreamTransport(new ReadableStream(), new WritableStream());
  transport.send("a".repeat(1_000_000));
  transport.send("b".repeat(1_000_000));
  assert.throws(
    () => transport.send("c".repeat(1_000_000)),
    (error) => isLeashError(error, "QUEUE_FULL"),
  );
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.equal(transport.bufferedBytes, 0);
  transport.send("c".repeat(1_000_000));
  transport.close();
});

Deno.test("StreamTransport send() throws RESULT_TOO_LARGE over the frame cap", () => {
  const transport = new StreamTransport(new ReadableStream(), new WritableStream(), {
    maxFrameBytes: 10,
  });
  assert.throws(
    () => transport.send("0123456789"),
    (error) => isLeashError(error, "RESULT_TOO_LARGE"),
  );
  assert.equal(transport.bufferedBytes, 0);
  transport.send("01234567");
  transport.close();
});

Deno.test("StreamTransport reports a write failure, then closes", async () => {
  const broken = new WritableStream<Uint8Array>({
    write() {
      throw new Error("Cannot write: the pipe is broken");
    },
  });
  const transport = new StreamTransport(new ReadableStream(), broken);
  const probe = new Probe(transport);
  transport.start();
  transport.send({ doomed: true });
  await probe.closed;
  assert.equal(probe.errors.length, 1);
  assert.match(probe.errors[0].message, /pipe is broken/);
});

Deno.test("StreamTransport closes when onmessage throws", async () => {
  const transport = new StreamTransport(
    new Blob([encodeFrame(1), encodeFrame(2)]).stream(),
    new WritableStream(),
  );
  const seen: unknown[] = [];
  const errors: Error[] = [];
  const { promise, resolve } = Promise.withResolvers<void>();
  transport.onmessage = (message) => {
    seen.push(message);
    throw new Error("Cannot handle message: test");
  };
  transport.onerror = (error) => errors.push(error);
  transport.onclose = resolve;
  transport.start();
  await promise;
  assert.deepEqual(seen, [1]);
  assert.equal(errors.length, 1);
});
