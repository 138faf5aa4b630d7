/**
 * The capability catalog: every name the protocol defines, by who offers it.
 *
 * @module
 */

/**
 * Capabilities the Broker's runtime offers to clients, in the order the
 * spec's welcome lists them.
 */
export const runtimeCapabilities = [
  "runtime.v1",
  "runtime.personal-tab-scope.v1",
  "observe.query.v1",
  "journal.recovery.v1",
  "provider.ax-read.v1",
  "provider.ax-find.v1",
  "runtime.check.v1",
  "runtime.wheel.v1",
  "runtime.radio.v1",
  "runtime.capture-publication.v1",
  "runtime.contenteditable-fill.v1",
  "runtime.append.v1",
  "runtime.element-state.v1",
  "runtime.batch.v1",
  "runtime.page.v1",
  "runtime.frames.v1",
  "observe.frame.v1",
  "runtime.frame-click.v1",
  "observe.frame-query.v1",
  "observe.frame-subtree.v1",
  "observe.frame-page.v1",
] as const;

/** Added to the welcome only by a Broker started in personal access mode. */
export const personalModeCapability = "broker.personal-mode.v1";

/** Every capability a Broker may put in a welcome. */
export const brokerCapabilities = [...runtimeCapabilities, personalModeCapability] as const;

/**
 * Capabilities a provider (the extension) must advertise, all of them: the
 * Broker refuses a provider that lacks any, so an old provider without
 * fencing or bounded AX reads never registers.
 */
export const providerCapabilities = [
  "lease.fencing.v1",
  "lease.tab-scope.v1",
  "ax.read.v1",
  "ax.find.v1",
  "input.named-keys.v1",
  "scroll.dom.v1",
  "ax.checked-state.v1",
  "input.wheel.v1",
  "input.radio.v1",
  "ax.editable-state.v1",
  "ax.page.v1",
  "frame.sessions.v1",
  "ax.frame.v1",
  "input.frame-click.v1",
  "ax.frame-find.v1",
  "ax.frame-subtree.v1",
  "ax.frame-page.v1",
  "ax.frame-text.v1",
] as const;

/** A capability that describes the provider behind the Broker rather than the runtime. */
type ProviderFacing = Extract<RuntimeCapability, `provider.${string}`>;

/**
 * What a current client requires, as the spec's client hello lists it: the
 * whole runtime set except the provider-facing names, which only a provider
 * requires.
 */
export const clientRequiredCapabilities: readonly Exclude<RuntimeCapability, ProviderFacing>[] =
  runtimeCapabilities.filter(
    (name): name is Exclude<RuntimeCapability, ProviderFacing> => !name.startsWith("provider."),
  );

/** What the provider requires of the Broker. */
export const providerRequiredCapabilities = [
  "runtime.v1",
  "provider.ax-read.v1",
  "provider.ax-find.v1",
] as const satisfies readonly RuntimeCapability[];

export type RuntimeCapability = typeof runtimeCapabilities[number];
export type BrokerCapability = typeof brokerCapabilities[number];
export type ProviderCapability = typeof providerCapabilities[number];
/** Any capability the catalog names. */
export type Capability = BrokerCapability | ProviderCapability;

/** Every capability name in the catalog. */
export const capabilityCatalog: readonly Capability[] = [
  ...brokerCapabilities,
  ...providerCapabilities,
];
