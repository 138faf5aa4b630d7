/**
 * A scripted page for the scripted provider: one document given as an
 * `AxSnapshot` fixture, answering `ax.read`, `ax.find`, `ax.page` and the
 * allowlisted DevTools methods the action engine and capture use, the way
 * the extension and Chromium would — enough for a click to be prepared,
 * hit-tested and dispatched, and for text expectations to be checked.
 * Every answer is a pure function of the current document, so tests can
 * change it between calls ({@linkcode ScriptedPage.update},
 * {@linkcode ScriptedPage.load}).
 *
 * @module
 */
import { deflateSync } from "node:zlib";
import { LeashError } from "../../contracts/errors.ts";
import type { JsonObject, JsonValue } from "../../contracts/json.ts";
import { limits } from "../../contracts/limits.ts";
import type { ParamsOf, ResultOf } from "../../contracts/methods/define.ts";
import type { ProviderMethods } from "../../contracts/methods/mod.ts";
import { pageFunctions } from "../../contracts/methods/page_functions.ts";
import { type AxNode, type AxSnapshot, AxSnapshotSchema } from "../../contracts/methods/mod.ts";

type Request<K extends "ax.read" | "ax.find" | "ax.search" | "ax.page"> = ParamsOf<
  ProviderMethods,
  K
>["request"];

/** How a scripted page behaves. */
export interface ScriptedPageOptions {
  /** The viewport in CSS (and device) pixels; default 800 × 600. */
  viewport?: { width: number; height: number };
  /** The page's content size in CSS pixels, for full-page captures; default the viewport. */
  content?: { width: number; height: number };
  /** Nodes per `ax.page` window; default 20. */
  windowSize?: number;
  /**
   * Whether `ax.search` answers with the matches of the page's text (the
   * rows whose name holds the query, with their ancestors), as the
   * extension does on a large page, instead of the read.
   */
  searchesText?: boolean;
  /** Called when a click is released on `backendNodeId`; it may change the page. */
  onClick?: (backendNodeId: number, page: ScriptedPage) => void;
  /**
   * Where nodes are, when a test needs them apart (a drag from one to
   * another): each node's box, and which node is at a viewport point.
   * Without it every node is in the same box and the node hit is the one
   * last measured.
   */
  layout?: {
    quad(backendNodeId: number): number[];
    at(x: number, y: number): number | undefined;
  };
}

/** Load a fixture snapshot from `broker/runtime/observe/testdata/`, validated. */
export function fixtureSnapshot(name: string): AxSnapshot {
  const url = new URL(`../../broker/runtime/observe/testdata/${name}`, import.meta.url);
  return AxSnapshotSchema.parse(JSON.parse(Deno.readTextFileSync(url)));
}

const functionNames = new Map<string, string>(
  Object.entries(pageFunctions).map(([name, source]) => [source, name]),
);

function refuse(): never {
  // What the extension answers when DevTools refuses a node that is gone.
  throw new LeashError("STALE_TARGET");
}

/** The scripted document and its DevTools answers. */
export class ScriptedPage {
  /** The current document. */
  snapshot: AxSnapshot;
  /** When set, what `DOM.getNodeForLocation` finds at every point (an overlay). */
  coveredBy: number | undefined;
  /** Set to make PNG screenshots too large, so capture must fall back to JPEG. */
  pngTooLarge = false;
  /** Whether the page is in a background tab (the `pageVisible` page function says false). */
  hidden = false;
  readonly viewport: { width: number; height: number };
  /** The content size `Page.getLayoutMetrics` reports (tests may change it). */
  content: { width: number; height: number };
  readonly #windowSize: number;
  readonly #onClick: ((backendNodeId: number, page: ScriptedPage) => void) | undefined;
  readonly #layout: ScriptedPageOptions["layout"];
  readonly #searchesText: boolean;
  readonly #continuations = new Map<string, number>();
  #aimed: number | undefined;
  /** Whether the page starts HTML5 drags (else drag events find no drag data). */
  html5Drag = true;
  /** The tab's session history (URLs) and where it stands; `navigate` adds to it. */
  history: string[] = [];
  historyIndex = 0;
  #nextContinuation = 0;
  #nextLoader = 1;

