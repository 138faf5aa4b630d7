/**
 * Scripted frames for the scripted provider: the child frames of a
 * {@linkcode ScriptedPage}, each a source frame as `frames.list` reports it
 * and, for a readable one, the document `ax.frame` returns. Like the
 * extension, `ax.frame` answers only for a binding that still names the
 * current root and child documents. Tests change the frames between calls,
 * or during a read with {@linkcode ScriptedFrames.onList}.
 *
 * @module
 */
import { type ErrorCode, LeashError } from "../../contracts/errors.ts";
import type { FrameBinding, SourceFrame, SourceFrames } from "../../contracts/methods/frames.ts";
import type { ParamsOf, ResultOf } from "../../contracts/methods/define.ts";
import type { AxNode, AxSnapshot, ProviderMethods } from "../../contracts/methods/mod.ts";
import type { ScriptedPage } from "./_scripted_page.ts";

/** What `frame.click.prepare` and `frame.click` carry. */
export type FrameClickRequest = ParamsOf<ProviderMethods, "frame.click">["request"];

/** A semantic root as `ax.frame.subtree` carries it. */
export type SemanticRootRequest = ParamsOf<ProviderMethods, "ax.frame.subtree">["request"]["root"];

/** What `frame.input.prepare` and `frame.input` carry. */
export type FrameInputRequest = ParamsOf<ProviderMethods, "frame.input">["request"];

/** One scripted child frame. */
export interface ScriptedChild {
  source: SourceFrame;
  /** What `ax.frame` reads in it; absent for a frame that cannot be read. */
  document?: AxSnapshot;
}

/** The child frames of a scripted page. */
export class ScriptedFrames {
  children: ScriptedChild[];
  /** What `frames.list` answers instead, when set (a malformed inventory). */
  answer: SourceFrames | undefined;
  /** Called before each `frames.list` is answered, with how many came before it. */
  onList: ((count: number, frames: ScriptedFrames) => void) | undefined;
  /** Every `ax.frame` binding received, in order. */
  readonly reads: FrameBinding[] = [];
  /** Every `frame.click.prepare` (`prepare`) and `frame.click` (`click`) received, in order. */
  readonly clicks: { method: "prepare" | "click"; request: FrameClickRequest }[] = [];
  /** Every `ax.frame.subtree` root and `ax.frame.find` query received. */
  readonly subtrees: SemanticRootRequest[] = [];
  readonly finds: string[] = [];
  /** Every `ax.frame.text` text received. */
  readonly texts: string[] = [];
  /** The provider continuation of every `ax.frame.page` received (`null` for a first window). */
  readonly windows: (string | null)[] = [];
  /** Every `frame.input.prepare` (`prepare`) and `frame.input` (`input`) received, in order. */
  readonly inputs: { method: "prepare" | "input"; request: FrameInputRequest }[] = [];
  /**
   * How `frame.click` behaves once its checks pass: `click` (default) calls
   * {@linkcode ScriptedFrames.onClick}; a code is answered as an error
   * after the input (a lost answer, say).
   */
  clickAnswer: "click" | ErrorCode = "click";
  /** Called when a click lands, with the frame it landed in; it may change the frames. */
  onClick: ((frameId: string, backendNodeId: number, frames: ScriptedFrames) => void) | undefined;
  #lists = 0;

  constructor(children: ScriptedChild[]) {
    this.children = children;
  }

