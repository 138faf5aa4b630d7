import assert from "node:assert/strict";
import { extensionId } from "../../contracts/identity.ts";
import { agentPagePath, agentPortName } from "../agent_messages.ts";
import { deskError } from "../../contracts/desk/envelope.ts";
import { AgentPorts } from "./agent_ports.ts";
import { DeskLink, type NativePort } from "./desk_link.ts";

/** A native port whose host answers every request with `answer`. */
function fakeHost(answer: (request: Record<string, unknown>) => unknown) {
  const sent: Record<string, unknown>[] = [];
  let opened = 0;
  let deliver: (message: unknown) => void = () => {};
  let close: () => void = () => {};
  const open = (): NativePort => {
    opened++;
    return {
      postMessage(message) {
        const request: Record<string, unknown> = typeof message === "object" && message !== null
          ? Object.fromEntries(Object.entries(message))
          : {};
        sent.push(request);
        queueMicrotask(() => deliver(answer(request)));
      },
      disconnect() {},
      onMessage: { addListener: (callback) => deliver = callback },
      onDisconnect: { addListener: (callback) => close = callback },
    };
  };
  return { sent, open, opened: () => opened, closeHost: () => close() };
}

function pagePort(url = `chrome-extension://${extensionId}${agentPagePath}`) {
  const posted: unknown[] = [];
  let receive: (message: unknown) => void = () => {};
  let disconnectPage: () => void = () => {};
  let disconnected = false;
  return {
    posted,
    port: {
      name: agentPortName,
      sender: { id: extensionId, url },
      postMessage: (message: unknown) => posted.push(message),
      disconnect: () => disconnected = true,
      onMessage: { addListener: (callback: (message: unknown) => void) => receive = callback },
      onDisconnect: { addListener: (callback: () => void) => disconnectPage = callback },
    },
    send: (message: unknown) => receive(message),
    close: () => disconnectPage(),
    disconnected: () => disconnected,
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

Deno.test("an Agent tab's request reaches DeskBridge on first use, and its run is stopped when the tab goes", async () => {
  const host = fakeHost((request) => ({
    version: 1,
    id: request.id,
    success: true,
    data: request.action === "web_agent_start" ? { runId: "run_1" } : {},
  }));
  const agents = new AgentPorts({ extensionId, desk: new DeskLink(host.open) });
  const page = pagePort();
  agents.accept(page.port);
  assert.equal(host.opened(), 0, "nothing is opened before the first request");
  page.send({
    type: "desk",
    id: "a1",
    action: "web_agent_start",
    arguments: { mode: "browser-only" },
  });
  await tick();
  await tick();
  assert.deepEqual(page.posted, [{
    type: "desk-reply",
    id: "a1",
    response: { version: 1, id: "w1", success: true, data: { runId: "run_1" } },
  }]);
  page.close();
  await tick();
  assert.deepEqual(host.sent.map((request) => request.action), [
    "web_agent_start",
    "web_agent_stop",
  ]);
  assert.deepEqual(host.sent[1].arguments, { runId: "run_1" });
});

Deno.test("only the Agent tab page may connect, and an action outside its four disconnects it", async () => {
  const host = fakeHost(() => ({}));
  const agents = new AgentPorts({ extensionId, desk: new DeskLink(host.open) });
  const stranger = pagePort(`chrome-extension://${extensionId}/popup/popup.html`);
  agents.accept(stranger.port);
  assert.equal(stranger.disconnected(), true);

  const page = pagePort();
  agents.accept(page.port);
  page.send({
    type: "desk",
    id: "a1",
    action: "write_file",
    arguments: { path: "x", content: "" },
  });
  await tick();
  assert.equal(page.disconnected(), true);
  assert.equal(host.sent.length, 0);
});

Deno.test("arguments DeskBridge would refuse are answered INVALID_REQUEST without reaching it", async () => {
  const host = fakeHost(() => ({}));
  const agents = new AgentPorts({ extensionId, desk: new DeskLink(host.open) });
  const page = pagePort();
  agents.accept(page.port);
  page.send({
    type: "desk",
    id: "a1",
    action: "web_agent_context",
    arguments: { runId: "run_1", requests: [{ type: "run_shell", command: "ls" }] },
  });
  await tick();
  assert.equal(page.disconnected(), false);
  assert.equal(host.sent.length, 0);
  assert.deepEqual(page.posted, [{
    type: "desk-reply",
    id: "a1",
    response: deskError(null, "INVALID_REQUEST"),
  }]);
});

Deno.test("a host that goes away answers every waiting request as unreachable", async () => {
  const host = fakeHost(() => undefined);
  const link = new DeskLink(host.open);
  const waiting = link.call("get_status", {});
  await tick();
  host.closeHost();
  assert.equal(await waiting, undefined);
});
