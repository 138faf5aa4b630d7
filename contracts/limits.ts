/**
 * Every number the protocol fixes, in one table. Other modules read these
 * constants instead of repeating literals, so a budget changes in one place.
 *
 * @module
 */

/** Protocol budgets and caps. Sizes are bytes unless the name says otherwise. */
export const limits = {
  /** Largest frame payload the decoder accepts (the 4-byte prefix excluded). */
  maxFrameBytes: 1_048_575,
  /** Chrome refuses host→browser messages above 1 MiB; the host closes instead. */
  maxHostToBrowserBytes: 1_048_576,
  /** Largest serialized success response the extension may send. */
  maxExtensionResponseBytes: 900_000,
  /** Buffered output an RPC peer may hold before it refuses to send more. */
  maxBufferedOutputBytes: 2 * 1024 * 1024,
  /** Transport IDs a peer remembers per connection; reaching it closes. */
  rememberedIds: 10_000,
  /** RPC requests in flight per direction per connection. */
  maxInFlight: 32,
  /** Operations the extension runs at once before it closes the port. */
  maxExtensionOperations: 32,
  /** Time a peer has to complete the hello exchange. */
  handshakeMs: 3_000,
  /** Time the extension waits for the welcome. */
  welcomeTimeoutMs: 3_000,
  /**
   * Time the Native Host may take to start, on top of the welcome's: the
   * extension's clock starts at `connectNative`, before Chrome has even
   * started the host's process, while the Broker's hello window starts only
   * once the host reached the socket. Without it a slow start (a busy
   * machine, a cold launcher) made the extension give up on a welcome the
   * Broker had already sent, after the Broker had registered the provider,
   * so the browser vanished again right after it was listed.
   */
  hostStartMs: 7_000,

  /** Longest transport ID or action request ID, in Unicode code points. */
  maxIdCodePoints: 128,
  /** Longest method or event name, in characters (ASCII only). */
  maxNameLength: 128,
  /** Unique wire versions a hello may offer. */
  maxVersions: 8,
  /** Unique capability names a hello or welcome may list. */
  maxCapabilities: 64,
  /** Length of a client's journal key (hex). */
  journalKeyLength: 64,
  /** Length of the private IPC token (hex of 256 random bits). */
  tokenLength: 64,

  /** Broker admission: sockets, including unauthenticated peers. */
  maxSockets: 64,
  /** Broker admission: registered providers. */
  maxProviders: 16,
  /** Broker admission: live or reserved leases. */
  maxLeases: 64,
  /** Broker admission: claims waiting for a decision. */
  maxPendingClaims: 32,
  /**
   * Claims waiting on one provider. Each holds a request on the provider's
   * link, which carries at most `maxInFlight`; half stays free so calls for
   * leases already on that browser keep being served while the person decides.
   */
  maxPendingClaimsPerProvider: 16,
  /** Tabs one action result names as opened by the page (popups); more are left out. */
  maxOpenedTabs: 8,

  /** Completed action results kept for exact retries: entries. */
  resultCacheEntries: 128,
  /** Completed action results kept for exact retries: total bytes. */
  resultCacheBytes: 8 * 1024 * 1024,
  /** Completed action results kept for exact retries: age. */
  resultCacheMs: 120_000,

  /** Steps in one `browser.batch` plan. */
  minBatchSteps: 1,
  maxBatchSteps: 8,
  /** The deadline one `browser.batch` plan shares across its approvals and steps. */
  batchDeadlineMs: 300_000,
  /** How long the Broker waits for one `browser.approveBatchStep` answer. */
  batchApprovalMs: 120_000,
  /** Page text a caller may name (expectations, root names), in UTF-16 units. */
  maxTextUnits: 1_000,
  /** Candidates a find or text predicate verifies. */
  maxCandidates: 128,
} as const;

/** The name of one entry of {@linkcode limits}. */
export type LimitName = keyof typeof limits;
