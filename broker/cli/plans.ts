/**
 * Which flags each verb takes, derived from its tool. A lease ends when its
 * connection closes, so one-shot verbs that need a lease take the claim's
 * flags instead of `--lease-id` and claim, act and release in one process;
 * inside `leash shell` the same verbs take `--lease-id` (default: the one
 * live lease) like the MCP tools.
 *
 * @module
 */
import type { Tool } from "../mcp/define.ts";
import { claimTool, releaseTool } from "../mcp/tools/lease.ts";
import { closeTool } from "../mcp/tools/open.ts";
import { type ExtraFlag, type FlagSpec, flagSpecs } from "./flags.ts";

/** `--json`, which every verb takes. */
export const jsonFlag: Readonly<Record<string, ExtraFlag>> = {
  json: { type: "boolean", description: "Print the structured result as one JSON line." },
};

const runtimeDirFlag: Readonly<Record<string, ExtraFlag>> = {
  "runtime-dir": { type: "string", description: "The Broker's runtime dir." },
};

const outFlag: Readonly<Record<string, ExtraFlag>> = {
  out: { type: "string", description: "Write the image to this file." },
};

/** The flags of one verb in one mode. */
export interface VerbPlan {
  /** The claim's flags, for a one-shot verb that needs a lease. */
  claim: FlagSpec[];
  /** The tool's own flags. */
  tool: FlagSpec[];
  extras: Record<string, ExtraFlag>;
}

/** Whether `tool` works on a lease. */
export function needsLease(tool: Tool): boolean {
  return "leaseId" in tool.input.shape;
}

/** The flags of `tool`'s verb run on its own: `leash <verb> …`. */
export function oneShotPlan(tool: Tool): VerbPlan {
  const extras: Record<string, ExtraFlag> = { ...jsonFlag, ...runtimeDirFlag };
  if (tool === claimTool || !needsLease(tool)) {
    return { claim: [], tool: flagSpecs(tool.input), extras };
  }
  let specs = flagSpecs(tool.input, ["leaseId"]);
  if (tool.verb === "act") {
    // The epoch comes from an observation this process makes; refs may come from --target.
    specs = specs.map((spec) => spec.key === "documentEpoch" ? { ...spec, required: false } : spec);
    extras.target = {
      type: "string",
      description:
        "Act on the one element with a ref whose name or value contains this text (or whose role equals it); fills the action's ref.",
    };
  }
  if (tool.verb === "read-page") {
    extras.all = {
      type: "boolean",
      description: "Follow continuations until the document is complete (at most 100 windows).",
    };
  }
  if (tool.verb === "capture") Object.assign(extras, outFlag);
  return { claim: flagSpecs(claimTool.input, ["observe"]), tool: specs, extras };
}

/** The flags of `tool`'s verb inside `leash shell`. */
export function shellPlan(tool: Tool): VerbPlan {
  const optional = new Set(["leaseId", ...(tool.verb === "act" ? ["documentEpoch"] : [])]);
  const specs = flagSpecs(tool.input).map((spec) =>
    optional.has(spec.key) ? { ...spec, required: false } : spec
  );
  const extras: Record<string, ExtraFlag> = { ...jsonFlag };
  if (tool.verb === "capture") Object.assign(extras, outFlag);
  return { claim: [], tool: specs, extras };
}

/** Whether the one-shot verb of `tool` cannot do anything useful. */
export function shellOnly(tool: Tool): boolean {
  return tool === releaseTool || tool === closeTool;
}
