/**
 * Helpers for the console and network end-to-end tests: the debugging
 * fixture app opened with frames of two other origins (one on another
 * host, one on another port of the same host), and its buttons clicked
 * through the agent's own tools.
 *
 * @module
 */
import {
  ConsoleLogSchema,
  NetworkLogSchema,
  NetworkRequestSchema,
} from "../../contracts/methods/mod.ts";
import type { ConsoleLog, NetworkLog, NetworkRequest } from "../../contracts/methods/mod.ts";
import { type FixtureServer, serveFixtures } from "../support/serve.ts";
import { type Agent, refOf, textOf } from "./_mcp.ts";
import type { OpenedTab } from "./harness.ts";
import { until } from "./harness.ts";

/** The debugging app open in a new tab, framing two pages of other origins. */
export async function openDebugApp(
  agent: Agent,
): Promise<{ opened: OpenedTab; other: FixtureServer }> {
  const other = await serveFixtures();
  const frames = [
    agent.world.fixtures.otherOriginUrl("debug_frame.html"),
    other.url("debug_frame.html"),
  ].join(",");
  const opened = await agent.world.openTab(
    agent.world.fixtures.url(`debug_app.html?frames=${encodeURIComponent(frames)}`),
  );
  return { opened, other };
}

/** Click the app's button `name`, then wait for its status line to say `done`. */
export async function press(agent: Agent, leaseId: string, name: string, done: string) {
  const seen = await agent.observe({ leaseId });
  await agent.act({
    leaseId,
    documentEpoch: seen.documentEpoch,
    action: { kind: "click", ref: refOf(seen, "button", name) },
  });
  await until(`the status "${done}"`, async () => {
    const now = await agent.observe({ leaseId, query: done });
    return now.nodes.some((node) => node.name === done) ? true : undefined;
  }, { timeoutMs: 60_000 });
}

/** A tool's structured content without the text the server adds to it. */
function wire(result: { structuredContent?: Record<string, unknown> }): Record<string, unknown> {
  const { text: _, ...rest } = result.structuredContent ?? {};
  return rest;
}

/** `browser_console`, its result validated. */
export async function readConsole(
  agent: Agent,
  args: Record<string, unknown>,
): Promise<ConsoleLog & { shown: string }> {
  const result = await agent.call("browser_console", { ...args, nodes: true });
  return { ...ConsoleLogSchema.parse(wire(result)), shown: textOf(result) };
}

/** `browser_network`, its result validated. */
export async function readNetwork(
  agent: Agent,
  args: Record<string, unknown>,
): Promise<NetworkLog & { shown: string }> {
  const result = await agent.call("browser_network", { ...args, nodes: true });
  return { ...NetworkLogSchema.parse(wire(result)), shown: textOf(result) };
}

/** `browser_network_request`, its result validated. */
export async function readRequest(
  agent: Agent,
  args: Record<string, unknown>,
): Promise<NetworkRequest & { shown: string }> {
  const result = await agent.call("browser_network_request", { ...args, nodes: true });
  return { ...NetworkRequestSchema.parse(wire(result)), shown: textOf(result) };
}

/** Every secret the app and the server put anywhere: none may reach the agent. */
export const secrets = [
  "s3cr3t",
  "auth-header",
  "form-password",
  "console-key",
  "query-token",
  "json-token",
];
