/**
 * The cost of reading the page's own signals (clickable, draggable, hidden,
 * editors) beside the accessibility tree, on the 2,000-row fixture in real
 * Chromium: an `ax.read`'s DevTools work and projection with the
 * `DOMSnapshot.captureSnapshot` and its reduction, against the same read of
 * the tree alone. DevTools is reached over its WebSocket here rather than
 * through `chrome.debugger`, so both sides leave out the extension's relay.
 *
 * @module
 */
import { projectAxNodes } from "../../extension/provider/ax_projection.ts";
import { reduceSnapshot, signalStyles } from "../../extension/provider/dom_signals.ts";
import { rawNodes } from "../../extension/provider/leased_read.ts";
import { CdpClient, CdpPage } from "../../tests/support/cdp.ts";
import { browserForTests, Chromium } from "../../tests/support/chromium.ts";
import { serveFixtures } from "../../tests/support/serve.ts";
import type { BenchRow } from "./row.ts";

const rounds = 7;

/** Median of `values`. */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Observe-time rows for the signals read on `long.html`; none without a browser. */
export async function benchSignals(): Promise<BenchRow[]> {
  const path = browserForTests();
  if (path === undefined) throw new Error("no Chromium to measure with");
  const server = await serveFixtures();
  const browser = await Chromium.launch({ path, args: ["--window-size=1280,800"] });
  try {
    const client = await CdpClient.connect(browser.webSocketUrl);
    const page = await CdpPage.open(client);
    await page.navigate(server.url("long.html"));
    const bounds = () => ({
      maxNodes: 5_000,
      maxDepth: 64,
      maxTextUnits: 1_000,
      deadline: Date.now() + 30_000,
      now: Date.now,
    });
    const treeOnly = async () => {
      const raw = rawNodes(await page.send("Accessibility.getFullAXTree", { depth: 132 }));
      return projectAxNodes(raw, bounds()).nodes.length;
    };
    let elements = 0;
    let marked = 0;
    const withSignals = async () => {
      const raw = rawNodes(await page.send("Accessibility.getFullAXTree", { depth: 132 }));
      const signals = reduceSnapshot(
        await page.send("DOMSnapshot.captureSnapshot", { computedStyles: [...signalStyles] }),
      );
      elements = signals?.size ?? 0;
      marked = signals?.nodes.size ?? 0;
      return projectAxNodes(raw, { ...bounds(), signals }).nodes.length;
    };
    await treeOnly();
    await withSignals();
    const base: number[] = [];
    const ours: number[] = [];
    for (let i = 0; i < rounds; i++) {
      let start = performance.now();
      await treeOnly();
      base.push(performance.now() - start);
      start = performance.now();
      await withSignals();
      ours.push(performance.now() - start);
    }
    await client.close();
    const oursMs = median(ours);
    const baseMs = median(base);
    return [{
      name: "observe long.html (2,000 rows) with signals",
      ours: oursMs,
      baseline: baseMs,
      unit: "ms",
      ratio: oursMs / baseMs,
      note: `baseline: the accessibility tree alone; median of ${rounds}; ${elements} elements, ` +
        `${marked} with a signal; ratio above 1 is the added cost`,
    }];
  } finally {
    await browser.close();
    await server.close();
  }
}
