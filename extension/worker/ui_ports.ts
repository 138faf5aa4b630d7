/**
 * The worker's side of the page ports: only our own popup and approval
 * pages may connect, every command is validated strictly (an invalid one
 * disconnects the port), and each page gets its state pushed on connect and
 * on every change. Decisions count only from the approval window the worker
 * itself opened.
 *
 * @module
 */
import {
  type ApprovalCommand,
  ApprovalCommandSchema,
  type ApprovalState,
  isOwnPage,
  type PopupCommand,
  PopupCommandSchema,
  popupPortName,
  type PopupState,
  type PortSender,
} from "../messages.ts";

/** The part of `chrome.runtime.Port` the worker uses for a page port. */
export interface UiPort {
  readonly name: string;
  readonly sender?: PortSender & { tab?: { windowId: number } };
  postMessage(message: unknown): void;
  disconnect(): void;
  onMessage: { addListener(callback: (message: unknown) => void): void };
  onDisconnect: { addListener(callback: () => void): void };
}

/** What the page ports read and drive. */
export interface UiPortsOptions {
  extensionId: string;
  popupState(): Promise<PopupState>;
  approvalState(): ApprovalState;
  /** The approval window's ID, while it is open. */
  approvalWindowId(): number | undefined;
  onPopupCommand(command: PopupCommand): void;
  onApprovalCommand(command: ApprovalCommand): void;
  /** Marks Chrome's disconnect error as read. */
  readLastError?: () => unknown;
  onDiagnostic?(event: string, detail?: Record<string, unknown>): void;
}

/** Connected page ports. */
export class UiPorts {
  readonly #options: UiPortsOptions;
  readonly #popups = new Set<UiPort>();
  /** The latest push started per popup; an older state that resolves late is dropped. */
  readonly #popupPushes = new WeakMap<UiPort, number>();
  readonly #approvals = new Set<UiPort>();

  constructor(options: UiPortsOptions) {
    this.#options = options;
  }

  /** A port opened from a page (`chrome.runtime.onConnect`). */
  accept(port: UiPort): void {
    if (!isOwnPage(port.name, port.sender, this.#options.extensionId)) {
      this.#options.onDiagnostic?.("ui-port-refused", { name: port.name });
      port.disconnect();
      return;
    }
    const ports = port.name === popupPortName ? this.#popups : this.#approvals;
    ports.add(port);
    port.onDisconnect.addListener(() => {
      this.#options.readLastError?.();
      ports.delete(port);
    });
    port.onMessage.addListener((message) => this.#receive(port, message));
    if (port.name === popupPortName) void this.#pushPopup(port);
    else this.#post(port, this.#options.approvalState());
  }

  /** Leases or the connection changed. */
  popupChanged(): void {
    for (const port of this.#popups) void this.#pushPopup(port);
  }

  /** The pending claims changed. */
  approvalsChanged(): void {
    const state = this.#options.approvalState();
    for (const port of this.#approvals) this.#post(port, state);
  }

  #receive(port: UiPort, message: unknown): void {
    if (port.name === popupPortName) {
      const command = PopupCommandSchema.safeParse(message);
      if (!command.success) return this.#refuse(port);
      this.#options.onPopupCommand(command.data);
      return;
    }
    const command = ApprovalCommandSchema.safeParse(message);
    if (!command.success) return this.#refuse(port);
    // Only the window the worker opened may answer; a copy of the page in a tab may not.
    const windowId = this.#options.approvalWindowId();
    if (windowId === undefined || port.sender?.tab?.windowId !== windowId) {
      this.#options.onDiagnostic?.("decision-outside-approval-window");
      // The page waits for news after an answer; tell it nothing changed.
      this.#post(port, this.#options.approvalState());
      return;
    }
    this.#options.onApprovalCommand(command.data);
  }

  #refuse(port: UiPort): void {
    this.#options.onDiagnostic?.("ui-message-invalid", { name: port.name });
    this.#popups.delete(port);
    this.#approvals.delete(port);
    port.disconnect();
  }

  async #pushPopup(port: UiPort): Promise<void> {
    // States are built asynchronously, so they may resolve out of order; only
    // the newest one may reach the page, or a stale lease list would stay up.
    const push = (this.#popupPushes.get(port) ?? 0) + 1;
    this.#popupPushes.set(port, push);
    const state = await this.#options.popupState();
    if (this.#popups.has(port) && this.#popupPushes.get(port) === push) this.#post(port, state);
  }

  #post(port: UiPort, message: PopupState | ApprovalState): void {
    try {
      port.postMessage(message);
    } catch {
      // The page closed between the change and the push.
      this.#popups.delete(port);
      this.#approvals.delete(port);
    }
  }
}
