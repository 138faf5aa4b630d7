/**
 * `@playwright/mcp` as the agent drives it: `browser_navigate`, its default
 * `browser_snapshot`, and one ordinary tool per intent with the snapshot ref;
 * files to upload are written under its working directory, `cwd`, the only
 * place it takes them from.
 *
 * @module
 */
import type { StdioSession } from "../../../scripts/bench/agents/mcp_stdio.ts";
import { type ActOptions, type Adapter, type Observed, stageUpload } from "../agent.ts";
import { playwrightRows } from "../rows.ts";
import type { Intent, Step, Target } from "../tasks.ts";

type Call = { name: string; args: Record<string, unknown> };

/**
 * Each intent as `@playwright/mcp` calls. `browser_type` fills at once
 * unless `slowly`; typing over a field's text clears it with an empty
 * `browser_type` first, as the tool has no clear-then-type.
 */
const calls: Record<
  Intent,
  (step: Step, target: string | undefined, options: ActOptions & { cwd: string }) => Call[]
> = {
  click: (step, target) => [{ name: "browser_click", args: { element: label(step), target } }],
  fill: (step, target) => [{
    name: "browser_type",
    args: { element: label(step), target, text: textOf(step) },
  }],
  type: (step, target) => [
    ...(step.intent === "type" && step.clear === true
      ? [{ name: "browser_type", args: { element: label(step), target, text: "" } }]
      : []),
    {
      name: "browser_type",
      args: { element: label(step), target, text: textOf(step), slowly: true },
    },
  ],
  select: (step, target) => [{
    name: "browser_select_option",
    args: { element: label(step), target, values: [step.intent === "select" ? step.option : ""] },
  }],
  check: (step, target) => [{ name: "browser_click", args: { element: label(step), target } }],
  hover: (step, target) => [{ name: "browser_hover", args: { element: label(step), target } }],
  // `browser_press_key` goes to the focused element: a key for another one follows a click on it.
  press: (step, target, { focused }) => [
    ...(target !== undefined && !focused
      ? [{ name: "browser_click", args: { element: label(step), target } }]
      : []),
    { name: "browser_press_key", args: { key: step.intent === "press" ? step.key : "" } },
  ],
  // The click opens the page's file chooser, which `browser_file_upload` answers.
  upload: (step, target, { cwd }) => [
    { name: "browser_click", args: { element: label(step), target } },
    {
      name: "browser_file_upload",
      args: { paths: step.intent === "upload" ? [stageUpload(cwd, step.file)] : [] },
    },
  ],
  drag: (step, target, { to }) => [{
    name: "browser_drag",
    args: {
      startElement: label(step),
      startTarget: target,
      endElement: step.intent === "drag" ? named(step.to) : "",
      endTarget: to,
    },
  }],
};

function label(step: Step): string {
  return step.target === undefined ? "the page" : named(step.target);
}

/** The element as the tools' `element` describes it: `button Save`. */
function named(target: Target): string {
  return `${target.role} ${target.name}`;
}

function textOf(step: Step): string {
  return step.intent === "fill" || step.intent === "type" ? step.text : "";
}

/** The adapter on a connected (and counted) `@playwright/mcp` session. */
export function playwrightAdapter(label: string, session: StdioSession, cwd: string): Adapter {
  return {
    label,
    async open(url) {
      await session.call("browser_navigate", { url }, 60_000);
    },
    async observe(): Promise<Observed> {
      const reply = await session.call("browser_snapshot", {});
      return { rows: playwrightRows(reply.text), partial: false };
    },
    async act(step, ref, options) {
      for (const { name, args } of calls[step.intent](step, ref, { ...options, cwd })) {
        await session.call(name, args);
      }
    },
    async leave() {},
    async close() {
      await session.call("browser_close", {}, 10_000).catch(() => {});
      await session.close();
    },
  };
}
