/**
 * A stock MCP client on the real MCP server (spawned with the permission
 * table's `mcp` flags), keeping everything the server wrote: every JSON-RPC
 * message on its stdout, from the first, and its stderr.
 *
 * @module
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { mcpRunArgs } from "../../broker/mcp/launch.ts";

/** A connected MCP client with all the server's output so far. */
export interface CapturedMcp {
  /** Call a tool; the SDK checks the result's shape. */
  call(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  /** Every message the server wrote on stdout, as JSON text. */
  stdout(): string;
  /** Everything the server wrote on stderr. */
  stderr(): string;
  [Symbol.asyncDispose](): Promise<void>;
}

/** Spawn the MCP server on `runtimeDir` and connect, recording its output from the start. */
export async function connectCapturedMcp(runtimeDir: string): Promise<CapturedMcp> {
  const transport = new StdioClientTransport({
    command: Deno.execPath(),
    args: mcpRunArgs(runtimeDir),
    cwd: new URL("../../", import.meta.url).pathname,
    env: {
      PATH: Deno.env.get("PATH") ?? "",
      HOME: Deno.env.get("HOME") ?? "",
      ...(Deno.env.has("DENO_DIR") ? { DENO_DIR: Deno.env.get("DENO_DIR") ?? "" } : {}),
      NO_COLOR: "1",
    },
    stderr: "pipe",
  });
  const messages: string[] = [];
  let stderr = "";
  const decoder = new TextDecoder();
  transport.stderr?.on("data", (chunk: Uint8Array) => stderr += decoder.decode(chunk));
  // The client installs its handler before it starts the transport: wrap whatever it sets,
  // so the very first message (the initialize result) is recorded too.
  let handler: StdioClientTransport["onmessage"];
  Object.defineProperty(transport, "onmessage", {
    configurable: true,
    get: () =>
      handler === undefined ? undefined : (...args: Parameters<NonNullable<typeof handler>>) => {
        messages.push(JSON.stringify(args[0]));
        handler?.(...args);
      },
    set: (value: StdioClientTransport["onmessage"]) => handler = value,
  });
  const client = new Client({ name: "reliability-agent", version: "1.0.0" });
  await client.connect(transport);
  return {
    async call(name, args) {
      const result = await client.callTool({ name, arguments: args });
      if (!("content" in result) || !Array.isArray(result.content)) {
        throw new Error(`Cannot call ${name}: the result has no content`);
      }
      return { ...result, content: result.content };
    },
    stdout: () => messages.join("\n"),
    stderr: () => stderr,
    async [Symbol.asyncDispose]() {
      await client.close();
    },
  };
}
