/**
 * Lease tools: claim a tab, release a lease (`open.ts` has the tools for
 * tabs Leash opens).
 *
 * @module
 */
import { z } from "zod";
import { clientNameProblem } from "../../../contracts/display_text.ts";
import { toErrorCode } from "../../../contracts/errors.ts";
import { DocumentEpochSchema, type Lease, LeaseSchema } from "../../../contracts/methods/common.ts";
import {
  CursorSchema,
  type Observation,
  TruncationSchema,
} from "../../../contracts/methods/observe.ts";
import { clientMethods } from "../../../contracts/methods/mod.ts";
import { claimTimeoutMs } from "../../client/client.ts";
import {
  callTimeoutMs,
  defineTool,
  leaseIdNote,
  type ToolContext,
  type ToolOutput,
} from "../define.ts";
import type { Connection } from "../connection.ts";
import { NotedError } from "../errors.ts";
import { formatLease, formatRelease } from "../format.ts";
import { leaseEndNote } from "../leases.ts";
import type { AgentSession } from "../session.ts";

const claimParams = clientMethods["browser.claim"].params;

/**
 * What `browser_claim` puts in `structuredContent`: the lease as granted,
 * and after a first look its epoch, cursor and truncation, enough to act
 * or ask for changes at once (the node list stays with browser_observe).
 */
export const ClaimResultSchema = LeaseSchema.extend({
  /** The result's text, which `structuredContent` repeats over MCP (`structured.ts`). */
  text: z.string().optional(),
  documentEpoch: DocumentEpochSchema.optional(),
  cursor: CursorSchema.optional(),
  truncated: TruncationSchema.nullable().optional(),
});
const releaseParams = clientMethods["browser.release"].params;

/** `browser_claim` → `browser.claim`, then `browser.observe` for the first look. */
export const claimTool = defineTool({
  name: "browser_claim",
  method: "browser.claim",
  description: [
    "Ask for a lease on one tab; every page tool (observe, act, read_page, capture, release) works on it: while it is your only live lease they need no `leaseId`, else pass its short handle such as `L1` shown in the text (or the full ID).",
    "In restricted mode (the default) the person approves the claim in a window in their browser and the lease covers exactly the tab's current origin; this call waits for their answer, unless the person allowed you on that origin for a while earlier (then it is granted at once).",
    '`scope: "tab"` covers the whole tab and needs the Broker\'s personal mode.',
    "Omit `instance` when exactly one browser is connected, and `tab` to claim the instance's active tab. `reason` is shown to the person: say what you will do.",
    "Unless `observe` is false, the answer also carries the claimed tab's first observation (as browser_observe returns it, its `epoch` and `cursor` structured), so you can go straight to browser_act.",
    "The window shows `clientName` as what you say you are, beside this MCP client's own name when they differ; a name that passes for Leash itself is refused with INVALID_PARAMS.",
    "A lease ends when you release it, when the person presses Stop, when the tab leaves the leased origin, and when this server's connection to the Broker is lost or renewed (leases never survive reconnection); then claim again.",
    "Errors: CLAIM_DENIED — the person said no, ask them before trying again; CLAIM_TIMEOUT — nobody answered, ask the person to watch for the approval window; TAB_LEASED — another session holds the tab; TAB_NOT_FOUND — list tabs again; INVALID_PARAMS without `instance` — no browser or more than one is connected, call browser_instances.",
  ].join(" "),
  input: claimParams.omit({ sessionId: true, mcpClientName: true }).extend({
    instance: claimParams.shape.instance.optional().describe(
      "An instance from browser_instances (its handle such as `b1`, or its `id`); the only connected one when omitted.",
    ),
    tab: claimParams.shape.tab.describe(
      "A tab from browser_tabs (its handle such as `t3`, or its `tab` id); the instance's active tab when omitted.",
    ),
    scope: claimParams.shape.scope.describe(
      '"origin" (default in restricted mode): the tab\'s current origin only. "tab": the whole tab, personal mode only.',
    ),
    clientName: claimParams.shape.clientName.describe(
      "Your name as the approval window shows it; this MCP client's name when omitted.",
    ),
    reason: claimParams.shape.reason.describe(
      "One sentence for the person: what you need the tab for.",
    ),
    observe: z.boolean().optional().describe(
      "Return the claimed tab's first observation with the lease (default true); false returns the lease alone.",
    ),
    capture: captureInput(claimParams.shape.capture),
  }),
  hints: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
  handler(args, context) {
    const { observe: _, ...claim } = args;
    return grantedLease(
      args,
      context,
      (connection, asked, options) =>
        connection.call("browser.claim", { ...claim, ...asked }, options),
    );
  },
});

