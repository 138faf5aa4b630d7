/**
 * One MCP server on stdio, reached with the SDK's stock `Client` the way an
 * agent host reaches it, with a deadline on every call and the server's
 * stderr kept for error messages.
 *
 * @module
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { z } from "zod";

/** How to start a server. */
export interface ServerCommand {
  command: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
}

/** What a tool call gave the agent. */
export interface ToolReply {
  /** Every text content block, joined by newlines: what the model reads. */
  text: string;
  /** The result's `structuredContent`, unvalidated. */
  structured: unknown;
}

/** A connected server. */
export interface StdioSession {
  /**
   * Call `name`; a tool error (`isError`) or no answer within `timeoutMs`
   * throws with the server's own text.
   */
  call(name: string, args: Record<string, unknown>, timeoutMs?: number): Promise<ToolReply>;
  /** The tail of what the server wrote on stderr. */
  stderr(): string;
  /** Close the client, which ends the server process. */
  close(): Promise<void>;
}

const stderrKept = 4_000;

/** The part of a tool result the benchmark reads; other blocks and fields pass through. */
const ReplySchema = z.object({
  content: z.array(z.looseObject({ type: z.string(), text: z.string().optional() })),
  structuredContent: z.unknown().optional(),
  isError: z.boolean().optional(),
});

/** Spawn `server` and connect a client to it within `timeoutMs`. */
export async function connectStdio(
  server: ServerCommand,
  timeoutMs = 20_000,
): Promise<StdioSession> {
  const transport = new StdioClientTransport({ ...server, stderr: "pipe" });
  let stderr = "";
  const decoder = new TextDecoder();
  transport.stderr?.on("data", (chunk: Uint8Array) => {
    stderr = (stderr + decoder.decode(chunk)).slice(-stderrKept);
  });
  const client = new Client({ name: "bench-agent", version: "1.0.0" });
  try {
    await client.connect(transport, { timeout: timeoutMs });
  } catch (error) {
    await client.close().catch(() => {});
    throw new Error(`Cannot connect to ${server.command}: ${error}\n${stderr}`, { cause: error });
  }
  return {
    async call(name, args, callTimeoutMs = 30_000) {
      const result = await client.callTool({ name, arguments: args }, undefined, {
        timeout: callTimeoutMs,
      });
      const parsed = ReplySchema.parse(result);
      const text = parsed.content.flatMap((block) =>
        block.type === "text" && block.text !== undefined ? [block.text] : []
      ).join("\n");
      if (parsed.isError === true) throw new Error(`Cannot run ${name}: ${text.slice(0, 500)}`);
      return { text, structured: parsed.structuredContent };
    },
    stderr: () => stderr,
    close: () => client.close(),
  };
}
