/**
 * Test harness: the engine's {@linkcode Cdp} seam on a real headless
 * Chromium page showing the fixture pages. The seam refuses what the
 * provider would (methods off the allowlist, `Runtime.callFunctionOn` with
 * anything but a page function, params its checks refuse) and records every call, so tests can prove
 * what was — and was not — sent.
 *
 * @module
 */
import type { JsonObject, JsonValue } from "../../contracts/json.ts";
import { CdpMethodSchema } from "../../contracts/methods/cdp.ts";
import { isPageFunction } from "../../contracts/methods/page_functions.ts";
import { checkCdpParams } from "../../extension/provider/cdp_params.ts";
import { CdpClient, CdpPage } from "../support/cdp.ts";
import { Chromium } from "../support/chromium.ts";
import { type FixtureServer, serveFixtures } from "../support/serve.ts";
import type { Action } from "../../contracts/methods/mod.ts";
import {
  type ActionOutcome,
  type ActTarget,
  type Cdp,
  performAction,
  type PerformActionOptions,
} from "../../broker/runtime/act/mod.ts";

/** One call that went through the seam. */
export interface SeamCall {
  method: string;
  params: JsonObject;
  /** When it was sent and answered, in one count of the seam's sends and answers. */
  sent: number;
  answered?: number;
}

/** A browser, a fixture server and one attached page, shared by the steps of one test. */
export class ActPage {
  readonly server: FixtureServer;
  readonly page: CdpPage;
  /** Every call through {@linkcode cdp} since the last {@linkcode open}. */
  readonly calls: SeamCall[] = [];
  /** How often the last {@linkcode perform} called its `beforeDispatch`. */
  dispatchMarks = 0;
  /** Calls the provider would have refused; tests assert this stays empty. */
  readonly violations: string[] = [];
  readonly #browser: Chromium;
  readonly #client: CdpClient;
  #moments = 0;

  private constructor(browser: Chromium, client: CdpClient, page: CdpPage, server: FixtureServer) {
    this.#browser = browser;
    this.#client = client;
    this.page = page;
    this.server = server;
  }

  /** Launch Chromium at `path`, serve the fixtures and open a blank page. */
  static async start(path: string): Promise<ActPage> {
    const server = await serveFixtures();
    const browser = await Chromium.launch({ path, args: ["--window-size=800,600"] });
    try {
      const client = await CdpClient.connect(browser.webSocketUrl);
      const page = await CdpPage.open(client);
      return new ActPage(browser, client, page, server);
    } catch (error) {
      await browser.close();
      await server.close();
      throw error;
    }
  }