  /** `frames.list` on `page`: its document as the root, then the children. */
  list(page: ScriptedPage): SourceFrames {
    this.onList?.(this.#lists++, this);
    if (this.answer !== undefined) return this.answer;
    const { frameId, loaderId, url } = page.snapshot;
    return {
      rootFrameId: frameId,
      rootLoaderId: loaderId,
      truncated: false,
      frames: [
        { frameId, loaderId, url, origin: new URL(url).origin, session: "root" },
        ...this.children.map((child) => child.source),
      ],
    };
  }

  /** `ax.frame`: the bound child's document, or `STALE_TARGET` when the binding no longer holds. */
  read(page: ScriptedPage, binding: FrameBinding): AxSnapshot {
    this.reads.push(binding);
    const child = this.children.find((known) => known.source.frameId === binding.frameId);
    if (
      child?.document === undefined || child.source.loaderId !== binding.loaderId ||
      child.source.contextUniqueId !== binding.contextUniqueId ||
      page.snapshot.frameId !== binding.rootFrameId ||
      page.snapshot.loaderId !== binding.rootLoaderId
    ) {
      throw new LeashError("STALE_TARGET");
    }
    return child.document;
  }

  /**
   * `frame.click.prepare` and `frame.click`: the binding must hold and the
   * node be in the child's document with its role and name, like the extension checks.
   */
  click(
    page: ScriptedPage,
    method: "prepare" | "click",
    request: FrameClickRequest,
  ): void {
    this.clicks.push({ method, request });
    const document = this.read(page, request.binding);
    this.reads.pop();
    const node = document.nodes.find((known) => known.backendNodeId === request.backendNodeId);
    if (node === undefined || node.role !== request.role || node.name !== request.name) {
      throw new LeashError("STALE_TARGET");
    }
    if (method === "prepare") return;
    if (this.clickAnswer !== "click") throw new LeashError(this.clickAnswer);
    this.onClick?.(request.binding.frameId, request.backendNodeId, this);
  }

  /**
   * `frame.input.prepare` and `frame.input`: checked like a click; a `fill`
   * or `type` that lands sets the target's value (the text, or the value
   * and the text), a `press` changes nothing.
   */
  input(page: ScriptedPage, method: "prepare" | "input", request: FrameInputRequest): void {
    this.inputs.push({ method, request });
    const { input, ...target } = request;
    this.click(page, "prepare", target);
    this.clicks.pop();
    if (method === "prepare" || input.kind === "press") return;
    this.update(request.binding.frameId, (nodes) =>
      nodes.map((node) => {
        if (node.backendNodeId !== request.backendNodeId) return node;
        const before = input.kind === "type" && input.clear !== true ? node.value ?? "" : "";
        return { ...node, value: before + input.text };
      }));
  }

  /** Change child `frameId`'s document in place (same loader). */
  update(frameId: string, change: (nodes: AxNode[]) => AxNode[]): void {
    const child = this.children.find((known) => known.source.frameId === frameId);
    if (child?.document === undefined) throw new Error(`Cannot update ${frameId}: no document`);
    child.document = { ...child.document, nodes: change([...child.document.nodes]) };
  }

  /** `ax.frame.subtree`: the bound child's nodes under `root`, which must be one of them. */
  subtree(page: ScriptedPage, binding: FrameBinding, root: SemanticRootRequest): AxSnapshot {
    const document = this.read(page, binding);
    this.subtrees.push(root);
    const known = document.nodes.find((node) => node.backendNodeId === root.backendNodeId);
    if (known === undefined || known.role !== root.role || known.name !== root.name) {
      throw new LeashError("STALE_TARGET");
    }
    const under = new Set([root.backendNodeId]);
    const nodes = document.nodes.filter((node) => {
      if (under.has(node.backendNodeId)) return true;
      if (node.parentId !== null && under.has(node.parentId)) {
        under.add(node.backendNodeId);
        return true;
      }
      return false;
    });
    return { ...document, nodes };
  }

  /** `ax.frame.find`: the bound child's nodes named exactly `query`, flat. */
  find(page: ScriptedPage, binding: FrameBinding, query: string) {
    const document = this.read(page, binding);
    this.finds.push(query);
    const nodes = document.nodes.filter((node) => node.name === query).map((node) => ({
      ...node,
      parentId: null,
      depth: 0,
    }));
    const { frameId, loaderId, url, title } = document;
    return { frameId, loaderId, url, title, nodes, truncated: false };
  }

  /**
   * `ax.frame.page`: windows of two nodes of the bound child (under `root`,
   * when given). Continuations are deliberately naive, like the scripted
   * page's: reusable, so the Broker's single use is what a test sees.
   */
  window(
    page: ScriptedPage,
    request: ParamsOf<ProviderMethods, "ax.frame.page">["request"],
  ): ResultOf<ProviderMethods, "ax.frame.page"> {
    const document = request.root === undefined
      ? this.read(page, request.binding)
      : this.subtree(page, request.binding, request.root);
    if (request.root === undefined) this.reads.pop();
    else this.subtrees.pop();
    this.windows.push(request.continuation ?? null);
    const start = request.continuation === undefined
      ? 0
      : Number(request.continuation.replace(/^window-/, ""));
    const nodes = document.nodes.slice(start, start + 2);
    const end = start + nodes.length;
    const { frameId, loaderId, url, title } = document;
    return {
      frameId,
      loaderId,
      url,
      title,
      nodes,
      continuation: end < document.nodes.length ? `window-${end}` : null,
      complete: end >= document.nodes.length,
    };
  }

  /** `ax.frame.text`: whether a node of the bound child names or holds `text`. */
  text(page: ScriptedPage, binding: FrameBinding, text: string): { present: boolean } {
    const document = this.read(page, binding);
    this.reads.pop();
    this.texts.push(text);
    return {
      present: document.nodes.some((node) =>
        node.name.includes(text) || (node.value ?? "").includes(text)
      ),
    };
  }

  /** Give child `frameId` a new document (a navigation or reload). */
  reload(frameId: string): void {
    const child = this.children.find((known) => known.source.frameId === frameId);
    if (child === undefined) throw new Error(`Cannot reload ${frameId}: no such scripted frame`);
    const loaderId = `${child.source.loaderId}-next`;
    child.source = { ...child.source, loaderId, contextUniqueId: `${loaderId}-context` };
    if (child.document !== undefined) child.document = { ...child.document, loaderId };
  }
}

/** A same-origin child of `origin` with one button, owned by element `owner` of its parent. */
export function sameOriginChild(
  frameId: string,
  origin: string,
  options: { parent: string; owner: number; name?: string },
): ScriptedChild {
  const loaderId = `${frameId}-loader`;
  const name = options.name ?? `Button in ${frameId}`;
  return {
    source: {
      frameId,
      parentFrameId: options.parent,
      loaderId,
      url: `${origin}/${frameId}.html`,
      origin,
      contextUniqueId: `${loaderId}-context`,
      owner: options.owner,
      session: "same-process",
    },
    document: {
      frameId,
      loaderId,
      url: `${origin}/${frameId}.html`,
      title: `Child ${frameId}`,
      nodes: [
        {
          backendNodeId: 900,
          parentId: null,
          role: "RootWebArea",
          name: `Child ${frameId}`,
          states: [],
          depth: 0,
        },
        { backendNodeId: 901, parentId: 900, role: "button", name, states: [], depth: 1 },
        { backendNodeId: 903, parentId: 900, role: "textbox", name: "Note", states: [], depth: 1 },
      ],
      cut: null,
    },
  };
}
