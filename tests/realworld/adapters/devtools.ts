/**
 * `chrome-devtools-mcp` as the agent drives it: `new_page` per task, its
 * default `take_snapshot`, and one ordinary tool per intent with the
 * snapshot uid; files to upload are written under its working directory, `cwd`.
 *
 * @module
 */
import type { StdioSession } from "../../../scripts/bench/agents/mcp_stdio.ts";
import { type ActOptions, type Adapter, type Observed, stageUpload } from "../agent.ts";
import { devtoolsRows } from "../rows.ts";
import type { Intent, Step } from "../tasks.ts";

type Call = { name: string; args: Record<string, unknown> };

/** Each intent as `chrome-devtools-mcp` calls; its `fill` types into text fields and picks options. */
const calls: Record<
  Intent,
  (step: Step, uid: string | undefined, options: ActOptions & { cwd: string }) => Call[]
> = {
  click: (_step, uid) => [{ name: "click", args: { uid } }],
  fill: (step, uid) => [{ name: "fill", args: { uid, value: textOf(step) } }],
  type: (step, uid) => [{ name: "fill", args: { uid, value: textOf(step) } }],
  select: (step, uid) => [{
    name: "fill",
    args: { uid, value: step.intent === "select" ? step.option : "" },
  }],
  check: (_step, uid) => [{ name: "click", args: { uid } }],
  hover: (_step, uid) => [{ name: "hover", args: { uid } }],
  // `press_key` goes to the focused element: a key for another one follows a click on it.
  press: (step, uid, { focused }) => [
    ...(uid !== undefined && !focused ? [{ name: "click", args: { uid } }] : []),
    { name: "press_key", args: { key: step.intent === "press" ? step.key : "" } },
  ],
  drag: (_step, uid, { to }) => [{ name: "drag", args: { from_uid: uid, to_uid: to } }],
  // `upload_file` takes a file input or an element that opens a file chooser.
  upload: (step, uid, { cwd }) => [{
    name: "upload_file",
    args: { uid, filePaths: step.intent === "upload" ? [stageUpload(cwd, step.file)] : [] },
  }],
};

function textOf(step: Step): string {
  return step.intent === "fill" || step.intent === "type" ? step.text : "";
}

/** The adapter on a connected (and counted) `chrome-devtools-mcp` session. */
export function devtoolsAdapter(label: string, session: StdioSession, cwd: string): Adapter {
  let pageId: number | undefined;
  const page = () => {
    if (pageId === undefined) throw new Error("Cannot use the page: it is not open");
    return pageId;
  };
  return {
    label,
    async open(url) {
      const reply = await session.call("new_page", { url }, 60_000);
      // The reply lists the pages, `N: title (url) [selected]` for the new one.
      const selected = /^(\d+):.*\[selected\]$/m.exec(reply.text)?.[1];
      if (selected === undefined) throw new Error(`Cannot open ${url}: no page selected`);
      pageId = Number(selected);
    },
    async observe(): Promise<Observed> {
      const reply = await session.call("take_snapshot", { pageId: page() });
      return { rows: devtoolsRows(reply.text), partial: false };
    },
    async act(step, uid, options) {
      for (const { name, args } of calls[step.intent](step, uid, { ...options, cwd })) {
        await session.call(name, { pageId: page(), ...args });
      }
    },
    async leave() {
      if (pageId !== undefined) await session.call("close_page", { pageId }).catch(() => {});
      pageId = undefined;
    },
    close: () => session.close(),
  };
}
