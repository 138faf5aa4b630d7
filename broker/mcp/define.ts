/**
 * The shape of one agent tool. Each tool is one `defineTool` value: its MCP
 * name, the Broker method it calls, a description written for the model, an
 * input schema derived from the method's params (without `sessionId`, which
 * the session fills in) and a handler. The MCP server, the CLI verbs and
 * the generated `docs/tools.md` all read these values.
 *
 * @module
 */
import { z } from "zod";
import { type ClientMethods, clientMethods } from "../../contracts/methods/mod.ts";
import { NotedError } from "./errors.ts";
import type { AgentSession } from "./session.ts";

/** What a tool handler gets besides its arguments. */
export interface ToolContext {
  session: AgentSession;
  /** Aborted when the caller cancels the tool call. */
  signal?: AbortSignal;
  /** Shown in the person's approval window when a claim names no client. */
  clientName?: string;
  /**
   * The name the MCP client program gave in `initialize`. A claim carries
   * it, so the window can show it beside a name the model chose.
   */
  mcpClientName?: string;
  /**
   * Ask the person a yes/no question through the MCP client (elicitation);
   * present only when the server was started to ask per batch step and the
   * client supports it. Resolves true only when they accepted.
   */
  askPerson?: (message: string) => Promise<boolean>;
}

/** What a tool returns: compact text for a model, structured data, maybe an image. */
export interface ToolOutput {
  text: string;
  structured: Record<string, unknown>;
  image?: { data: string; mimeType: string };
}

/** Hints an MCP client may use to decide how carefully to call a tool. */
export interface ToolHints {
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** A client method name. */
export type ClientMethod = keyof ClientMethods & string;

/** What `defineTool` takes. */
export interface ToolSpec<I extends z.ZodObject> {
  /** The MCP tool name, `browser_<verb>`. */
  name: `browser_${string}`;
  /** The Broker method the tool calls. */
  method: ClientMethod;
  /** Written for the model: what it does, how to use its inputs, what errors mean. */
  description: string;
  /** A strict object schema; unknown arguments are refused. */
  input: I;
  hints: ToolHints;
  handler(args: z.output<I>, context: ToolContext): Promise<ToolOutput>;
}

/** A defined tool, its input type erased so tools sit in one list. */
export interface Tool {
  name: string;
  /** The CLI verb: the name without `browser_`, `_` as `-`. */
  verb: string;
  method: ClientMethod;
  /** The method table's one-line title. */
  title: string;
  description: string;
  input: z.ZodObject;
  hints: ToolHints;
  /** Validate `args` against the input schema, then run the handler. */
  run(args: unknown, context: ToolContext): Promise<ToolOutput>;
}

/**
 * What every page tool says of its `leaseId`. It may be left out while the
 * session holds one live lease, the common case: the handle costs the
 * model some six tokens on every call and names nothing it could mix up.
 */
export const leaseIdNote =
  "The lease from browser_claim: its handle such as `L1`, or its `leaseId`; leave it out while you hold exactly one live lease.";

/** A call's ceiling when the Broker answers on its own schedule. */
export const callTimeoutMs = 60_000;

/** The CLI verb of an MCP tool name. */
export function verbOf(name: string): string {
  return name.replace(/^browser_/, "").replaceAll("_", "-");
}

/** Declare a tool. */
export function defineTool<I extends z.ZodObject>(spec: ToolSpec<I>): Tool {
  const onLease = "leaseId" in spec.input.shape;
  return {
    name: spec.name,
    verb: verbOf(spec.name),
    method: spec.method,
    title: clientMethods[spec.method].title,
    description: spec.description,
    // What callers see: `leaseId` optional, filled with the one live lease before the handler.
    input: onLease ? spec.input.partial({ leaseId: true } as never) : spec.input,
    hints: spec.hints,
    async run(args, context) {
      if (onLease) args = withSoleLease(args, context);
      const parsed = spec.input.safeParse(args);
      if (!parsed.success) {
        throw new NotedError("INVALID_PARAMS", z.prettifyError(parsed.error));
      }
      // A handle from an earlier text names the same thing as its wire ID.
      return await spec.handler(context.session.handles.wireArgs(parsed.data), context);
    },
  };
}

/** `args` with `leaseId` set to the session's one live lease when the caller left it out. */
function withSoleLease(args: unknown, context: ToolContext): unknown {
  if (typeof args !== "object" || args === null || Array.isArray(args)) return args;
  if ((args as Record<string, unknown>).leaseId !== undefined) return args;
  return { ...args, leaseId: context.session.leases.sole() };
}
