/**
 * `leash mcp`: the MCP server on stdio. Stdout carries only MCP messages;
 * log lines go to stderr. The Broker is reached lazily, on the first tool
 * call, so the server starts (and lists its tools) even before a Broker runs.
 *
 * @module
 */
import process from "node:process";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { parseStrict, UsageError } from "../../local/cli_args.ts";
import { JsonLogger } from "../../local/log.ts";
import { requiredCapabilities } from "./registry.ts";
import { createMcpServer } from "./server.ts";
import { AgentSession, socketConnector } from "./session.ts";

/** Usage of `leash mcp`. */
export const mcpUsage = "leash mcp [--runtime-dir D] [--ask-batch-steps]";

/**
 * Serve MCP on stdin/stdout until stdin ends or the client closes; resolves
 * with the exit code (0, or 2 on a usage error).
 */
export async function runMcp(argv: readonly string[]): Promise<number> {
  let runtimeDir: string | undefined;
  let askBatchSteps = false;
  try {
    const { values } = parseStrict(argv, {
      "runtime-dir": { type: "string" },
      "ask-batch-steps": { type: "boolean" },
    });
    runtimeDir = values["runtime-dir"];
    askBatchSteps = values["ask-batch-steps"] === true;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\nusage: ${mcpUsage}`);
    return 2;
  }
  const logger = new JsonLogger();
  const session = new AgentSession({
    connect: socketConnector({ runtimeDir, requiredCapabilities }),
  });
  const server = createMcpServer({
    session,
    askBatchSteps,
    onInternalError: (tool, error) =>
      logger.log("error", "tool-failed", {
        tool,
        error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      }),
  });
  const closed = Promise.withResolvers<void>();
  server.server.onclose = () => closed.resolve();
  // The SDK's stdio transport never notices the end of stdin; without this an
  // open Broker socket would keep the process alive after the client left.
  const onEnd = () => void server.close();
  process.stdin.on("end", onEnd);
  process.stdin.on("close", onEnd);
  await server.connect(new StdioServerTransport());
  await closed.promise;
  process.stdin.off("end", onEnd);
  process.stdin.off("close", onEnd);
  session.close();
  return 0;
}
