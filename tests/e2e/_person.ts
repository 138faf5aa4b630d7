/**
 * The person at the browser, played over the remote-debugging port through
 * the extension's own pages: the approval window (Allow, Deny, closing it)
 * and the toolbar popup (Stop, Stop all). Buttons are pressed with real
 * mouse events at the element's centre, as a hand would; nothing calls the
 * extension's code directly.
 *
 * @module
 */
import { extensionId } from "../../contracts/identity.ts";
import type { JsonObject, JsonValue } from "../../contracts/json.ts";
import type { CdpClient } from "../support/cdp.ts";
import { until, withTimeout } from "./_wait.ts";

/** The approval window's page. */
export const approvalUrl = `chrome-extension://${extensionId}/approval/approval.html`;
/** The toolbar popup's page (opened in a tab: headless Chromium has no toolbar). */
export const popupUrl = `chrome-extension://${extensionId}/popup/popup.html`;

/** How long one DevTools command may take before the run fails instead of hanging. */
const commandTimeoutMs = 15_000;
/**
 * One look at a window while waiting for a claim: short, so a window that
 * is closing (Chrome never answers it) cannot take the whole wait.
 */
const lookTimeoutMs = 2_000;

/** What the approval window says about a claim. */
export interface ClaimText {
  /** The heading, e.g. "Allow a client that says it is e2e-test to use this tab?". */
  heading: string;
  /** What the client says it is. */
  client: string;
  /** What its MCP client program says it is, when the window shows that; else "". */
  program: string;
  title: string;
  origin: string;
  scope: string;
  reason: string;
  /** What the window says the client can do while the lease lasts. */
  note: string;
}

/** What the popup shows. */
export interface PopupView {
  /** `#connection[data-status]`: connecting, connected or disconnected. */
  status: string;
  /** The live leases' IDs, in the order listed. */
  leaseIds: string[];
}

/** A page target the person is looking at, attached with a flat session. */
class Screen {
  readonly #cdp: CdpClient;
  readonly targetId: string;
  readonly sessionId: string;
  #gone = false;
  readonly #detached: Promise<void>;
  readonly #stopWatching: () => void;

