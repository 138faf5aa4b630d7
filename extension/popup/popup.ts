/**
 * The toolbar popup: the Broker connection, the live leases with Stop on
 * each, Stop all, and the standing grants (a client allowed on a site for
 * a while) with Revoke on each. Page-derived and client-chosen text is only ever set
 * as text; the client's name and the tab's title go through `visibleText`,
 * so nothing in them hides or reorders what the person reads.
 *
 * @module
 */
import "../jitless.ts";
import { maxClientNameUnits, visibleText } from "../../contracts/display_text.ts";
import { connectionLabel, sinceLabel, untilLabel } from "./labels.ts";
import {
  type ConnectionView,
  type GrantView,
  type LeaseView,
  type PopupCommand,
  popupPortName,
  PopupStateSchema,
} from "../messages.ts";

function element<T extends HTMLElement>(id: string, type: new () => T): T {
  const found = document.getElementById(id);
  if (!(found instanceof type)) throw new Error(`Cannot find element: #${id}`);
  return found;
}

const connection = element("connection", HTMLElement);
const connectionText = element("connection-text", HTMLElement);
const list = element("leases", HTMLUListElement);
const count = element("lease-count", HTMLElement);
const empty = element("empty", HTMLElement);
const stopAll = element("stop-all", HTMLButtonElement);
const grantList = element("grants", HTMLUListElement);
const grantsSection = element("grants-section", HTMLElement);

/** Longest tab title shown, in UTF-16 units. */
const maxTitleUnits = 300;

function text(tag: string, className: string, content: string): HTMLElement {
  const node = document.createElement(tag);
  node.className = className;
  node.textContent = content;
  return node;
}

function leaseItem(lease: LeaseView, now: number): HTMLLIElement {
  const item = document.createElement("li");
  item.className = "lease";
  item.dataset.leaseId = lease.leaseId;
  const body = document.createElement("div");
  body.className = "lease-main";
  const tabTitle = visibleText(lease.tabTitle, maxTitleUnits);
  const title = text("p", "tab", tabTitle || "(untitled tab)");
  title.title = tabTitle;
  const where = lease.scope === "origin"
    ? lease.origin
    : `${lease.origin || "any site"} · whole tab`;
  const head = document.createElement("p");
  head.className = "lease-head";
  head.append(
    text("span", "client", visibleText(lease.clientName, maxClientNameUnits)),
    text("span", "since", sinceLabel(lease.since, now)),
  );
  body.append(head, title, text("p", "origin", where));
  const stop = document.createElement("button");
  stop.type = "button";
  stop.className = "stop";
  stop.dataset.leaseId = lease.leaseId;
  stop.textContent = "Stop";
  stop.addEventListener("click", () => {
    stop.disabled = true;
    send({ type: "stop", leaseId: lease.leaseId });
  });
  item.append(body, stop);
  return item;
}

function grantItem(grant: GrantView, now: number): HTMLLIElement {
  const item = document.createElement("li");
  // Not `lease`: the list of leases, and whatever reads it, stays leases only.
  item.className = "grant";
  item.dataset.grantId = grant.grantId;
  const body = document.createElement("div");
  body.className = "lease-main";
  const program = grant.mcpClientName === undefined || grant.mcpClientName === grant.clientName
    ? ""
    : ` (through ${visibleText(grant.mcpClientName, maxClientNameUnits)})`;
  const head = document.createElement("p");
  head.className = "lease-head";
  head.append(
    text("span", "client", `${visibleText(grant.clientName, maxClientNameUnits)}${program}`),
    text("span", "since", untilLabel(grant.expiresAt, now)),
  );
  body.append(head, text("p", "origin", grant.origin));
  const revoke = document.createElement("button");
  revoke.type = "button";
  revoke.className = "stop revoke";
  revoke.dataset.grantId = grant.grantId;
  revoke.textContent = "Revoke";
  revoke.addEventListener("click", () => {
    revoke.disabled = true;
    send({ type: "revoke-grant", grantId: grant.grantId });
  });
  item.append(body, revoke);
  return item;
}

let lastConnection: ConnectionView | undefined;

function renderConnection(): void {
  if (lastConnection === undefined) return;
  connection.dataset.status = lastConnection.status;
  connectionText.textContent = connectionLabel(lastConnection, Date.now());
}

function render(connectionView: ConnectionView, leases: LeaseView[], grants: GrantView[]): void {
  lastConnection = connectionView;
  renderConnection();
  const now = Date.now();
  list.replaceChildren(...leases.map((lease) => leaseItem(lease, now)));
  count.textContent = String(leases.length);
  empty.hidden = leases.length > 0;
  stopAll.disabled = leases.length === 0;
  grantList.replaceChildren(...grants.map((grant) => grantItem(grant, now)));
  grantsSection.hidden = grants.length === 0;
}

function send(command: PopupCommand): void {
  port.postMessage(command);
}

const port = chrome.runtime.connect({ name: popupPortName });
port.onMessage.addListener((message: unknown) => {
  const state = PopupStateSchema.safeParse(message);
  if (state.success) render(state.data.connection, state.data.leases, state.data.grants);
});
port.onDisconnect.addListener(() => {
  void chrome.runtime.lastError;
  connection.dataset.status = "disconnected";
  connectionText.textContent = "Leash is not running";
  stopAll.disabled = true;
});

stopAll.addEventListener("click", () => {
  stopAll.disabled = true;
  send({ type: "stop-all" });
});
setInterval(renderConnection, 1000);
