/**
 * The agent-facing surface over MCP: `runMcp` serves every tool on stdio;
 * the tool definitions, the agent session and the server builder are
 * exported for the CLI verbs, the docs generator and tests.
 *
 * @module
 */
export { mcpUsage, runMcp } from "./stdio.ts";
export {
  createMcpServer,
  type McpServerOptions,
  serverInfo,
  toCallToolResult,
  toErrorResult,
} from "./server.ts";
export {
  type ClientMethod,
  defineTool,
  type Tool,
  type ToolContext,
  type ToolHints,
  type ToolOutput,
  type ToolSpec,
  verbOf,
} from "./define.ts";
export { requiredCapabilities, toolForVerb, toolNamed, tools } from "./registry.ts";
export {
  AgentSession,
  type AgentSessionOptions,
  type ConnectorOptions,
  defaultIdBudget,
  type IdBudget,
  socketConnector,
} from "./session.ts";
export { type BrokerLink, Connection } from "./connection.ts";
export { type ClientLeaseEnd, LeaseBook, leaseEndNote, type LeaseEntry } from "./leases.ts";
export {
  BrokerUnreachable,
  failureText,
  NotedError,
  type ToolFailure,
  toToolFailure,
} from "./errors.ts";
export { mcpRunArgs } from "./launch.ts";
export { ClaimResultSchema } from "./tools/lease.ts";
