/**
 * Entry point of the MCP server until `leash mcp` is wired into
 * `broker/main.ts`: `deno run <permissionFlags("mcp")> broker/mcp/main.ts
 * [--runtime-dir D]`.
 *
 * @module
 */
import { runMcp } from "./stdio.ts";

if (import.meta.main) Deno.exit(await runMcp(Deno.args));
