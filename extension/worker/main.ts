/**
 * The service worker: wires Chrome's events to the connector, the leases,
 * the approval queue and the page ports. MV3 requires every listener to be
 * registered synchronously at the top level, so a wake-up by any of these
 * events reaches its handler.
 *
 * @module
 */
import "../jitless.ts";
import { deskHostName, nativeHostName } from "../../contracts/identity.ts";
import type { Instance } from "../../contracts/hello.ts";
import type { PopupState } from "../messages.ts";
import { providerHandlers } from "../provider/mod.ts";
import { httpOrigin } from "../../contracts/origin.ts";
import { boundText } from "../../contracts/text.ts";
import { PortTransport } from "../port_transport.ts";
import { ApprovalQueue } from "./approvals.ts";
import { DebuggerAttachments } from "./attachments.ts";
import { showLeaseCount } from "./badge.ts";
import { chromeBrowser, chromeDebuggerControl } from "./browser.ts";
import { Connector } from "./connector.ts";
import { loadInstance, providerHello } from "./instance.ts";
import { LeaseService } from "./lease_service.ts";
import { LeaseTable } from "./lease_table.ts";
import { StoredOpenedTabs } from "./opened_tabs.ts";
import { StandingGrants } from "./standing_grants.ts";
import { DialogTracker } from "./dialogs.ts";
import { ChooserTracker } from "./choosers.ts";
import { DragTracker } from "./drags.ts";
import { classifyDebuggerEvent } from "./page_events.ts";
import { PageLogs } from "./page_logs.ts";
import { RequestTracker } from "./requests.ts";
import { UiPorts } from "./ui_ports.ts";
import { agentPortName } from "../agent_messages.ts";
import { AgentPorts } from "./agent_ports.ts";
import { DeskLink } from "./desk_link.ts";

/** The alarm that wakes the worker to reconnect; Chrome's shortest period is 30 s. */
const reconnectAlarm = "leash.reconnect";

function diagnose(event: string, detail?: Record<string, unknown>): void {
  // Debug level: an absent Native Host or a closed Broker is an expected state, not an error.
  console.debug(`leash: ${event}`, detail ?? "");
}

const browser = chromeBrowser();
const requests = new RequestTracker(Date.now);
const dialogs = new DialogTracker();
const drags = new DragTracker();
const choosers = new ChooserTracker();
const logs = new PageLogs(Date.now);
const table = new LeaseTable(() => {
  showLeaseCount(table.size).catch((error) => diagnose("badge-failed", { error }));
  ui.popupChanged();
});
const leases = new LeaseService({
  table,
  attachments: new DebuggerAttachments(chromeDebuggerControl()),
  events: {
    revoked: (generation, value) => connector.emit(generation, "lease.revoked", value),
    pageChanged: (generation, value) => connector.emit(generation, "page.changed", value),
    tabOpened: (generation, value) => connector.emit(generation, "lease.tab-opened", value),
  },
});
const opened = new StoredOpenedTabs(chrome.storage.session);
const grants = new StandingGrants(chrome.storage.local);
const approvals = new ApprovalQueue({
  async open() {
    const created = await chrome.windows.create({
      url: chrome.runtime.getURL("approval/approval.html"),
      type: "popup",
      width: 460,
      height: 540,
      focused: true,
    });
    if (created?.id === undefined) {
      throw new Error("Cannot open approval window: Chrome returned no window");
    }
    return created.id;
  },
  async focus(windowId) {
    await chrome.windows.update(windowId, { focused: true, drawAttention: true });
  },
  async close(windowId) {
    await chrome.windows.remove(windowId);
  },
}, { onChange: () => ui.approvalsChanged(), onDiagnostic: diagnose });

let instance: Promise<Instance> | undefined;
const connector = new Connector({
  open: () =>
    new PortTransport(chrome.runtime.connectNative(nativeHostName), {
      readLastError: () => chrome.runtime.lastError?.message,
      onDisconnectReason: (reason) => diagnose("native-port-closed", { reason }),
    }),
  hello: async () => {
    instance ??= loadInstance();
    return providerHello(await instance);
  },
  handlers: (link, hello) =>
    providerHandlers({
      link,
      instanceId: hello.instance.id,
      browser,
      leases,
      approvals,
      grants,
      opened,
      requests,
      dialogs,
      drags,
      choosers,
      logs,
      now: Date.now,
    }),
  onLinkClosed: (link) => {
    leases.endGeneration(link.generation).catch((error) => diagnose("teardown-failed", { error }));
  },
  onStateChange: () => ui.popupChanged(),
  onDiagnostic: diagnose,
});

async function popupState(): Promise<PopupState> {
  const connection = connector.state;
  const views = await Promise.all(
    table.list().map(async (record) => {
      const tab = await browser.getTab(record.tabId);
      const scope = record.scope;
      return {
        leaseId: record.leaseId,
        clientName: record.clientName,
        tabTitle: boundText(tab?.title ?? "", 300).text,
        origin: scope.kind === "origin" ? scope.origin : httpOrigin(tab?.url) ?? "",
        scope: scope.kind,
        since: record.grantedAt,
      };
    }),
  );
  return { type: "state", connection, leases: views, grants: await grants.list() };
}

