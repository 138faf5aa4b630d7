/**
 * The demo's agent: a stock MCP client (the SDK's `Client` over stdio) that
 * spawns the real MCP server on a runtime dir exactly as `deno task mcp`
 * runs it, and calls tools with each call printed as a step. Results are
 * validated against the method table's schemas, never cast.
 *
 * @module
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { z } from "zod";
import { mcpRunArgs } from "../../broker/mcp/launch.ts";
import type { StepPrinter } from "./print.ts";

const repoRoot = new URL("../../", import.meta.url).pathname;

/** The parts of a tool result the demo reads. */
const ToolResultSchema = z.object({
  content: z.array(z.looseObject({ type: z.string() })),
  structuredContent: z.unknown().optional(),
  isError: z.boolean().optional(),
});
const ToolListSchema = z.object({ tools: z.array(z.object({ name: z.string() })) });
const TextBlockSchema = z.object({ type: z.literal("text"), text: z.string() });
const ImageBlockSchema = z.object({
  type: z.literal("image"),
  data: z.string(),
  mimeType: z.string(),
});

/** A tool result: its first text block, structured content and images. */
export interface ToolAnswer {
  text: string;
  structured: unknown;
  images: { data: string; mimeType: string }[];
}

/** A tool call that came back as a tool error. */
export class ToolFailed extends Error {
  constructor(tool: string, text: string) {
    super(`Cannot run ${tool}: ${text}`);
    this.name = "ToolFailed";
  }
}

/** A connected agent. */
export class DemoAgent {
  readonly #client: Client;
  readonly #printer: StepPrinter;
  readonly #stderr: () => string;

  private constructor(client: Client, printer: StepPrinter, stderr: () => string) {
    this.#client = client;
    this.#printer = printer;
    this.#stderr = stderr;
  }

  /** Spawn the MCP server on `runtimeDir` and connect to it as `clientName`. */
  static async connect(
    runtimeDir: string,
    printer: StepPrinter,
    clientName = "demo-agent",
  ): Promise<DemoAgent> {
    const transport = new StdioClientTransport({
      command: Deno.execPath(),
      args: mcpRunArgs(runtimeDir),
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
    transport.stderr?.on("data", (chunk: Uint8Array) => {
      stderr = (stderr + decoder.decode(chunk)).slice(-8_192);
    });
    const client = new Client({ name: clientName, version: "1.0.0" });
    await client.connect(transport);
    return new DemoAgent(client, printer, () => stderr);
  }

  /** The tools the server offers, by name. */
  async toolNames(): Promise<string[]> {
    const { tools } = ToolListSchema.parse(await this.#client.listTools());
    return tools.map((tool) => tool.name);
  }

  /**
   * Call `tool` with `args`, printing the step (`why` says what it is for)
   * and the first `lines` of the answer; a tool error throws {@linkcode ToolFailed}.
   */
  async call(
    tool: string,
    args: Record<string, unknown>,
    why: string,
    lines = 12,
  ): Promise<ToolAnswer> {
    this.#printer.call(tool, args, why);
    const raw = await this.#client.callTool({ name: tool, arguments: args });
    const result = ToolResultSchema.parse(raw);
    const texts = result.content.flatMap((block) => {
      const parsed = TextBlockSchema.safeParse(block);
      return parsed.success ? [parsed.data.text] : [];
    });
    const images = result.content.flatMap((block) => {
      const parsed = ImageBlockSchema.safeParse(block);
      return parsed.success ? [parsed.data] : [];
    });
    const text = texts[0] ?? "";
    this.#printer.result(text, lines);
    if (result.isError === true) throw new ToolFailed(tool, text);
    return { text, structured: result.structuredContent, images };
  }

  /** What the server wrote on stderr lately, for a failure report. */
  get serverStderr(): string {
    return this.#stderr();
  }

  /** Close the connection; the SDK ends the server process. */
  async close(): Promise<void> {
    await this.#client.close();
  }
}
