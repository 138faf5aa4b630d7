/**
 * The demo's agent session, as a model would run it through the MCP tools:
 * find the browser, open the shop in a new tab of its own (a lease on it),
 * observe, fill the order form, place the order with the page's own
 * confirmation as the expectation, read what changed, take a screenshot,
 * close the tab.
 *
 * @module
 */
import { z } from "zod";
import { LeanActResultSchema } from "../../broker/mcp/structured.ts";
import { ClaimResultSchema } from "../../broker/mcp/tools/lease.ts";
import { type Observation, ObservationSchema } from "../../contracts/methods/mod.ts";
import type { DemoAgent } from "./agent.ts";
import type { StepPrinter } from "./print.ts";

const InstancesSchema = z.object({ instances: z.array(z.object({ id: z.string() })).min(1) });
const CaptureSchema = z.object({ mimeType: z.string(), width: z.number(), height: z.number() });

/** The order the agent places. */
export const order = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  coffee: "Ethiopia Yirgacheffe",
  grind: "Filter",
} as const;

/** The page's own words once the order is placed. */
export const confirmation = `Order confirmed: ${order.coffee}, filter, for ${order.name}. ` +
  `Receipt sent to ${order.email}.`;

/** What the session found out. */
export interface SessionOutcome {
  /** The act status of placing the order: `verified` when the page confirmed it. */
  placed: string;
  /** The screenshot, when one was taken. */
  screenshot: { mimeType: string; width: number; height: number; bytes: Uint8Array } | undefined;
}

/** The ref of the row with `role` and exactly `name`, as the agent reads it from an observation. */
export function refFor(observation: Observation, role: string, name: string): string {
  const found = observation.nodes.find((node) =>
    node.role === role && node.name === name && node.ref !== null
  );
  if (found?.ref == null) throw new Error(`Cannot find ${role} "${name}" in the observation`);
  return found.ref;
}

/**
 * Run the session on a tab it opens at `pageUrl`. `signal` stops it
 * between steps (Ctrl-C); the tab is closed and its lease released on the
 * way out whenever one was granted.
 */
export async function runSession(
  agent: DemoAgent,
  printer: StepPrinter,
  pageUrl: string,
  signal: AbortSignal,
): Promise<SessionOutcome> {
  const step = () => signal.throwIfAborted();
  const instances = InstancesSchema.parse(
    (await agent.call("browser_instances", {}, "Which browsers run the Leash extension?"))
      .structured,
  );
  const instance = instances.instances[0].id;
  step();
  const opened = await agent.call(
    "browser_open",
    { instance, url: pageUrl, reason: "Order a bag of coffee for Ada" },
    "Open the shop in a new tab with a lease on it (personal mode: no prompt).",
    12,
  );
  const lease = ClaimResultSchema.parse(opened.structured);
  // From here on the lease goes by the short handle its text shows (`lease L1 on tab t1`).
  const leaseId = /^lease (\S+) /.exec(opened.text)?.[1] ?? lease.leaseId;
  try {
    step();
    const page = ObservationSchema.parse(
      (await agent.call(
        "browser_observe",
        // The node list in structuredContent too: this script finds refs in it, not in the text.
        { leaseId, nodes: true },
        "Read the page as compact text with refs.",
        40,
      )).structured,
    );
    // No documentEpoch: the server fences each action with the epoch of the observation that
    // showed its ref.
    const act = async (action: Record<string, unknown>, why: string, expect?: object) => {
      step();
      const args = { leaseId, action, ...(expect === undefined ? {} : { expect }) };
      return LeanActResultSchema.parse((await agent.call("browser_act", args, why)).structured);
    };
    await act(
      { kind: "fill", ref: refFor(page, "textbox", "Your name"), text: order.name },
      "Type the name.",
    );
    await act(
      { kind: "fill", ref: refFor(page, "textbox", "Email for the receipt"), text: order.email },
      "Type the email.",
    );
    await act(
      { kind: "select", ref: refFor(page, "combobox", "Coffee"), option: order.coffee },
      "Choose the coffee.",
    );
    await act(
      { kind: "radio", ref: refFor(page, "radio", order.grind) },
      "Choose the grind.",
    );
    const placed = await act(
      { kind: "click", ref: refFor(page, "button", "Place order") },
      "Place the order, expecting the page's own confirmation.",
      { textPresent: confirmation },
    );
    printer.note(
      placed.status === "verified"
        ? "verified: the page itself says the order is confirmed"
        : `not verified (${placed.status}): the confirmation did not appear`,
    );
    step();
    await agent.call(
      "browser_observe",
      { leaseId, since: page.cursor },
      "What changed since the first observation? Only the differences come back.",
      20,
    );
    step();
    const shot = await agent.call(
      "browser_capture",
      { leaseId },
      "A screenshot of the viewport, returned as image content.",
    );
    const image = shot.images[0];
    const metadata = CaptureSchema.parse(shot.structured);
    const bytes = image === undefined ? new Uint8Array() : decodeBase64(image.data);
    printer.note(
      `${metadata.mimeType} ${metadata.width}x${metadata.height}, ${
        Math.round(bytes.length / 1024)
      } KiB`,
    );
    return {
      placed: placed.status,
      screenshot: image === undefined ? undefined : { ...metadata, bytes },
    };
  } finally {
    // Close the tab even when a step failed; a dead connection ends the lease anyway.
    if (!signal.aborted) {
      await agent.call("browser_close", { leaseId }, "Done: close the tab it opened.")
        .catch(() => {});
    }
  }
}

function decodeBase64(data: string): Uint8Array {
  return Uint8Array.from(atob(data), (char) => char.charCodeAt(0));
}
