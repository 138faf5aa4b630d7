/**
 * A verb run on its own: `leash instances`, `leash observe --instance I …`.
 * A lease ends when its connection closes, so a verb that needs one claims
 * the tab, does its work and releases it, all in this process.
 *
 * @module
 */
import { z } from "zod";
import { LeashError } from "../../contracts/errors.ts";
import { isRecord } from "../../contracts/json.ts";
import type { Observation } from "../../contracts/methods/mod.ts";
import { UsageError } from "../../local/cli_args.ts";
import type { BrokerLink } from "../mcp/connection.ts";
import { callTimeoutMs, type Tool, type ToolContext, type ToolOutput } from "../mcp/define.ts";
import { BrokerUnreachable, NotedError, toToolFailure } from "../mcp/errors.ts";
import { formatWindow, word } from "../mcp/format.ts";
import { requiredCapabilities } from "../mcp/registry.ts";
import { AgentSession, socketConnector } from "../mcp/session.ts";
import { claimTool, releaseTool } from "../mcp/tools/lease.ts";
import { currentFrame } from "../mcp/tools/observe.ts";
import { readPageInput } from "../mcp/tools/page.ts";
import { matchesQuery } from "../../contracts/page_text.ts";
import { parseFlags } from "./flags.ts";
import { printFailure, printOutput, saveImage, type VerbIo } from "./io.ts";
import { needsLease, oneShotPlan, shellOnly } from "./plans.ts";

/** The name a claim shows the person when the CLI makes it. */
export const cliClientName = "command-line client";

/** Windows `read-page --all` reads at most. */
const maxWindows = 100;

function pick(args: Record<string, unknown>, keys: Iterable<string>): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const key of keys) if (key in args) picked[key] = args[key];
  return picked;
}

/** The one row with a ref that `target` matches. */
export function resolveTarget(observation: Observation, target: string): string {
  const refs = observation.nodes
    .filter((node) => node.ref !== null && matchesQuery(node, target))
    .map((node) => node.ref ?? "");
  if (refs.length === 1) return refs[0];
  const listed = refs.slice(0, 8).map(word).join(", ");
  throw new NotedError(
    "INVALID_PARAMS",
    refs.length === 0
      ? `--target ${JSON.stringify(target)} matches no element that can be acted on.`
      : `--target ${JSON.stringify(target)} matches ${refs.length} elements (${listed}${
        refs.length > 8 ? ", …" : ""
      }): make it more specific.`,
  );
}

/** Print a capture's output, saving its image when asked. */
export async function printCapture(
  io: VerbIo,
  output: ToolOutput,
  json: boolean,
  out: string | undefined,
): Promise<void> {
  const image = output.image;
  if (image === undefined) return printOutput(io, output, json);
  if (out !== undefined) await saveImage(out, image.data);
  if (json) {
    io.out(JSON.stringify({
      ...output.structured,
      ...(out === undefined ? { data: image.data } : { path: out }),
    }));
    return;
  }
  io.out(
    `${output.text}\n${out === undefined ? "(pass --out FILE to save it)" : `saved to ${out}`}`,
  );
}

/**
 * Run one verb on its own; resolves with the exit code (0, 1 failed, 3 no
 * Broker). `connect` replaces the socket (tests).
 */
