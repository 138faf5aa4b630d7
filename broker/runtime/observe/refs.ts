/**
 * Element refs: short names (`e1`, `e2`, …) for the nodes an agent can act
 * on, kept per document epoch. A ref is allocated the first time a node is
 * seen and is never given to another node: the table only grows, and the
 * number behind it comes from an allocator that never repeats (the
 * {@linkcode EpochBook} shares one per lease, so even a ref from an earlier
 * document of the same lease cannot name a node of the current one).
 *
 * @module
 */
import { LeashError } from "../../../contracts/errors.ts";
import type { ElementState } from "../../../contracts/methods/mod.ts";
import { pickerFieldRowRoles } from "../../../contracts/picker_fields.ts";

/** The most refs one document epoch holds before allocation fails. */
export const maxRefsPerEpoch = 50_000;

/**
 * Roles that get a ref: the ARIA widget roles an action can target. Cells,
 * rows and containers do not; anything `editable`, `focused`, `clickable`,
 * `hoverable`, `draggable` or `scrollable` (what a wheel aims at) does,
 * whatever its role (see {@linkcode isActionable}).
 */
export const actionableRoles: ReadonlySet<string> = new Set([
  "button",
  "link",
  "textbox",
  "searchbox",
  "checkbox",
  "radio",
  "combobox",
  "listbox",
  "option",
  "menuitem",
  "menuitemcheckbox",
  "menuitemradio",
  "tab",
  "switch",
  "slider",
  "spinbutton",
  "treeitem",
  "gridcell",
  // A `<summary>`: the toggle of a `<details>` disclosure (GitHub's menus are made of them).
  "DisclosureTriangle",
  ...pickerFieldRowRoles,
]);

/** States that give a node a ref whatever its role: a person can act on it. */
const actionableStates: readonly ElementState[] = [
  "editable",
  "focused",
  "clickable",
  "hoverable",
  "draggable",
  "scrollable",
];

/** Whether a node gets a ref: an actionable role, or a state in {@linkcode actionableStates}. */
export function isActionable(node: { role: string; states: readonly ElementState[] }): boolean {
  return actionableRoles.has(node.role) ||
    actionableStates.some((state) => node.states.includes(state));
}

/** What a ref stands for: the node, and its role and name when last observed. */
export interface RefTarget {
  backendNodeId: number;
  role: string;
  name: string;
}

/** Thrown when an epoch's ref table is full; crosses the wire as `QUEUE_FULL`. */
export class RefTableFullError extends LeashError {
  constructor(limit: number) {
    super("QUEUE_FULL", {
      cause: new RangeError(`Cannot allocate a ref: the document already holds ${limit} refs`),
    });
    this.name = "RefTableFullError";
  }
}

/** Options for a {@linkcode RefTable}. */
export interface RefTableOptions {
  /** Refs this table may hold (default {@linkcode maxRefsPerEpoch}). */
  maxRefs?: number;
  /** The next ref number; must never repeat. Default: a counter from 1 owned by the table. */
  allocate?: () => number;
}

/**
 * The refs of one document epoch.
 *
 * @example
 * ```ts
 * const table = new RefTable();
 * const ref = table.refFor(42, { role: "button", name: "Pay" }); // "e1"
 * table.resolve(ref); // { backendNodeId: 42, role: "button", name: "Pay" }
 * ```
 */
export class RefTable {
  readonly #byNode = new Map<number, string>();
  readonly #byRef = new Map<string, RefTarget>();
  /** Each ref whose element the page drew again: the ref of the new node in its place. */
  readonly #redrawn = new Map<string, string>();
  readonly #maxRefs: number;
  readonly #allocate: () => number;

  constructor(options: RefTableOptions = {}) {
    this.#maxRefs = options.maxRefs ?? maxRefsPerEpoch;
    let last = 0;
    this.#allocate = options.allocate ?? (() => ++last);
  }

  /** How many refs the table holds. */
  get size(): number {
    return this.#byRef.size;
  }

  /**
   * The ref of `backendNodeId`, allocated on first sight. `seen` is the
   * node's role and name as observed now; {@linkcode resolve} reports the
   * latest. The same backend node keeps its ref even if its role changed.
   * Throws {@linkcode RefTableFullError} when a new ref would exceed the bound.
   */
  refFor(backendNodeId: number, seen: { role: string; name: string }): string {
    const known = this.#byNode.get(backendNodeId);
    if (known !== undefined) {
      this.#byRef.set(known, { backendNodeId, role: seen.role, name: seen.name });
      return known;
    }
    if (this.#byRef.size >= this.#maxRefs) throw new RefTableFullError(this.#maxRefs);
    const ref = `e${this.#allocate()}`;
    if (this.#byRef.has(ref)) {
      throw new Error(`Cannot allocate ref ${ref}: the allocator repeated a number`);
    }
    this.#byNode.set(backendNodeId, ref);
    this.#byRef.set(ref, { backendNodeId, role: seen.role, name: seen.name });
    return ref;
  }

  /** The ref already given to `backendNodeId`, without allocating one. */
  refOf(backendNodeId: number): string | undefined {
    return this.#byNode.get(backendNodeId);
  }

  /** The node `ref` names in this epoch, with its last observed role and name. */
  resolve(ref: string): RefTarget | undefined {
    const target = this.#byRef.get(ref);
    return target === undefined ? undefined : { ...target };
  }

  /**
   * Say that the page drew the element of `ref` again as the node `now`
   * names: a new node that reads the same, in its place (a delta paired
   * them). `ref` keeps naming the old node; this only lets an action on it
   * say where to act instead. Both must be refs of this table.
   */
  noteRedrawn(ref: string, now: string): void {
    if (ref === now || !this.#byRef.has(ref) || !this.#byRef.has(now)) return;
    this.#redrawn.set(ref, now);
  }

  /**
   * The ref of the node the page last drew in place of `ref`'s, following
   * each drawing again; undefined when it never did.
   */
  redrawnAs(ref: string): string | undefined {
    let now = this.#redrawn.get(ref);
    // A node seen before may come back in another's place, so a walk could meet a ref twice.
    const met = new Set([ref]);
    for (let next = now; next !== undefined && !met.has(next); next = this.#redrawn.get(next)) {
      met.add(next);
      now = next;
    }
    return now === ref ? undefined : now;
  }
}