  constructor(snapshot: AxSnapshot, options: ScriptedPageOptions = {}) {
    this.snapshot = snapshot;
    this.viewport = options.viewport ?? { width: 800, height: 600 };
    this.content = options.content ?? this.viewport;
    this.#windowSize = options.windowSize ?? 20;
    this.#onClick = options.onClick;
    this.#layout = options.layout;
    this.#searchesText = options.searchesText === true;
    this.history = [snapshot.url];
  }

  /** Change the current document's nodes in place (same loader: same document). */
  update(change: (nodes: AxNode[]) => AxNode[]): void {
    this.snapshot = { ...this.snapshot, nodes: change([...this.snapshot.nodes]) };
  }

  /** Show a new document (a new loader), optionally with other nodes or URL. */
  load(next: Partial<AxSnapshot> = {}): void {
    this.snapshot = {
      ...this.snapshot,
      ...next,
      loaderId: next.loaderId ?? `scripted-loader-${++this.#nextLoader}`,
    };
  }

  /** The node `backendNodeId` of the current document. */
  node(backendNodeId: number): AxNode | undefined {
    return this.snapshot.nodes.find((node) => node.backendNodeId === backendNodeId);
  }

  /** The first node with `role` and `name`. */
  find(role: string, name: string): AxNode {
    const node = this.snapshot.nodes.find((n) => n.role === role && n.name === name);
    if (node === undefined) throw new Error(`Cannot find ${role} "${name}" in the scripted page`);
    return node;
  }

