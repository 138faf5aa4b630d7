/**
 * Helpers for this folder's tests: fixtures, counters for deterministic
 * tokens, a compact node builder and golden-file comparison. Set
 * `LEASH_UPDATE_GOLDEN=1` to rewrite golden files after an intended change.
 *
 * @module
 */
import assert from "node:assert/strict";
import type { ElementState } from "../../../contracts/methods/mod.ts";
import { type AxNode, type AxSnapshot, AxSnapshotSchema } from "../../../contracts/methods/mod.ts";
import { ObserveBooks } from "./observe.ts";
import { copyRowTexts } from "./tree.ts";

const testdata = new URL("./testdata/", import.meta.url);

/** A fixture snapshot from `testdata/`, validated as the provider's result would be. */
export function loadSnapshot(name: string): AxSnapshot {
  return AxSnapshotSchema.parse(JSON.parse(Deno.readTextFileSync(new URL(name, testdata))));
}

/** Tokens `${prefix}1`, `${prefix}2`, … so rendered text is the same on every run. */
export function counter(prefix: string): () => string {
  let next = 0;
  return () => `${prefix}${++next}`;
}

/** Books with deterministic epoch (`d1`…) and cursor (`c1`…) tokens. */
export function testBooks(): ObserveBooks {
  return new ObserveBooks({ epochs: { token: counter("d") }, cursors: { token: counter("c") } });
}

/** Compare `text` with `testdata/<name>`, or rewrite it under `LEASH_UPDATE_GOLDEN=1`. */
export function assertGolden(name: string, text: string): void {
  const url = new URL(name, testdata);
  if (Deno.env.get("LEASH_UPDATE_GOLDEN") === "1") {
    Deno.writeTextFileSync(url, `${text}\n`);
    return;
  }
  assert.equal(`${text}\n`, Deno.readTextFileSync(url), `golden ${name} differs`);
}

/** A node description for {@linkcode tree}. */
export interface Spec {
  role: string;
  name?: string;
  value?: string;
  /** The browser's form-validation message (`AxNode.error`). */
  error?: string;
  /** The icon a nameless control shows (`AxNode.icon`). */
  icon?: string;
  states?: ElementState[];
  id?: number;
  children?: Spec[];
}

/** A spec; `n("button", "Pay", [...])`. */
export function n(
  role: string,
  name = "",
  children: Spec[] = [],
  extra: Omit<Spec, "role" | "name" | "children"> = {},
): Spec {
  return { role, name, children, ...extra };
}

/** Flat provider nodes for a nested spec, in document order; IDs count from `firstId` unless given. */
export function tree(root: Spec, firstId = 1): AxNode[] {
  const nodes: AxNode[] = [];
  let next = firstId;
  const walk = (spec: Spec, parentId: number | null, depth: number) => {
    const backendNodeId = spec.id ?? next++;
    const node: AxNode = {
      backendNodeId,
      parentId,
      role: spec.role,
      name: spec.name ?? "",
      states: spec.states ?? [],
      depth,
    };
    copyRowTexts(spec, node);
    nodes.push(node);
    for (const child of spec.children ?? []) walk(child, backendNodeId, depth + 1);
  };
  walk(root, null, 0);
  return nodes;
}

/** A snapshot of `nodes` in one document. */
export function snapshotOf(
  nodes: AxNode[],
  document: Partial<Omit<AxSnapshot, "nodes">> = {},
): AxSnapshot {
  return {
    frameId: "main",
    loaderId: "loader-1",
    url: "https://example.test/",
    title: "Example",
    cut: null,
    ...document,
    nodes,
  };
}
