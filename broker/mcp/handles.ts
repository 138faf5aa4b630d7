/**
 * Short handles for what a model reads: `b1` for a browser instance, `t3`
 * for a tab, `L2` for a lease, in place of the wire IDs (UUIDs, a UUID and a
 * tab number) that cost a model some 26 tokens each time they are repeated.
 * A handle is minted the first time this MCP session shows a wire ID, stays
 * the same for the life of the session, and is accepted wherever the wire
 * ID is; the wire IDs stay in `structuredContent`.
 *
 * @module
 */

/** What a handle names. */
export type HandleKind = "instance" | "tab" | "lease";

const prefixes: Readonly<Record<HandleKind, string>> = { instance: "b", tab: "t", lease: "L" };

/** The tool arguments that carry a wire ID, and what each names. */
const argumentKinds: Readonly<Record<string, HandleKind>> = {
  instance: "instance",
  tab: "tab",
  leaseId: "lease",
};

/**
 * One MCP session's handles and the wire IDs they stand for. A session
 * that lives for one command (`leash tabs …` run on its own) shows the wire
 * IDs instead: its handles would mean nothing to the next command.
 */
export class Handles {
  /** Whether texts show short handles; when false, `of` gives the wire ID back. */
  readonly short: boolean;
  /** `kind` → wire ID → handle. */
  readonly #handles: Record<HandleKind, Map<string, string>> = {
    instance: new Map(),
    tab: new Map(),
    lease: new Map(),
  };
  /** handle → wire ID, for every kind (the prefixes keep them apart). */
  readonly #ids = new Map<string, string>();

  constructor(short = true) {
    this.short = short;
  }

  /** The handle of wire ID `id`, minted on first sight. */
  of(kind: HandleKind, id: string): string {
    if (!this.short) return id;
    const known = this.#handles[kind].get(id);
    if (known !== undefined) return known;
    const handle = `${prefixes[kind]}${this.#handles[kind].size + 1}`;
    this.#handles[kind].set(id, handle);
    this.#ids.set(handle, id);
    return handle;
  }

  /**
   * The wire ID `input` names: a wire ID this session has shown stays as it
   * is (so a wire ID that happens to look like a handle keeps working), a
   * handle this session minted for `kind` becomes its wire ID, and anything
   * else goes to the Broker unchanged, which judges it.
   */
  resolve(kind: HandleKind, input: string): string {
    if (this.#handles[kind].has(input)) return input;
    if (!input.startsWith(prefixes[kind])) return input;
    return this.#ids.get(input) ?? input;
  }

  /** `args` with every `instance`, `tab` and `leaseId` given as a handle replaced by its wire ID. */
  wireArgs<T>(args: T): T {
    if (typeof args !== "object" || args === null) return args;
    const given = args as Record<string, unknown>;
    let out: Record<string, unknown> | undefined;
    for (const [key, kind] of Object.entries(argumentKinds)) {
      const value = given[key];
      if (typeof value !== "string") continue;
      const id = this.resolve(kind, value);
      if (id === value) continue;
      out ??= { ...given };
      out[key] = id;
    }
    return (out ?? args) as T;
  }
}
