/**
 * End-to-end tests through a stock MCP client: one world (real Chromium,
 * extension, Native Host, Broker) plus the SDK's `Client` over stdio
 * spawning the real MCP server on the world's runtime dir, and small typed
 * readers for tool results. Results are validated against the method
 * table's schemas, never cast.
 *
 * ```ts
 * await using agent = await startAgent({ accessMode: "personal" });
 * const { tab } = await agent.world.openTab(agent.world.fixtures.url("form.html"));
 * const leaseId = await agent.claim(tab);
 * const page = await agent.observe({ leaseId });
 * ```
 *
 * @module
 */
import { z } from "zod";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { ActResultSchema } from "../../contracts/methods/mod.ts";
import type { ActResult } from "../../contracts/methods/mod.ts";
import { ClaimResultSchema } from "../../broker/mcp/tools/lease.ts";
import {
  type Observation,
  ObservationSchema,
  type PageWindow,
  PageWindowSchema,
} from "../../contracts/methods/mod.ts";
import { connectMcp, type McpSession, textOf } from "../integration/_mcp_client.ts";
import { startWorld, type World, type WorldOptions } from "./harness.ts";

export { textOf } from "../integration/_mcp_client.ts";

/** A tool error's `structuredContent`. */
const ToolErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), note: z.string().optional() }),
});

/** A world and an MCP session on it. */
export interface Agent {
  readonly world: World;
  readonly mcp: McpSession;
  /** Call a tool; a tool error throws {@linkcode ToolError}. */
  call(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  /** Call a tool that must fail; returns its error code and text. */
  fail(name: string, args: Record<string, unknown>): Promise<ToolError>;
  /**
   * Claim `tab` through `browser_claim`; in restricted mode the person
   * allows it in the approval window. Returns the lease ID.
   */
  claim(tab: string, args?: Record<string, unknown>): Promise<string>;
  /** `browser_observe`, its observation validated. */
  observe(args: Record<string, unknown>): Promise<Observation & { shown: string }>;
  /** `browser_act`, its result validated. */
  act(args: Record<string, unknown>): Promise<ActResult & { shown: string }>;
  /** `browser_read_page`, its window validated. */
  readPage(args: Record<string, unknown>): Promise<PageWindow & { shown: string }>;
  [Symbol.asyncDispose](): Promise<void>;
}

/** A tool result with `isError: true`. */
export class ToolError extends Error {
  /** The wire code, e.g. `STALE_TARGET`. */
  readonly code: string;
  /** The whole text the agent sees. */
  readonly text: string;

  constructor(tool: string, code: string, text: string) {
    super(`Cannot run ${tool}: ${text}`);
    this.name = "ToolError";
    this.code = code;
    this.text = text;
  }
}

/** The tool error in `result`, or `undefined` when it succeeded. */
export function toolError(tool: string, result: CallToolResult): ToolError | undefined {
  if (result.isError !== true) return undefined;
  const parsed = ToolErrorSchema.safeParse(result.structuredContent);
  return new ToolError(tool, parsed.success ? parsed.data.error.code : "?", textOf(result));
}

/** Start a world and an MCP server plus client on it; dispose tears both down. */
export async function startAgent(options: WorldOptions = {}): Promise<Agent> {
  const world = await startWorld(options);
  let mcp: McpSession;
  try {
    mcp = await connectMcp(world.runtimeDir);
  } catch (error) {
    await world.dispose();
    throw error;
  }
  const call = async (name: string, args: Record<string, unknown>) => {
    const result = await mcp.call(name, args);
    const error = toolError(name, result);
    if (error !== undefined) throw error;
    return result;
  };
  const structured = async <T>(
    name: string,
    args: Record<string, unknown>,
    schema: z.ZodType<T>,
  ): Promise<T & { shown: string }> => {
    const result = await call(name, args);
    return { ...schema.parse(result.structuredContent), shown: textOf(result) };
  };
  return {
    world,
    mcp,
    call,
    async fail(name, args) {
      const result = await mcp.call(name, args);
      const error = toolError(name, result);
      if (error === undefined) throw new Error(`Cannot see ${name} fail: it succeeded`);
      return error;
    },
    async claim(tab, args = {}) {
      const claim = structured(
        "browser_claim",
        { instance: world.instance.id, tab, ...args },
        ClaimResultSchema,
      );
      if (world.accessMode === "restricted") {
        const settled = new AbortController();
        claim.then(() => {}, () => {}).finally(() => settled.abort());
        await world.person.approve({ signal: settled.signal });
      }
      return (await claim).leaseId;
    },
    // The whole wire result in structuredContent: these helpers check its rows.
    observe: (args) => structured("browser_observe", { ...args, nodes: true }, ObservationSchema),
    act: (args) => structured("browser_act", { ...args, nodes: true }, ActResultSchema),
    readPage: (args) => structured("browser_read_page", { ...args, nodes: true }, PageWindowSchema),
    async [Symbol.asyncDispose]() {
      try {
        await mcp[Symbol.asyncDispose]();
      } finally {
        await world.dispose();
      }
    },
  };
}

/** The ref of the one observed row with `role` and exactly `name`; throws when not exactly one. */
export function refOf(observation: Observation, role: string, name: string): string {
  const found = observation.nodes.filter((node) =>
    node.role === role && node.name === name && node.ref !== null
  );
  if (found.length !== 1 || found[0].ref === null) {
    throw new Error(`Cannot find ${role} "${name}": ${found.length} rows with a ref match`);
  }
  return found[0].ref;
}