  /** The seam the engine uses, as the provider would enforce it. */
  readonly cdp: Cdp = async (method, params, options) => {
    let violation: string | undefined;
    if (!CdpMethodSchema.safeParse(method).success) violation = `${method} is not allowlisted`;
    if (method === "Runtime.callFunctionOn" && !isPageFunction(params.functionDeclaration)) {
      violation = "Runtime.callFunctionOn with a function that is not a page function";
    }
    const allowlisted = CdpMethodSchema.safeParse(method);
    if (violation === undefined && allowlisted.success) {
      // The provider's own parameter checks (a tab lease: the engine bounds navigation itself).
      try {
        checkCdpParams(allowlisted.data, params, { kind: "tab" });
      } catch {
        violation = `${method} with params the provider refuses: ${JSON.stringify(params)}`;
      }
    }
    if (violation !== undefined) {
      this.violations.push(violation);
      throw new Error(`Refused: ${violation}`);
    }
    const call: SeamCall = { method, params, sent: this.#moments++ };
    this.calls.push(call);
    try {
      return await this.page.send(method, params, options?.signal);
    } finally {
      call.answered = this.#moments++;
    }
  };

  /** The seam's calls whose method starts with `prefix` (e.g. `"Input."`). */
  callsTo(prefix: string): SeamCall[] {
    return this.calls.filter((call) => call.method.startsWith(prefix));
  }

  /** Navigate to a fixture and forget earlier calls. */
  async open(fixture: string): Promise<void> {
    await this.page.navigate(this.server.url(fixture));
    this.calls.length = 0;
  }

  /** Run `work` with a fresh call record; fails if anything crossed the seam that the provider refuses. */
  async record<T>(work: () => Promise<T>): Promise<T> {
    this.calls.length = 0;
    const settled = await work().then(
      (value) => ({ ok: true as const, value }),
      (error: unknown) => ({ ok: false as const, error }),
    );
    if (this.violations.length > 0) {
      throw new Error(`The engine used the seam as the provider forbids: ${this.violations}`);
    }
    if (!settled.ok) throw settled.error;
    return settled.value;
  }

  /**
   * Perform `action` through the seam as the runtime would (origin lease of
   * the fixture server, refs named `#id`), counting the dispatch marks in
   * {@linkcode dispatchMarks}; `extra` overrides any option.
   */
  perform(
    action: Action,
    target?: ActTarget,
    extra: Partial<PerformActionOptions> = {},
  ): Promise<ActionOutcome> {
    this.dispatchMarks = 0;
    return this.record(() =>
      performAction({
        cdp: this.cdp,
        target,
        action,
        leaseScope: { kind: "origin", origin: this.server.origin },
        beforeDispatch: () => {
          this.dispatchMarks++;
        },
        resolveRef: (ref) => this.target(`#${ref}`),
        ...extra,
      })
    );
  }

  /** The element matching `selector` as a caller would resolve it from a ref. */
  async target(selector: string): Promise<ActTarget> {
    const document = await this.page.send("DOM.getDocument", { depth: 0 });
    const root = objectField(document, "root");
    const found = await this.page.send("DOM.querySelector", {
      nodeId: numberField(root, "nodeId"),
      selector,
    });
    const nodeId = numberField(found, "nodeId");
    if (nodeId === 0) throw new Error(`No element matches ${selector}`);
    const described = await this.page.send("DOM.describeNode", { nodeId });
    return await this.#identify(numberField(objectField(described, "node"), "backendNodeId"));
  }

  /**
   * The first `<localName>` inside the shadow root of the element with ID
   * `hostId`, open or closed, as a caller would resolve it from a ref.
   */
  async shadowTarget(hostId: string, localName: string): Promise<ActTarget> {
    const document = await this.page.send("DOM.getDocument", { depth: -1, pierce: true });
    const host = findNode(objectField(document, "root"), (node) => {
      const attributes = node.attributes;
      if (!Array.isArray(attributes)) return false;
      return attributes.some((value, i) =>
        i % 2 === 1 && attributes[i - 1] === "id" && value === hostId
      );
    });
    const roots = host?.shadowRoots;
    const root = Array.isArray(roots) && isObject(roots[0]) ? roots[0] : undefined;
    const found = root === undefined
      ? undefined
      : findNode(root, (node) => node.localName === localName);
    if (found === undefined) throw new Error(`No ${localName} in the shadow root of #${hostId}`);
    return await this.#identify(numberField(found, "backendNodeId"));
  }

  /** `backendNodeId` with its role and name as the accessibility tree has them now. */
  async #identify(backendNodeId: number): Promise<ActTarget> {
    const tree = await this.page.send("Accessibility.getPartialAXTree", {
      backendNodeId,
      fetchRelatives: false,
    });
    const nodes = tree.nodes;
    const node = Array.isArray(nodes) ? nodes[0] : undefined;
    const role = isObject(node) && isObject(node.role) ? node.role.value : undefined;
    const name = isObject(node) && isObject(node.name) ? node.name.value : undefined;
    return {
      backendNodeId,
      role: typeof role === "string" ? role : "",
      name: typeof name === "string" ? name : "",
    };
  }

  /**
   * The one element with accessibility `role` and `name`, found through the
   * accessibility tree as an observation finds it (so also inside open and
   * closed shadow roots).
   */
  async targetByRole(role: string, name: string): Promise<ActTarget> {
    const document = await this.page.send("DOM.getDocument", { depth: 0 });
    const root = objectField(document, "root");
    const answer = await this.page.send("Accessibility.queryAXTree", {
      backendNodeId: numberField(root, "backendNodeId"),
      role,
      accessibleName: name,
    });
    const nodes = Array.isArray(answer.nodes) ? answer.nodes.filter(isObject) : [];
    const found = nodes.filter((node) => node.ignored !== true);
    if (found.length !== 1) throw new Error(`${found.length} elements are ${role} "${name}"`);
    return { backendNodeId: numberField(found[0], "backendDOMNodeId"), role, name };
  }

  /** Test-only look at the page. */
  evaluate(expression: string): Promise<JsonValue> {
    return this.page.evaluate(expression);
  }

  /** The main frame's current URL. */
  async url(): Promise<string> {
    const value = await this.evaluate("location.href");
    return typeof value === "string" ? value : "";
  }

  /** Close the page, the browser and the server. */
  async close(): Promise<void> {
    try {
      await this.#client.close();
    } finally {
      await this.#browser.close();
      await this.server.close();
    }
  }
}

/** The first node under `node` (itself included, shadow roots too) that `matches`. */
function findNode(
  node: JsonObject,
  matches: (node: JsonObject) => boolean,
): JsonObject | undefined {
  if (matches(node)) return node;
  for (const key of ["children", "shadowRoots"]) {
    const list = node[key];
    if (!Array.isArray(list)) continue;
    for (const child of list) {
      if (!isObject(child)) continue;
      const found = findNode(child, matches);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function objectField(object: JsonObject, key: string): JsonObject {
  const value = object[key];
  if (!isObject(value)) throw new Error(`Expected an object at ${key}`);
  return value;
}

function numberField(object: JsonObject, key: string): number {
  const value = object[key];
  if (typeof value !== "number") throw new Error(`Expected a number at ${key}`);
  return value;
}
