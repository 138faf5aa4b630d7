/**
 * The capability table: every name the protocol defines, who offers it, and
 * whether this build serves it. The welcome, the provider hello, the
 * client's and provider's requirements, the `UNSUPPORTED` answers and the
 * docs all derive from `served`, so nothing is advertised that is not
 * served.
 *
 * @module
 */

/** Who offers a capability: the Broker's runtime (in the welcome) or a provider (in its hello). */
export type CapabilitySide = "runtime" | "provider";

/** One row of the capability table. */
export interface CapabilitySpec {
  side: CapabilitySide;
  /** Whether this build serves what the capability names. */
  served: boolean;
  /** Leash's own, beyond the spec's lists (which tolerate unknown optional advertisements). */
  own?: true;
}

/**
 * Every capability of the spec, runtime names in the order the spec's
 * welcome lists them, then provider names in the order of its provider
 * hello, each followed by Leash's own (`own`). Frames are declared, not
 * served yet.
 */
export const capabilityTable = {
  "runtime.v1": { side: "runtime", served: true },
  "runtime.personal-tab-scope.v1": { side: "runtime", served: true },
  "observe.query.v1": { side: "runtime", served: true },
  "journal.recovery.v1": { side: "runtime", served: true },
  "provider.ax-read.v1": { side: "runtime", served: true },
  "provider.ax-find.v1": { side: "runtime", served: true },
  "runtime.check.v1": { side: "runtime", served: true },
  "runtime.wheel.v1": { side: "runtime", served: true },
  "runtime.radio.v1": { side: "runtime", served: true },
  "runtime.capture-publication.v1": { side: "runtime", served: true },
  "runtime.contenteditable-fill.v1": { side: "runtime", served: true },
  "runtime.append.v1": { side: "runtime", served: true },
  "runtime.element-state.v1": { side: "runtime", served: true },
  "runtime.batch.v1": { side: "runtime", served: true },
  "runtime.page.v1": { side: "runtime", served: true },
  "runtime.frames.v1": { side: "runtime", served: true },
  "observe.frame.v1": { side: "runtime", served: true },
  "runtime.frame-click.v1": { side: "runtime", served: true },
  "observe.frame-query.v1": { side: "runtime", served: true },
  "observe.frame-subtree.v1": { side: "runtime", served: true },
  "observe.frame-page.v1": { side: "runtime", served: true },
  "broker.personal-mode.v1": { side: "runtime", served: true },
  "runtime.settle.v1": { side: "runtime", served: true, own: true },
  "runtime.dialog.v1": { side: "runtime", served: true, own: true },
  "runtime.history.v1": { side: "runtime", served: true, own: true },
  "runtime.until.v1": { side: "runtime", served: true, own: true },
  "runtime.frame-input.v1": { side: "runtime", served: true, own: true },
  "runtime.capture-area.v1": { side: "runtime", served: true, own: true },
  "runtime.open.v1": { side: "runtime", served: true, own: true },
  "runtime.console.v1": { side: "runtime", served: true, own: true },
  "runtime.network.v1": { side: "runtime", served: true, own: true },
  "lease.fencing.v1": { side: "provider", served: true },
  "lease.tab-scope.v1": { side: "provider", served: true },
  "ax.read.v1": { side: "provider", served: true },
  "ax.find.v1": { side: "provider", served: true },
  "input.named-keys.v1": { side: "provider", served: true },
  "scroll.dom.v1": { side: "provider", served: true },
  "ax.checked-state.v1": { side: "provider", served: true },
  "input.wheel.v1": { side: "provider", served: true },
  "input.radio.v1": { side: "provider", served: true },
  "ax.editable-state.v1": { side: "provider", served: true },
  "ax.page.v1": { side: "provider", served: true },
  "frame.sessions.v1": { side: "provider", served: true },
  "ax.frame.v1": { side: "provider", served: true },
  "input.frame-click.v1": { side: "provider", served: true },
  "ax.frame-find.v1": { side: "provider", served: true },
  "ax.frame-subtree.v1": { side: "provider", served: true },
  "ax.frame-page.v1": { side: "provider", served: true },
  "ax.frame-text.v1": { side: "provider", served: true },
  "page.settle.v1": { side: "provider", served: true, own: true },
  "input.dialog.v1": { side: "provider", served: true, own: true },
  "input.frame-input.v1": { side: "provider", served: true, own: true },
  "tab.open.v1": { side: "provider", served: true, own: true },
  "page.console.v1": { side: "provider", served: true, own: true },
  "page.network.v1": { side: "provider", served: true, own: true },
  "ax.search.v1": { side: "provider", served: true, own: true },
} as const satisfies Record<string, CapabilitySpec>;

type Table = typeof capabilityTable;

/** Any capability the table names. */
export type Capability = keyof Table;

/** A capability this build serves. */
export type ServedCapability = {
  [K in Capability]: Table[K]["served"] extends true ? K : never;
}[Capability];

/** Added to the welcome only by a Broker started in personal access mode. */
export const personalModeCapability = "broker.personal-mode.v1";

function names(where: (name: Capability, spec: CapabilitySpec) => boolean): Capability[] {
  return (Object.entries(capabilityTable) as [Capability, CapabilitySpec][])
    .filter(([name, spec]) => where(name, spec))
    .map(([name]) => name);
}

/** Whether `name` is a capability this build serves; unknown names are not. */
export function isServed(name: string): boolean {
  return Object.hasOwn(capabilityTable, name) && capabilityTable[name as Capability].served;
}

/** Every capability name in the table, served or not. */
export const capabilityCatalog: readonly Capability[] = names(() => true);

/**
 * What the runtime offers every client, in the spec's welcome order: the
 * served runtime capabilities except personal mode, which only a Broker in
 * personal mode adds.
 */
export const runtimeCapabilities: readonly Capability[] = names((name, spec) =>
  spec.side === "runtime" && spec.served && name !== personalModeCapability
);

/** Every capability a Broker may put in a welcome. */
export const brokerCapabilities: readonly Capability[] = [
  ...runtimeCapabilities,
  personalModeCapability,
];

/**
 * What a provider (the extension) advertises, and what the Broker requires
 * of one, all of it: a provider that lacks any, such as an old one without
 * fencing or bounded AX reads, never registers.
 */
export const providerCapabilities: readonly Capability[] = names((_, spec) =>
  spec.side === "provider" && spec.served
);

/**
 * What a current client requires: every runtime capability offered, except
 * the provider-facing names, which only a provider requires.
 */
export const clientRequiredCapabilities: readonly Capability[] = runtimeCapabilities.filter(
  (name) => !name.startsWith("provider."),
);

/** What the provider requires of the Broker. */
export const providerRequiredCapabilities = [
  "runtime.v1",
  "provider.ax-read.v1",
  "provider.ax-find.v1",
] as const satisfies readonly ServedCapability[];
