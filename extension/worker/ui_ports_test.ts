import assert from "node:assert/strict";
import type { ApprovalCommand, PopupCommand } from "../messages.ts";
import { settle } from "../testing/fake_port.ts";
import { type UiPort, UiPorts } from "./ui_ports.ts";

const id = "eoijildolnmgmfgdgjflhdkjachcdkfm";

class FakeUiPort implements UiPort {
  readonly sent: unknown[] = [];
  disconnected = false;
  readonly #message: Array<(message: unknown) => void> = [];
  readonly #disconnect: Array<() => void> = [];
  onMessage = {
    addListener: (callback: (message: unknown) => void) => this.#message.push(callback),
  };
  onDisconnect = { addListener: (callback: () => void) => this.#disconnect.push(callback) };

  constructor(readonly name: string, readonly sender: UiPort["sender"]) {}

  postMessage(message: unknown): void {
    this.sent.push(message);
  }

  disconnect(): void {
    this.disconnected = true;
  }

  deliver(message: unknown): void {
    for (const listener of this.#message) listener(message);
  }
}

function setup(approvalWindowId: number | undefined = 5) {
  const popupCommands: PopupCommand[] = [];
  const approvalCommands: ApprovalCommand[] = [];
  const ui = new UiPorts({
    extensionId: id,
    popupState: () =>
      Promise.resolve({
        type: "state",
        connection: { status: "connected", mode: "restricted", retryAt: null },
        leases: [],
        grants: [],
      }),
    approvalState: () => ({ type: "claims", claims: [] }),
    approvalWindowId: () => approvalWindowId,
    onPopupCommand: (command) => popupCommands.push(command),
    onApprovalCommand: (command) => approvalCommands.push(command),
  });
  return { ui, popupCommands, approvalCommands };
}

const popupUrl = `chrome-extension://${id}/popup/popup.html`;
const approvalUrl = `chrome-extension://${id}/approval/approval.html`;

Deno.test("a port from anything but our own page is disconnected at once", () => {
  const { ui } = setup();
  const foreign = new FakeUiPort("leash.popup", { id: "other", url: popupUrl });
  ui.accept(foreign);
  assert.equal(foreign.disconnected, true);
  assert.deepEqual(foreign.sent, []);
});

Deno.test("the popup gets its state on connect and its commands are passed on", async () => {
  const { ui, popupCommands } = setup();
  const port = new FakeUiPort("leash.popup", { id, url: popupUrl });
  ui.accept(port);
  await settle();
  assert.equal(port.sent.length, 1);
  port.deliver({ type: "stop", leaseId: "l1" });
  port.deliver({ type: "stop-all" });
  assert.deepEqual(popupCommands, [{ type: "stop", leaseId: "l1" }, { type: "stop-all" }]);
  ui.popupChanged();
  await settle();
  assert.equal(port.sent.length, 2);
});

Deno.test("an invalid command disconnects the page", () => {
  const { ui, popupCommands } = setup();
  const port = new FakeUiPort("leash.popup", { id, url: popupUrl });
  ui.accept(port);
  port.deliver({ type: "stop", leaseId: "l1", also: "grant" });
  assert.equal(port.disconnected, true);
  assert.deepEqual(popupCommands, []);
});

Deno.test("decisions count only from the approval window the worker opened", () => {
  const { ui, approvalCommands } = setup(5);
  const decision = { type: "decide", claimId: "c1", decision: "allow" };
  const inTab = new FakeUiPort("leash.approval", { id, url: approvalUrl, tab: { windowId: 9 } });
  ui.accept(inTab);
  inTab.deliver(decision);
  assert.deepEqual(approvalCommands, []);
  // The refused page hears the unchanged state, so it can take input again.
  assert.deepEqual(inTab.sent, [{ type: "claims", claims: [] }, { type: "claims", claims: [] }]);
  const inWindow = new FakeUiPort("leash.approval", { id, url: approvalUrl, tab: { windowId: 5 } });
  ui.accept(inWindow);
  assert.deepEqual(inWindow.sent, [{ type: "claims", claims: [] }]);
  inWindow.deliver(decision);
  assert.deepEqual(approvalCommands, [decision]);
});

Deno.test("a popup only ever shows the newest state, even when an older one resolves last", async () => {
  const resolvers: Array<(count: number) => void> = [];
  const ui = new UiPorts({
    extensionId: id,
    popupState: () =>
      new Promise((resolve) => {
        resolvers.push((count) =>
          resolve({
            type: "state",
            connection: { status: "connected", mode: "restricted", retryAt: null },
            leases: Array.from({ length: count }, (_, i) => ({
              leaseId: `lease-${i}`,
              clientName: "agent",
              tabTitle: "Tab",
              origin: "https://example.com",
              scope: "origin",
              since: 0,
            })),
            grants: [],
          })
        );
      }),
    approvalState: () => ({ type: "claims", claims: [] }),
    approvalWindowId: () => undefined,
    onPopupCommand: () => {},
    onApprovalCommand: () => {},
  });
  const popup = new FakeUiPort("leash.popup", { id, url: popupUrl });
  ui.accept(popup);
  ui.popupChanged();
  ui.popupChanged();
  // The newest state (no leases) resolves first, the older ones after it.
  resolvers[2](0);
  await settle();
  resolvers[1](1);
  resolvers[0](2);
  await settle();
  assert.equal(popup.sent.length, 1);
  assert.deepEqual((popup.sent[0] as { leases: unknown[] }).leases, []);
});
