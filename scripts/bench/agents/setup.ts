/**
 * What a benchmark that runs the anchors beside Leash sets up first: the
 * Chromium they all drive, a fresh work folder and the Node the baselines
 * run under, with a private HOME inside it (nothing they write lands in the
 * person's own).
 *
 * @module
 */
import { browserPath } from "../../../tests/e2e/harness.ts";
import type { BenchRow } from "../row.ts";
import { nodeVersion } from "./node_package.ts";
import { notMeasured } from "./rows.ts";

/** How the baselines' Node runs: its command, version and environment. */
export interface NodeRuntime {
  command: string;
  version?: string;
  env: Record<string, string>;
}

/** A benchmark's start: when it began, the browser, its work folder and the baselines' Node. */
export interface BenchSetup {
  began: number;
  browser: string;
  workDir: string;
  node: NodeRuntime;
}

/** Set up benchmark `name`, or the row saying why it cannot run (no Chromium). */
export async function setUpBench(name: string): Promise<BenchSetup | BenchRow> {
  const began = performance.now();
  const browser = browserPath;
  if (browser === undefined) return notMeasured(name, "no Chromium found (set LEASH_BROWSER)");
  const workDir = await Deno.makeTempDir({ prefix: `leash-bench-${name}-` });
  const home = `${workDir}/home`;
  await Deno.mkdir(home);
  const node = {
    command: "node",
    version: await nodeVersion(),
    env: { PATH: Deno.env.get("PATH") ?? "", HOME: home },
  };
  return { began, browser, workDir, node };
}