const ui = new UiPorts({
  extensionId: chrome.runtime.id,
  popupState,
  approvalState: () => ({ type: "claims", claims: approvals.pending() }),
  approvalWindowId: () => approvals.windowId,
  onPopupCommand: (command) => {
    if (command.type === "revoke-grant") {
      grants.revoke(command.grantId)
        .catch((error) => diagnose("revoke-grant-failed", { error }))
        .finally(() => ui.popupChanged());
      return;
    }
    const ended = command.type === "stop"
      ? leases.end(command.leaseId, "stop")
      : leases.endAll("stop");
    ended.catch((error) => diagnose("stop-failed", { error }));
  },
  onApprovalCommand: (command) => {
    const claim = approvals.pending().find((pending) => pending.claimId === command.claimId);
    // A standing grant only for an allowed origin claim, kept before the claim goes on.
    const stands = command.decision === "allow" && command.standFor !== undefined &&
      claim?.scope === "origin";
    const kept = stands && claim !== undefined && command.standFor !== undefined
      ? grants.add(
        {
          clientName: claim.clientName,
          ...(claim.mcpClientName === undefined ? {} : { mcpClientName: claim.mcpClientName }),
        },
        claim.origin,
        command.standFor,
      ).then(() => ui.popupChanged())
      : Promise.resolve();
    kept.catch((error) => diagnose("standing-grant-failed", { error })).finally(() => {
      if (approvals.decide(command.claimId, command.decision)) return;
      // Already answered, timed out or withdrawn: let the window catch up.
      diagnose("decision-late");
      ui.approvalsChanged();
    });
  },
  readLastError: () => chrome.runtime.lastError,
  onDiagnostic: diagnose,
});

// DeskBridge's port opens on first use only: the Agent tab is the one way to it.
const agents = new AgentPorts({
  extensionId: chrome.runtime.id,
  desk: new DeskLink(() => chrome.runtime.connectNative(deskHostName), diagnose),
  onDiagnostic: diagnose,
});

chrome.runtime.onStartup.addListener(() => connector.ensure());
chrome.runtime.onInstalled.addListener(() => connector.ensure());
chrome.alarms.onAlarm.addListener((alarm) => {
  if (alarm.name === reconnectAlarm) connector.ensure();
});
chrome.runtime.onConnect.addListener((port) =>
  port.name === agentPortName ? agents.accept(port) : ui.accept(port)
);
chrome.windows.onRemoved.addListener((windowId) => approvals.windowClosed(windowId));
chrome.tabs.onCreated.addListener((tab) => {
  if (tab.id !== undefined && tab.openerTabId !== undefined) {
    leases.tabOpened(tab.openerTabId, tab.id);
  }
});
chrome.tabs.onRemoved.addListener((tabId) => {
  opened.remove(tabId).catch((error) => diagnose("opened-tabs-failed", { error }));
  requests.forget(tabId);
  dialogs.forget(tabId);
  drags.clear(tabId);
  logs.forget(tabId);
  leases.endTab(tabId, "tab-closed").catch((error) => diagnose("end-failed", { error }));
});
chrome.tabs.onReplaced.addListener((_added, removed) => {
  leases.endTab(removed, "tab-closed").catch((error) => diagnose("end-failed", { error }));
});
chrome.tabs.onUpdated.addListener((tabId, change) => {
  if (change.url !== undefined) leases.navigated(tabId, change.url);
  else if (change.status !== undefined) leases.pageChanged(tabId);
  if (change.title !== undefined && table.onTab(tabId).length > 0) ui.popupChanged();
});
chrome.debugger.onDetach.addListener((source, reason) => {
  if (source.tabId !== undefined) requests.forget(source.tabId);
  if (source.tabId !== undefined) dialogs.forget(source.tabId);
  if (source.tabId !== undefined) drags.clear(source.tabId);
  if (source.tabId !== undefined) choosers.clear(source.tabId);
  if (source.tabId !== undefined) logs.forget(source.tabId);
  if (source.tabId !== undefined) leases.detached(source.tabId, reason);
});
chrome.debugger.onEvent.addListener((source, method, params) => {
  // Child sessions (frames, workers) are not leased documents.
  if (source.tabId === undefined || source.sessionId !== undefined) return;
  requests.heard(source.tabId, method, params);
  drags.heard(source.tabId, method, params);
  choosers.heard(source.tabId, method, params);
  logs.heard(source.tabId, method, params);
  // A dialog answered (here or by the person) lets the page change again: wake waiting reads.
  if (dialogs.heard(source.tabId, method, params)) leases.pageChanged(source.tabId);
  const event = classifyDebuggerEvent(method, params);
  if (event?.kind === "navigated") logs.navigated(source.tabId, event.url);
  if (event?.kind === "navigated") leases.navigated(source.tabId, event.url);
  else if (event?.kind === "changed") leases.pageChanged(source.tabId);
});

/**
 * A previous worker may have died with attachments left over; leases never
 * survive a restart, so they are released. Detaching a tab some other
 * debugger holds fails and leaves it alone.
 */
async function releaseStaleAttachments(): Promise<void> {
  const targets = await chrome.debugger.getTargets();
  await Promise.all(targets.map(async (target) => {
    if (!target.attached || target.tabId === undefined) return;
    await chrome.debugger.detach({ tabId: target.tabId }).catch(() => {});
  }));
}

chrome.alarms.create(reconnectAlarm, { periodInMinutes: 0.5 })
  .catch((error) => diagnose("alarm-failed", { error }));
showLeaseCount(0).catch((error) => diagnose("badge-failed", { error }));
// Tab IDs outlive the worker but not the browser session; drop those of tabs gone meanwhile.
opened.prune(async (tabId) => (await browser.getTab(tabId)) !== undefined)
  .catch((error) => diagnose("opened-tabs-failed", { error }));
releaseStaleAttachments()
  .catch((error) => diagnose("stale-attachments-failed", { error }))
  .finally(() => connector.ensure());
