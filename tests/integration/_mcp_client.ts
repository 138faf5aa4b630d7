/**
 * A stock MCP client on the real MCP server: the SDK's `Client` over
 * `StdioClientTransport`, spawning `broker/mcp/main.ts` with exactly the
 * permission table's `mcp` flags for a runtime dir — as an agent host would
 * spawn `leash mcp`. End-to-end tests reuse it with a real browser.
 *
 * @module
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { mcpRunArgs } from "../../broker/mcp/launch.ts";

const repoRoot = new URL("../../", import.meta.url).pathname;

/** A connected MCP client and the server's stderr. */
export interface McpSession {
  client: Client;
  /** Everything the server wrote on stderr so far. */
  stderr(): string;
  /** Call a tool; the result is checked against the MCP result schema by the SDK. */
  call(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  [Symbol.asyncDispose](): Promise<void>;
}

/** The first text block of a tool result. */
export function textOf(result: CallToolResult): string {
  const first = result.content[0];
  if (first?.type !== "text") throw new Error("Cannot read the result: it has no text first");
  return first.text;
}

/** How to start the server when not as `broker/mcp/main.ts` with the `mcp` flags. */
export interface McpCommand {
  command: string;
  args: string[];
}

/**
 * Spawn the MCP server on `runtimeDir` (by default exactly as the permission
 * table runs it; `command` overrides, e.g. for the `deno task` launcher) and
 * connect a client to it.
 */
export async function connectMcp(runtimeDir: string, command?: McpCommand): Promise<McpSession> {
  const transport = new StdioClientTransport({
    command: command?.command ?? Deno.execPath(),
    args: command?.args ?? mcpRunArgs(runtimeDir),
    cwd: repoRoot,
    env: {
      PATH: Deno.env.get("PATH") ?? "",
      HOME: Deno.env.get("HOME") ?? "",
      ...(Deno.env.has("DENO_DIR") ? { DENO_DIR: Deno.env.get("DENO_DIR") ?? "" } : {}),
      NO_COLOR: "1",
    },
    stderr: "pipe",
  });
  let stderr = "";
  const decoder = new TextDecoder();
  transport.stderr?.on("data", (chunk: Uint8Array) => stderr += decoder.decode(chunk));
  const client = new Client({ name: "test-agent", version: "1.0.0" });
  await client.connect(transport);
  return {
    client,
    stderr: () => stderr,
    async call(name, args) {
      const result = await client.callTool({ name, arguments: args });
      if (!("content" in result) || !Array.isArray(result.content)) {
        throw new Error(`Cannot call ${name}: the result has no content`);
      }
      return { ...result, content: result.content };
    },
    async [Symbol.asyncDispose]() {
      await client.close();
    },
  };
}