  /** `ax.read`: the document or a subtree, cut at `maxNodes`. */
  read(request: Request<"ax.read">): ResultOf<ProviderMethods, "ax.read"> {
    let nodes = this.snapshot.nodes;
    if (request.root !== undefined) {
      if (this.node(request.root) === undefined) refuse();
      nodes = this.#subtree(request.root);
    }
    const maxNodes = request.maxNodes ?? 1_000;
    const cut = nodes.length > maxNodes
      ? { reason: "nodes" as const, at: null, omitted: nodes.length - maxNodes }
      : null;
    return { ...this.#document(), nodes: nodes.slice(0, maxNodes), cut };
  }

  /**
   * `ax.search`: the read, as the extension answers for a page it reads
   * whole, or with `searchesText` the rows whose name holds the query with
   * their ancestors.
   */
  query(request: Request<"ax.search">): ResultOf<ProviderMethods, "ax.search"> {
    const { query, ...bounds } = request;
    if (!this.#searchesText) return { ...this.read(bounds), via: "read" };
    const byId = new Map(this.snapshot.nodes.map((node) => [node.backendNodeId, node]));
    const kept = new Set<number>();
    for (const node of this.snapshot.nodes) {
      if (!node.name.toLowerCase().includes(query.toLowerCase())) continue;
      for (let at: AxNode | undefined = node; at !== undefined; at = byId.get(at.parentId ?? -1)) {
        kept.add(at.backendNodeId);
      }
    }
    const nodes = this.snapshot.nodes.filter((node) => kept.has(node.backendNodeId));
    return { ...this.#document(), nodes, cut: null, via: "text" };
  }

  /** `ax.find`: nodes named exactly `query`, flat, as the extension answers. */
  search(request: Request<"ax.find">): ResultOf<ProviderMethods, "ax.find"> {
    const scope = request.root === undefined ? this.snapshot.nodes : this.#subtree(request.root);
    const matched = scope.filter((node) => node.name === request.query);
    const ids = new Set(matched.map((node) => node.backendNodeId));
    const shown = matched
      .filter((node) =>
        !(node.role === "StaticText" && node.parentId !== null && ids.has(node.parentId))
      )
      .map((node) => ({ ...node, parentId: null, depth: 0 }));
    return {
      ...this.#document(),
      nodes: shown.slice(0, limits.maxCandidates),
      truncated: shown.length > limits.maxCandidates,
    };
  }

  /**
   * `ax.page`: one window. Its continuations are deliberately naive — reusable
   * and blind to document changes — so what tests see of single use and
   * document binding is the Broker's own doing.
   */
  window(request: Request<"ax.page">): ResultOf<ProviderMethods, "ax.page"> {
    if (request.frameId !== this.snapshot.frameId) refuse();
    let offset = 0;
    if (request.continuation !== undefined) {
      offset = this.#continuations.get(request.continuation) ?? refuse();
    }
    const nodes = request.backendNodeId === undefined
      ? this.snapshot.nodes
      : this.#subtree(request.backendNodeId);
    const end = Math.min(offset + this.#windowSize, nodes.length);
    let continuation: string | null = null;
    if (end < nodes.length) {
      continuation = `provider-${++this.#nextContinuation}`;
      this.#continuations.set(continuation, end);
    }
    return {
      ...this.#document(),
      nodes: nodes.slice(offset, end),
      continuation,
      complete: continuation === null,
    };
  }

  /** One allowlisted DevTools method. */
  cdp(method: string, params: JsonObject): JsonObject {
    const { width, height } = this.viewport;
    switch (method) {
      case "Page.getFrameTree": {
        const { frameId, loaderId, url } = this.snapshot;
        return { frameTree: { frame: { id: frameId, loaderId, url } } };
      }
      case "Page.getLayoutMetrics": {
        const box = { clientWidth: width, clientHeight: height, pageX: 0, pageY: 0 };
        return {
          cssLayoutViewport: box,
          cssVisualViewport: { ...box, offsetX: 0, offsetY: 0 },
          cssContentSize: { x: 0, y: 0, ...this.content },
        };
      }
      case "DOM.getDocument":
        return { root: { nodeId: 1, backendNodeId: this.snapshot.nodes[0]?.backendNodeId ?? 1 } };
      case "DOM.resolveNode": {
        const node = this.#nodeParam(params);
        return { object: { objectId: `node:${node.backendNodeId}` } };
      }
      case "Accessibility.getPartialAXTree": {
        const node = this.#nodeParam(params);
        return {
          nodes: [{
            ignored: false,
            role: { type: "role", value: node.role },
            name: { type: "computedString", value: node.name },
            // The states DevTools reports as properties, so expectations can read them.
            properties: node.states
              .filter((state) => ["checked", "selected", "expanded", "disabled"].includes(state))
              .map((state) => ({ name: state, value: { type: "boolean", value: true } })),
            backendDOMNodeId: node.backendNodeId,
          }],
        };
      }
      case "DOM.scrollIntoViewIfNeeded":
        this.#nodeParam(params);
        return {};
      case "DOM.getContentQuads": {
        const node = this.#nodeParam(params);
        this.#aimed = node.backendNodeId;
        return {
          quads: [this.#layout?.quad(node.backendNodeId) ?? [10, 10, 110, 10, 110, 30, 10, 30]],
        };
      }
      case "DOM.getNodeForLocation": {
        const placed = this.#layout?.at(Number(params.x), Number(params.y));
        return { backendNodeId: this.coveredBy ?? placed ?? this.#aimed ?? refuse() };
      }
      case "Runtime.callFunctionOn":
        return { result: this.#pageFunction(params) };
      case "Input.dispatchMouseEvent":
        if (params.type === "mouseReleased" && this.#aimed !== undefined) {
          this.#onClick?.(this.#aimed, this);
        }
        return {};
      case "Page.captureScreenshot":
        return this.#screenshot(params);
      case "Page.navigate": {
        const url = typeof params.url === "string" ? params.url : refuse();
        this.load({ url });
        this.history = [...this.history.slice(0, this.historyIndex + 1), url];
        this.historyIndex = this.history.length - 1;
        return { frameId: this.snapshot.frameId, loaderId: this.snapshot.loaderId };
      }
      case "Page.getNavigationHistory":
        return {
          currentIndex: this.historyIndex,
          entries: this.history.map((url, index) => ({ id: index + 1, url, title: "" })),
        };
      case "Page.navigateToHistoryEntry": {
        const index = typeof params.entryId === "number" ? params.entryId - 1 : refuse();
        this.historyIndex = index;
        this.load({ url: this.history[index] ?? refuse() });
        return {};
      }
      case "Page.reload":
        this.load();
        return {};
      case "Input.dispatchDragEvent":
        return this.html5Drag ? { intercepted: true } : { intercepted: false };
      default:
        return {};
    }
  }

  #document() {
    const { frameId, loaderId, url, title } = this.snapshot;
    return { frameId, loaderId, url, title };
  }

  #subtree(root: number): AxNode[] {
    const inside = new Set([root]);
    const nodes: AxNode[] = [];
    for (const node of this.snapshot.nodes) {
      if (
        node.backendNodeId === root || (node.parentId !== null && inside.has(node.parentId))
      ) {
        inside.add(node.backendNodeId);
        nodes.push(node);
      }
    }
    return nodes;
  }

  #nodeParam(params: JsonObject): AxNode {
    const id = params.backendNodeId;
    return (typeof id === "number" ? this.node(id) : undefined) ?? refuse();
  }

  #objectNode(objectId: JsonValue | undefined): AxNode | undefined {
    if (typeof objectId !== "string" || !objectId.startsWith("node:")) return undefined;
    return this.node(Number(objectId.slice("node:".length)));
  }

  #pageFunction(params: JsonObject): JsonObject {
    const name = functionNames.get(String(params.functionDeclaration));
    const self = this.#objectNode(params.objectId);
    const args = Array.isArray(params.arguments) ? params.arguments : [];
    const first = args[0];
    const argument = typeof first === "object" && first !== null && !Array.isArray(first)
      ? first
      : {};
    switch (name) {
      case "describeElement":
        if (self === undefined) return { type: "object", value: { connected: false } };
        return { type: "object", value: describe(self) };
      case "deliversTo": {
        const hit = this.#objectNode(argument.objectId);
        return { type: "boolean", value: self !== undefined && this.#contains(self, hit) };
      }
      case "textPresent": {
        const needle = String(argument.value ?? "");
        const present = this.snapshot.nodes.some((node) =>
          node.name.includes(needle) || (node.value ?? "").includes(needle)
        );
        return { type: "boolean", value: present };
      }
      case "compareValue":
        return { type: "boolean", value: self?.value === argument.value };
      case "pageVisible":
        return { type: "boolean", value: !this.hidden };
      case "scrollAligned":
        // Nothing here scrolls: every box stays where the script put it.
        return { type: "boolean", value: self !== undefined };
      default:
        return { type: "undefined" };
    }
  }

  #contains(ancestor: AxNode, node: AxNode | undefined): boolean {
    for (
      let at = node;
      at !== undefined;
      at = at.parentId === null ? undefined : this.node(at.parentId)
    ) {
      if (at.backendNodeId === ancestor.backendNodeId) return true;
    }
    return false;
  }

  #screenshot(params: JsonObject): JsonObject {
    // A clip is rendered at its own size, as DevTools does beyond the viewport.
    const clip = params.clip as { width: number; height: number } | undefined;
    const { width, height } = clip ?? this.viewport;
    if (params.format === "jpeg") return { data: jpegHeader(width, height) };
    if (this.pngTooLarge) throw new LeashError("RESULT_TOO_LARGE");
    return { data: solidPng(width, height) };
  }
}

function describe(node: AxNode): JsonObject {
  const kinds: Record<string, string> = {
    textbox: "text",
    searchbox: "text",
    checkbox: "checkbox",
    switch: "checkbox",
    radio: "radio",
    combobox: "select",
  };
  const kind = kinds[node.role] ?? (node.states.includes("editable") ? "editable" : "other");
  const checkable = kind === "checkbox" || kind === "radio";
  return {
    connected: true,
    kind,
    visible: true,
    disabled: node.states.includes("disabled"),
    readOnly: node.states.includes("readonly"),
    checked: checkable ? node.states.includes("checked") : null,
    focused: node.states.includes("focused"),
  };
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

function base64(bytes: Uint8Array): string {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}

/** A real, decodable PNG of `width` × `height` grey pixels, base64. */
export function solidPng(width: number, height: number): string {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, no interlace
  const rows = new Uint8Array((width + 1) * height).fill(0xcc);
  for (let y = 0; y < height; y++) rows[y * (width + 1)] = 0; // filter type 0 per row
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", new Uint8Array(deflateSync(rows))),
    chunk("IEND", new Uint8Array()),
  ];
  const png = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    png.set(part, at);
    at += part.length;
  }
  return base64(png);
}

/** The start of a baseline JPEG naming `width` × `height`: enough for a header reader. */
function jpegHeader(width: number, height: number): string {
  return base64(
    new Uint8Array([
      0xff,
      0xd8,
      0xff,
      0xe0,
      0x00,
      0x04,
      0x00,
      0x00,
      0xff,
      0xc0,
      0x00,
      0x0b,
      0x08,
      height >> 8,
      height & 0xff,
      width >> 8,
      width & 0xff,
      0x01,
      0x01,
      0x11,
      0x00,
      0xff,
      0xd9,
    ]),
  );
}