/**
 * A granted lease as a tool's answer: its line (with `note` after it),
 * then, unless `observe` is false, the tab's first observation with its
 * epoch, cursor and truncation structured. The lease stands whatever the
 * look does: a failed one is reported by its code beside the lease.
 */
/**
 * The `capture` input of `browser_claim` and `browser_open`. On by default:
 * an agent reads the console after the action that failed, and capture that
 * started only at that read would have missed it.
 */
export function captureInput<T extends z.ZodType>(schema: T): T {
  return schema.describe(
    "Keep the tab's console messages, page errors and network requests from the grant on, for browser_console and browser_network (default true). false starts them at your first read of either, for a page that must not see DevTools' Runtime domain turned on.",
  );
}

/** Who asks for a lease, filled in for `browser.claim` and `browser.open` alike. */
export interface LeaseAsker {
  instance: string;
  capture: boolean;
  clientName?: string;
  mcpClientName?: string;
  sessionId: string;
}

/**
 * Ask for a lease as `browser_claim` and `browser_open` do: the client's
 * names checked, the sole instance when none is named, the grant booked on
 * the connection that won it, then the lease with its first look.
 */
export async function grantedLease(
  args: { observe?: boolean; instance?: string; clientName?: string; capture?: boolean },
  { session, signal, clientName, mcpClientName }: ToolContext,
  ask: (
    connection: Connection,
    asker: LeaseAsker,
    options: { signal?: AbortSignal; timeoutMs: number },
  ) => Promise<Lease>,
  note?: string,
): Promise<ToolOutput> {
  const name = args.clientName ?? clientName;
  checkNames(name, mcpClientName);
  const instance = args.instance ?? await onlyInstance(session, signal);
  const lease = await session.withConnection(1, async (connection) => {
    const granted = await ask(connection, {
      instance,
      capture: args.capture ?? true,
      ...(name === undefined ? {} : { clientName: name }),
      ...(mcpClientName === undefined ? {} : { mcpClientName }),
      sessionId: session.sessionId,
    }, { signal, timeoutMs: claimTimeoutMs });
    session.leases.granted(granted, connection.generation);
    return granted;
  });
  return await leaseOutput(session, lease, { observe: args.observe ?? true, signal, note });
}

export async function leaseOutput(
  session: AgentSession,
  lease: Lease,
  { observe, signal, note }: { observe: boolean; signal?: AbortSignal; note?: string },
): Promise<ToolOutput> {
  const line = (url?: string) =>
    `${formatLease(lease, session.handles, url)}${note === undefined ? "" : ` ${note}`}`;
  if (!observe) return { text: line(), structured: lease };
  const look = await firstLook(session, lease.leaseId, signal);
  if ("failed" in look) {
    return {
      text: `${line()}\n(no first observation: ${look.failed}; observe to see the page)`,
      structured: lease,
    };
  }
  return {
    text: `${line(look.url)}\n${look.text}`,
    structured: {
      ...lease,
      documentEpoch: look.documentEpoch,
      cursor: look.cursor,
      truncated: look.truncated,
    },
  };
}

/**
 * The one connected instance, for a claim that names none; with none or
 * several connected, a note that says which call tells them apart.
 */