  constructor(cdp: CdpClient, targetId: string, sessionId: string) {
    this.#cdp = cdp;
    this.targetId = targetId;
    this.sessionId = sessionId;
    const detached = Promise.withResolvers<void>();
    this.#detached = detached.promise;
    this.#stopWatching = cdp.on("Target.detachedFromTarget", (params) => {
      if (params.sessionId !== sessionId) return;
      this.#gone = true;
      this.#stopWatching();
      detached.resolve();
    });
  }

  /** Whether the page went away (its window closed). */
  get gone(): boolean {
    return this.#gone;
  }

  /** Resolves when the page goes away. */
  get detached(): Promise<void> {
    return this.#detached;
  }

  static async attach(cdp: CdpClient, targetId: string): Promise<Screen> {
    const attached = await cdp.send("Target.attachToTarget", { targetId, flatten: true }, {
      signal: AbortSignal.timeout(commandTimeoutMs),
    });
    if (typeof attached.sessionId !== "string") {
      throw new Error("Cannot look at the page: no DevTools session");
    }
    return new Screen(cdp, targetId, attached.sessionId);
  }

  /**
   * One command to the page. Chrome never answers a command to a page whose
   * window is closing, so the page going away fails it at once.
   */
  send(method: string, params: JsonObject = {}, timeoutMs = commandTimeoutMs): Promise<JsonObject> {
    const gone = this.#detached.then(() => {
      throw new Error(`Cannot run ${method}: the page went away`);
    });
    gone.catch(() => {});
    return Promise.race([
      this.#cdp.send(method, params, {
        sessionId: this.sessionId,
        signal: AbortSignal.timeout(timeoutMs),
      }),
      gone,
    ]);
  }

  /** Read the page with `expression` (its JSON value; `null` when undefined). */
  async read(expression: string, timeoutMs = commandTimeoutMs): Promise<JsonValue> {
    const answer = await this.send(
      "Runtime.evaluate",
      { expression, returnByValue: true },
      timeoutMs,
    );
    const result = answer.result;
    if (answer.exceptionDetails !== undefined) {
      throw new Error(`Cannot read the page: ${expression} threw`);
    }
    return typeof result === "object" && result !== null && !Array.isArray(result) &&
        result.value !== undefined
      ? result.value
      : null;
  }

  /**
   * Press and release the left button at the centre of `selector`. Chrome
   * never answers the release when the click closes the window (the last
   * claim answered), so the page going away also counts as done.
   */
  async click(selector: string): Promise<void> {
    const box = await this.read(`(() => {
      const element = document.querySelector(${JSON.stringify(selector)});
      if (element === null) return null;
      const rect = element.getBoundingClientRect();
      return [rect.x + rect.width / 2, rect.y + rect.height / 2];
    })()`);
    if (!Array.isArray(box) || typeof box[0] !== "number" || typeof box[1] !== "number") {
      throw new Error(`Cannot click ${selector}: it is not on the page`);
    }
    const [x, y] = box;
    for (const type of ["mouseMoved", "mousePressed", "mouseReleased"]) {
      if (this.#gone) return;
      const event: JsonObject = type === "mouseMoved"
        ? { type, x, y }
        : { type, x, y, button: "left", clickCount: 1 };
      await Promise.race([this.send("Input.dispatchMouseEvent", event), this.#detached]);
    }
  }

  /** Stop watching for the page to go away. */
  forget(): void {
    this.#stopWatching();
  }
}

/** A claim on screen in the approval window. */
export class ClaimOnScreen {
  /** The approval window's claim ID (`main[data-claim-id]`). */
  readonly claimId: string;
  /** What the window says about it. */
  readonly text: ClaimText;
  readonly #screen: Screen;
  readonly #person: Person;

  constructor(person: Person, screen: Screen, claimId: string, text: ClaimText) {
    this.#person = person;
    this.#screen = screen;
    this.claimId = claimId;
    this.text = text;
  }

  /** The approval window's target. */
  get targetId(): string {
    return this.#screen.targetId;
  }

  /** Whether the window takes input now (`main[data-armed="true"]`). */
  async armed(): Promise<boolean> {
    return (await this.#screen.read("document.querySelector('main').dataset.armed")) === "true";
  }

  /** Whether the window is still open and still shows this claim. */
  async shown(): Promise<boolean> {
    if (this.#screen.gone) return false;
    try {
      return await this.#screen.read("document.querySelector('main').dataset.claimId") ===
        this.claimId;
    } catch {
      return false;
    }
  }

  /** Wait until the buttons take input (about 500 ms after the claim appeared). */
  async waitArmed(): Promise<void> {
    await until(`claim ${this.claimId} to take input`, async () => {
      if (!await this.shown()) throw new Error(`claim ${this.claimId} is no longer on screen`);
      return await this.armed() ? true : undefined;
    }, { intervalMs: 25 });
  }

  /**
   * Tell the window it came back into view, as the browser does when it is
   * restored or uncovered. Headless windows never leave view, so the event
   * is dispatched (the page still reads `visibilityState` "visible").
   */
  async reshow(): Promise<void> {
    await this.#screen.read("document.dispatchEvent(new Event('visibilitychange'))");
  }

  /**
   * Choose in the window's select how long Allow also allows this client on
   * this site without asking (`""` this time only, `"1h"`, `"8h"`), once the
   * window armed: like the buttons, the select takes no input before.
   */
  async standFor(choice: "" | "1h" | "8h"): Promise<void> {
    await this.waitArmed();
    await this.#screen.read(`(() => {
      const select = document.getElementById("stand-for");
      select.value = ${JSON.stringify(choice)};
      select.dispatchEvent(new Event("change"));
    })()`);
  }

  /** Click Allow or Deny right now, armed or not. */
  async click(button: "allow" | "deny"): Promise<void> {
    await this.#screen.click(`#${button}`);
  }

  /** Wait until armed, then click `button`: the person's considered answer. */
  async answer(button: "allow" | "deny"): Promise<void> {
    await this.waitArmed();
    this.#person.answered(this.claimId);
    await this.click(button);
  }

  /** Close the approval window, as with its close button. */
  async closeWindow(): Promise<void> {
    this.#person.answered(this.claimId);
    await this.#person.closeTarget(this.#screen.targetId);
    await withTimeout("see the approval window close", this.#screen.detached, commandTimeoutMs);
  }
}

/** The person: looks at the extension's pages and presses its buttons. */
export class Person {
  readonly #cdp: CdpClient;
  readonly #screens = new Map<string, Screen>();
  readonly #answered = new Set<string>();
  readonly #approvalWindows = new Set<string>();
  readonly #stopWatching: Array<() => void>;

  /**
   * Play the person over `cdp`, a browser-level DevTools connection. Call
   * `Target.setDiscoverTargets` on it first so {@linkcode approvalWindowsOpened} counts.
   */
  constructor(cdp: CdpClient) {
    this.#cdp = cdp;
    const seen = (params: JsonObject) => {
      const info = params.targetInfo;
      if (typeof info !== "object" || info === null || Array.isArray(info)) return;
      if (info.url === approvalUrl && typeof info.targetId === "string") {
        this.#approvalWindows.add(info.targetId);
      }
    };
    this.#stopWatching = [
      cdp.on("Target.targetCreated", seen),
      cdp.on("Target.targetInfoChanged", seen),
    ];
  }

  /** How many approval windows appeared since the person started watching. */
  get approvalWindowsOpened(): number {
    return this.#approvalWindows.size;
  }

  /**
   * The claim the approval window shows now, waiting for the window (up to
   * `timeoutMs`, default 15 s) and skipping claims this person already
   * answered. `signal` stops looking.
   */
  nextClaim(options: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<ClaimOnScreen> {
    return until("a claim in the approval window", async () => {
      for (const targetId of await this.#targets(approvalUrl)) {
        const screen = await this.#screen(targetId).catch(() => undefined);
        if (screen === undefined || screen.gone) continue;
        const seen = await screen.read(
          `(() => {
          const main = document.querySelector("main");
          const card = document.getElementById("claim");
          if (main === null || card === null || card.hidden) return null;
          const text = (id) => document.getElementById(id)?.textContent ?? "";
          const program = document.getElementById("client-program")?.hidden === false
            ? text("client-program-name")
            : "";
          return { claimId: main.dataset.claimId ?? "", heading: text("heading"),
            client: text("client-name"), program, title: text("tab-title"),
            origin: text("origin"), scope: text("scope"), reason: text("reason"),
            note: text("lease-note") };
        })()`,
          lookTimeoutMs,
        ).catch(() => null);
        if (seen === null || typeof seen !== "object" || Array.isArray(seen)) continue;
        const { claimId, heading, client, program, title, origin, scope, reason, note } = seen;
        if (typeof claimId !== "string" || claimId === "" || this.#answered.has(claimId)) continue;
        return new ClaimOnScreen(this, screen, claimId, {
          heading: String(heading),
          client: String(client),
          program: String(program),
          title: String(title),
          origin: String(origin),
          scope: String(scope),
          reason: String(reason),
          note: String(note).replace(/\s+/g, " ").trim(),
        });
      }
      return undefined;
    }, { timeoutMs: options.timeoutMs ?? 15_000, intervalMs: 25, signal: options.signal });
  }

  /** Wait for the next claim, then press Allow once it takes input. */
  async approve(options: { signal?: AbortSignal } = {}): Promise<ClaimOnScreen> {
    const claim = await this.nextClaim(options);
    await claim.answer("allow");
    return claim;
  }

  /** Wait for the next claim, then press Deny once it takes input. */
  async deny(): Promise<ClaimOnScreen> {
    const claim = await this.nextClaim();
    await claim.answer("deny");
    return claim;
  }

  /** Wait for the next claim, then close the approval window instead of answering. */
  async closeApprovalWindow(): Promise<ClaimOnScreen> {
    const claim = await this.nextClaim();
    await claim.closeWindow();
    return claim;
  }

  /** Open the popup, read it once it shows a settled connection state, close it. */
  async popup(): Promise<PopupView> {
    return await this.#withPopup((screen) =>
      until("the popup's connection state", async () => {
        const view = await this.#readPopup(screen);
        return view.status === "connecting" ? undefined : view;
      })
    );
  }

  /**
   * Wait until the popup shows the lease, press its Stop, and wait until
   * the popup no longer lists it.
   */
  async stop(leaseId: string): Promise<void> {
    await this.#withPopup(async (screen) => {
      await until(
        `lease ${leaseId} in the popup`,
        async () => (await this.#readPopup(screen)).leaseIds.includes(leaseId) ? true : undefined,
      );
      await screen.click(`button.stop[data-lease-id=${JSON.stringify(leaseId)}]`);
      await until(
        `lease ${leaseId} gone from the popup`,
        async () => (await this.#readPopup(screen)).leaseIds.includes(leaseId) ? undefined : true,
      );
    });
  }

  /**
   * Press Stop all once the popup lists a lease, and wait until the popup
   * shows fewer. (Whether it then shows none is for the caller to check,
   * with a fresh {@linkcode popup}: the open popup may lag behind.)
   */
  async stopAll(): Promise<void> {
    await this.#withPopup(async (screen) => {
      const before = await until("a lease in the popup", async () => {
        const { leaseIds } = await this.#readPopup(screen);
        return leaseIds.length > 0 ? leaseIds.length : undefined;
      });
      await screen.click("#stop-all");
      await until(
        "fewer leases in the popup",
        async () => (await this.#readPopup(screen)).leaseIds.length < before ? true : undefined,
      );
    });
  }

  /** Open the popup once it is connected and read the origins of its standing grants. */
  async grants(): Promise<string[]> {
    return await this.#withPopup(async (screen) => {
      await until(
        "the popup's connection state",
        async () => (await this.#readPopup(screen)).status === "connecting" ? undefined : true,
      );
      return await this.#readGrants(screen);
    });
  }

  /**
   * Wait until the popup lists a standing grant on `origin`, press its
   * Revoke, and wait until the popup no longer lists it.
   */
  async revokeGrant(origin: string): Promise<void> {
    await this.#withPopup(async (screen) => {
      await until(
        `a standing grant on ${origin} in the popup`,
        async () => (await this.#readGrants(screen)).includes(origin) ? true : undefined,
      );
      await screen.read(`(() => {
        const item = [...document.querySelectorAll("li.grant")]
          .find((grant) => grant.querySelector(".origin")?.textContent === ${
        JSON.stringify(origin)
      });
        item?.querySelector("button.revoke")?.click();
      })()`);
      await until(
        `the standing grant on ${origin} gone from the popup`,
        async () => (await this.#readGrants(screen)).includes(origin) ? undefined : true,
      );
    });
  }

  /** Remember that a claim got its answer, so {@linkcode nextClaim} looks past it. */
  answered(claimId: string): void {
    this.#answered.add(claimId);
  }

  /** Close a page target (a window's only tab closes the window). */
  async closeTarget(targetId: string): Promise<void> {
    await this.#cdp.send("Target.closeTarget", { targetId }, {
      signal: AbortSignal.timeout(commandTimeoutMs),
    });
  }

  /** Stop watching every page. */
  dispose(): void {
    for (const stop of this.#stopWatching) stop();
    for (const screen of this.#screens.values()) screen.forget();
    this.#screens.clear();
  }

  async #readPopup(screen: Screen): Promise<PopupView> {
    const view = await screen.read(`({
      status: document.getElementById("connection")?.dataset.status ?? "",
      leaseIds: [...document.querySelectorAll("li.lease")].map((item) => item.dataset.leaseId),
    })`);
    if (view === null || typeof view !== "object" || Array.isArray(view)) {
      throw new Error("Cannot read the popup: no state");
    }
    const leaseIds = Array.isArray(view.leaseIds) ? view.leaseIds.map(String) : [];
    return { status: String(view.status), leaseIds };
  }

  /** The origins of the standing grants the popup lists. */
  async #readGrants(screen: Screen): Promise<string[]> {
    const origins = await screen.read(
      `[...document.querySelectorAll("li.grant .origin")].map((item) => item.textContent)`,
    );
    return Array.isArray(origins) ? origins.map(String) : [];
  }

  /**
   * Open the popup in a window of its own, use it, close it. Its own window
   * keeps the leased tab active in its window; a background tab would not do,
   * since Chrome does not paint it and then takes seconds to acknowledge input.
   */
  async #withPopup<T>(use: (screen: Screen) => Promise<T>): Promise<T> {
    const created = await this.#cdp.send("Target.createTarget", {
      url: popupUrl,
      newWindow: true,
    }, { signal: AbortSignal.timeout(commandTimeoutMs) });
    if (typeof created.targetId !== "string") throw new Error("Cannot open the popup");
    const targetId = created.targetId;
    try {
      const screen = await this.#screen(targetId);
      await until("the popup to load", async () =>
        await screen.read(
            `location.href === ${JSON.stringify(popupUrl)} && document.readyState === "complete"`,
          ) === true
          ? true
          : undefined);
      return await use(screen);
    } finally {
      this.#screens.get(targetId)?.forget();
      this.#screens.delete(targetId);
      await this.closeTarget(targetId).catch(() => {});
    }
  }

  async #screen(targetId: string): Promise<Screen> {
    const known = this.#screens.get(targetId);
    if (known !== undefined && !known.gone) return known;
    const screen = await Screen.attach(this.#cdp, targetId);
    this.#screens.set(targetId, screen);
    return screen;
  }

  async #targets(url: string): Promise<string[]> {
    const { targetInfos } = await this.#cdp.send("Target.getTargets", {}, {
      signal: AbortSignal.timeout(commandTimeoutMs),
    });
    if (!Array.isArray(targetInfos)) return [];
    return targetInfos.flatMap((info) =>
      typeof info === "object" && info !== null && !Array.isArray(info) &&
        info.type === "page" && info.url === url && typeof info.targetId === "string"
        ? [info.targetId]
        : []
    );
  }
}
