/**
 * Every agent tool, in the order a model should meet them, and what a
 * session must negotiate to serve them. A tool is listed only when the
 * method table says this build serves the Broker method it calls.
 *
 * @module
 */
import { clientMethods, isServedMethod } from "../../contracts/methods/mod.ts";
import type { Tool } from "./define.ts";
import { actTool } from "./tools/act.ts";
import { batchTool } from "./tools/batch.ts";
import { captureTool } from "./tools/capture.ts";
import { consoleTool } from "./tools/console.ts";
import { instancesTool, tabsTool } from "./tools/discovery.ts";
import { framesTool } from "./tools/frames.ts";
import { claimTool, releaseTool } from "./tools/lease.ts";
import { networkRequestTool, networkTool } from "./tools/network.ts";
import { observeTool } from "./tools/observe.ts";
import { closeTool, openTool } from "./tools/open.ts";
import { readPageTool } from "./tools/page.ts";
import { uploadTool } from "./tools/upload.ts";

/** Every tool this build defines, in the order an agent uses them. */
const defined: readonly Tool[] = [
  instancesTool,
  tabsTool,
  claimTool,
  openTool,
  observeTool,
  actTool,
  uploadTool,
  batchTool,
  readPageTool,
  framesTool,
  captureTool,
  consoleTool,
  networkTool,
  networkRequestTool,
  releaseTool,
  closeTool,
];

/** The tools this build serves, in the order an agent uses them. */
export const tools: readonly Tool[] = defined.filter((tool) =>
  isServedMethod(clientMethods[tool.method])
);

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