export async function runOneShot(
  tool: Tool,
  argv: readonly string[],
  io: VerbIo,
  connect?: () => Promise<BrokerLink>,
): Promise<number> {
  if (shellOnly(tool)) {
    throw new UsageError(
      `Cannot ${tool.verb} from a one-shot command: a lease ends with its connection, so this process holds none; use it inside leash shell`,
    );
  }
  const plan = oneShotPlan(tool);
  const { args, extras } = parseFlags([...plan.claim, ...plan.tool], plan.extras, argv);
  const json = extras.json === true;
  if (tool.verb === "capture" && args.fullPage === true && args.ref !== undefined) {
    // Refused before the claim: no lease is taken for a call that cannot succeed.
    throw new UsageError("Cannot capture: give --full-page or --ref, not both");
  }
  const runtimeDir = typeof extras["runtime-dir"] === "string" ? extras["runtime-dir"] : undefined;
  // Short handles would mean nothing to the next command: show wire IDs.
  const session = new AgentSession({
    connect: connect ?? socketConnector({ runtimeDir, requiredCapabilities }),
    shortHandles: false,
  });
  const context: ToolContext = { session, clientName: cliClientName };
  try {
    if (tool !== claimTool && !needsLease(tool)) {
      printOutput(io, await tool.run(args, context), json);
      return 0;
    }
    // The verb makes its own observation, so the claim's first look would be wasted.
    const claimArgs = tool === claimTool
      ? args
      : { ...pick(args, plan.claim.map((spec) => spec.key)), observe: false };
    const toolArgs = pick(args, plan.tool.map((spec) => spec.key));
    const claimed = await claimTool.run(claimArgs, context);
    const [lease] = session.leases.live();
    if (lease === undefined) throw new LeashError("INTERNAL");
    try {
      if (tool === claimTool) {
        printOutput(io, claimed, json);
        io.err("(released again as this command ends: use leash shell to keep a lease)");
      } else if (tool.verb === "act") {
        const prepared = await prepareAct(session, lease.leaseId, toolArgs, extras.target);
        printOutput(io, await tool.run(prepared, context), json);
      } else if (tool.verb === "read-page" && extras.all === true) {
        await readAll(session, lease.leaseId, toolArgs, io, json);
      } else {
        const fenced = tool.verb === "capture" && toolArgs.ref !== undefined &&
            toolArgs.documentEpoch === undefined
          ? { ...toolArgs, documentEpoch: await freshEpoch(session, lease.leaseId) }
          : toolArgs;
        const output = await tool.run({ ...fenced, leaseId: lease.leaseId }, context);
        if (tool.verb === "capture") {
          await printCapture(
            io,
            output,
            json,
            typeof extras.out === "string" ? extras.out : undefined,
          );
        } else {
          printOutput(io, output, json);
        }
      }
    } finally {
      await releaseTool.run({ leaseId: lease.leaseId }, context).catch(() => {});
    }
    return 0;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    printFailure(io, toToolFailure(error), json);
    return error instanceof BrokerUnreachable ? 3 : 1;
  } finally {
    session.close();
  }
}

/** The act arguments with the epoch of a fresh observation and, for `--target`, the ref. */
async function prepareAct(
  session: AgentSession,
  leaseId: string,
  args: Record<string, unknown>,
  target: string | boolean | undefined,
): Promise<Record<string, unknown>> {
  const query = typeof target === "string" ? target : undefined;
  const observation = await session.withLease(
    leaseId,
    1,
    (connection) =>
      connection.call(
        "browser.observe",
        {
          sessionId: session.sessionId,
          leaseId,
          ...(query === undefined ? { maxTokens: 100 } : { query }),
        },
      ),
  );
  let action = args.action;
  if (query !== undefined) {
    if (!isRecord(action)) throw new UsageError("Cannot read --action: it is not a JSON object");
    action = { ...action, ref: resolveTarget(observation, query) };
  }
  // A one-shot lease is new, so only this process's own observation has its epoch.
  return { ...args, action, leaseId, documentEpoch: observation.documentEpoch };
}

/**
 * The epoch of a fresh look at the lease's page, to fence a `--ref` given
 * without `--document-epoch`: a one-shot lease is new, so no earlier
 * observation in this process has one.
 */
async function freshEpoch(session: AgentSession, leaseId: string): Promise<string> {
  const observation = await session.withLease(
    leaseId,
    1,
    (connection) =>
      connection.call("browser.observe", { sessionId: session.sessionId, leaseId, maxTokens: 100 }),
  );
  return observation.documentEpoch;
}

/** Read windows until the document is complete, printing each as it comes. */
async function readAll(
  session: AgentSession,
  leaseId: string,
  args: Record<string, unknown>,
  io: VerbIo,
  json: boolean,
): Promise<void> {
  const parsed = readPageInput.safeParse({ ...args, leaseId });
  if (!parsed.success) throw new NotedError("INVALID_PARAMS", z.prettifyError(parsed.error));
  const { frame: named, rootRef } = parsed.data;
  // A frame named by its ID alone is read in its current document.
  const frame = typeof named === "string"
    ? await session.withLease(
      leaseId,
      1,
      (connection) =>
        currentFrame(connection, { sessionId: session.sessionId, leaseId }, named, {
          timeoutMs: callTimeoutMs,
        }),
    )
    : named;
  const options = {
    ...(frame === undefined ? {} : { frame }),
    ...(rootRef === undefined ? {} : { rootRef }),
  };
  let continuation = parsed.data.continuation;
  for (let read = 0; read < maxWindows; read++) {
    const window = await session.withLease(
      leaseId,
      1,
      (connection) =>
        connection.call("browser.readPage", {
          sessionId: session.sessionId,
          leaseId,
          options: { ...options, ...(continuation === undefined ? {} : { continuation }) },
        }),
    );
    io.out(json ? JSON.stringify(window) : formatWindow(window));
    if (window.continuation === null) return;
    continuation = window.continuation;
  }
  io.err(`(stopped after ${maxWindows} windows)`);
}
