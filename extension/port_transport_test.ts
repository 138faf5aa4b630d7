import assert from "node:assert/strict";
import { isLeashError } from "../contracts/errors.ts";
import { FakePort, settle } from "./testing/fake_port.ts";
import { PortTransport } from "./port_transport.ts";

Deno.test("PortTransport holds messages that arrive before start()", () => {
  const port = new FakePort();
  const transport = new PortTransport(port);
  const received: unknown[] = [];
  transport.onmessage = (message) => received.push(message);
  port.deliver({ n: 1 });
  assert.deepEqual(received, []);
  transport.start();
  port.deliver({ n: 2 });
  assert.deepEqual(received, [{ n: 1 }, { n: 2 }]);
});

Deno.test("PortTransport reports its own close once, since Chrome does not", async () => {
  const port = new FakePort();
  const transport = new PortTransport(port);
  let closes = 0;
  transport.onclose = () => closes++;
  transport.start();
  transport.close();
  transport.close();
  await settle();
  assert.equal(port.disconnected, true);
  assert.equal(closes, 1);
});

Deno.test("PortTransport reads Chrome's disconnect error so it is never unchecked", async () => {
  const port = new FakePort();
  const reasons: string[] = [];
  let reads = 0;
  const transport = new PortTransport(port, {
    readLastError: () => {
      reads++;
      return "Specified native messaging host not found.";
    },
    onDisconnectReason: (reason) => reasons.push(reason),
  });
  let closes = 0;
  transport.onclose = () => closes++;
  transport.start();
  port.remoteDisconnect();
  await settle();
  assert.equal(reads, 1);
  assert.deepEqual(reasons, ["Specified native messaging host not found."]);
  assert.equal(closes, 1);
});

Deno.test("PortTransport ignores a late disconnect and late messages after it closed", async () => {
  const port = new FakePort();
  const transport = new PortTransport(port);
  const received: unknown[] = [];
  let closes = 0;
  transport.onmessage = (message) => received.push(message);
  transport.onclose = () => closes++;
  transport.start();
  transport.close();
  port.deliver({ late: true });
  port.remoteDisconnect();
  await settle();
  assert.deepEqual(received, []);
  assert.equal(closes, 1);
});

Deno.test("PortTransport send() after close throws CONNECTION_LOST", () => {
  const transport = new PortTransport(new FakePort());
  transport.start();
  transport.close();
  assert.throws(() => transport.send({}), (error) => isLeashError(error, "CONNECTION_LOST"));
});

Deno.test("PortTransport turns a dead port's throw into CONNECTION_LOST and closes", async () => {
  const port = new FakePort();
  const transport = new PortTransport(port);
  let closes = 0;
  transport.onclose = () => closes++;
  transport.start();
  port.failPost = true;
  assert.throws(() => transport.send({}), (error) => isLeashError(error, "CONNECTION_LOST"));
  await settle();
  assert.equal(closes, 1);
});

Deno.test("PortTransport closes when a message handler throws", async () => {
  const port = new FakePort();
  const transport = new PortTransport(port);
  const errors: Error[] = [];
  let closes = 0;
  transport.onmessage = () => {
    throw new Error("boom");
  };
  transport.onerror = (error) => errors.push(error);
  transport.onclose = () => closes++;
  transport.start();
  port.deliver({});
  await settle();
  assert.equal(errors.length, 1);
  assert.equal(closes, 1);
  assert.equal(port.disconnected, true);
});