async function onlyInstance(session: AgentSession, signal?: AbortSignal): Promise<string> {
  const instances = await session.withReadConnection(
    1,
    (connection) => connection.call("browser.instances", {}, { signal, timeoutMs: callTimeoutMs }),
  );
  if (instances.length === 1) return instances[0].id;
  throw new NotedError(
    "INVALID_PARAMS",
    instances.length === 0
      ? "No browser instance is connected, so there is none to claim a tab in: ask the person to open their browser with the Leash extension, then call browser_instances."
      : `${instances.length} browser instances are connected: pass \`instance\` (call browser_instances to see them).`,
  );
}

/**
 * The claimed tab's first observation. The lease stands whatever happens
 * here, so a failed look is reported by its stable code beside the lease,
 * never in its place.
 */
async function firstLook(
  session: AgentSession,
  leaseId: string,
  signal?: AbortSignal,
): Promise<Observation | { failed: string }> {
  try {
    const observation = await session.withLease(
      leaseId,
      1,
      (connection) =>
        connection.call("browser.observe", { sessionId: session.sessionId, leaseId }, {
          signal,
          timeoutMs: callTimeoutMs,
        }),
    );
    session.leases.noteObservation(
      leaseId,
      observation.documentEpoch,
      observation.nodes,
      { scope: {}, cursor: observation.cursor },
    );
    return observation;
  } catch (error) {
    return { failed: toErrorCode(error) };
  }
}

/**
 * Refuse, as the Broker would, a claim whose names cannot be shown to the
 * person, with a note on whose name it is: the model's to change, or the
 * MCP client program's (which the model cannot change).
 */
function checkNames(chosen: string | undefined, reported: string | undefined): void {
  if (reported !== undefined && clientNameProblem(reported) !== undefined) {
    throw new NotedError(
      "INVALID_PARAMS",
      "This MCP client reports a name that passes for Leash itself or shows nothing, and Leash refuses to show it to the person: rename the client in its own settings.",
    );
  }
  if (chosen !== undefined && clientNameProblem(chosen) !== undefined) {
    throw new NotedError(
      "INVALID_PARAMS",
      "clientName passes for Leash itself or shows nothing; give your own name, or omit it.",
    );
  }
}

/** `browser_release` → `browser.release`. */
export const releaseTool = defineTool({
  name: "browser_release",
  method: "browser.release",
  description: [
    "End one of your leases as soon as you are done with the tab, so the person gets it back.",
    "`closeTab: true` also closes the tab when Leash opened it for you (browser_open); a tab the person or a page opened stays open, and the text says so.",
    "Releasing a lease that already ended is harmless and says so.",
  ].join(" "),
  input: releaseParams.omit({ sessionId: true }).extend({
    leaseId: releaseParams.shape.leaseId.describe(leaseIdNote),
    closeTab: releaseParams.shape.closeTab.describe(
      "Also close the tab, when Leash opened it with browser_open (default false).",
    ),
  }),
  hints: {
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
  handler: ({ leaseId, closeTab }, { session, signal }) =>
    release(session, { leaseId, closeTab: closeTab === true }, signal),
});

/**
 * End `leaseId` through `browser.release`, closing its tab too when
 * `closeTab` and Leash opened it; the text says what happened to the tab.
 */
export async function release(
  session: AgentSession,
  { leaseId, closeTab }: { leaseId: string; closeTab: boolean },
  signal?: AbortSignal,
): Promise<ToolOutput> {
  const handle = session.handles.of("lease", leaseId);
  const ended = session.leases.get(leaseId)?.ended;
  if (ended !== undefined) {
    const tab = closeTab ? "\nIts tab was not closed: a lease that ended closes nothing." : "";
    return {
      text: `${formatRelease(handle, false)}\n${leaseEndNote(ended)}${tab}`,
      structured: { leaseId, released: false, ...(closeTab ? { closed: false } : {}) },
    };
  }
  const answer = await session.withLease(
    leaseId,
    1,
    (connection) =>
      connection.call("browser.release", {
        sessionId: session.sessionId,
        leaseId,
        ...(closeTab ? { closeTab } : {}),
      }, { signal, timeoutMs: callTimeoutMs }),
  );
  session.leases.end(leaseId, "released");
  return {
    text: formatRelease(handle, answer.released, answer.closed),
    structured: { leaseId, ...answer },
  };
}
