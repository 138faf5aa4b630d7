/**
 * Every agent tool, in the order a model should meet them, and what a
 * session must negotiate to serve them.
 *
 * `browser_frames` and `browser_batch` are not here: this Broker answers
 * `browser.frames` and `browser.batch` with `UNSUPPORTED`, and a batch also
 * needs the person's per-step approval wired through the client. They join
 * this list when their Broker methods are served.
 *
 * @module
 */
import { clientMethods } from "../../contracts/methods/mod.ts";
import type { Tool } from "./define.ts";
import { actTool } from "./tools/act.ts";
import { captureTool } from "./tools/capture.ts";
import { instancesTool, tabsTool } from "./tools/discovery.ts";
import { claimTool, releaseTool } from "./tools/lease.ts";
import { observeTool } from "./tools/observe.ts";
import { readPageTool } from "./tools/page.ts";

/** The tools, in the order an agent uses them. */
export const tools: readonly Tool[] = [
  instancesTool,
  tabsTool,
  claimTool,
  observeTool,
  actTool,
  readPageTool,
  captureTool,
  releaseTool,
];

/** The tool named `name`. */
export function toolNamed(name: string): Tool | undefined {
  return tools.find((tool) => tool.name === name);
}

/** The tool behind CLI verb `verb`. */
export function toolForVerb(verb: string): Tool | undefined {
  return tools.find((tool) => tool.verb === verb);
}

/**
 * Capabilities a session requires in its hello: those of every method the
 * tools call (capture also calls `browser.validateLease`), so a Broker that
 * lacks one is refused at the hello instead of half-working.
 */
export const requiredCapabilities: readonly string[] = [
  ...new Set(
    [...tools.map((tool) => tool.method), "browser.validateLease" as const]
      .map((method) => clientMethods[method].capability)
      .filter((capability) => capability !== null),
  ),
];
