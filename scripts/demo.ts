/**
 * `deno task demo`: Leash's main job on an embedded default, end to end. It
 * serves a small coffee-order page (`tests/fixtures/demo/`) on 127.0.0.1,
 * starts a Broker in personal mode, installs the Native Host into a fresh
 * browser profile with `--dev`, starts headless Chromium with the extension
 * (all under one temporary root), and then runs a short agent session
 * through the real MCP server with the SDK's `Client` (the agent opens the
 * page itself with `browser_open`), printing every tool call and the text
 * the model reads.
 * Then it tears everything down and checks that no process it started is
 * left and the temporary root is gone.
 *
 * Usage: `deno task demo [--screenshot FILE] [--keep-open]`
 *   --screenshot FILE  write the session's screenshot to FILE
 *   --keep-open        after the session keep everything running (and say how to
 *                      attach your own MCP client) until Ctrl-C
 *
 * Exit: 0 the order was placed and verified and nothing is left running
 * (also after Ctrl-C with `--keep-open`); 1 a step failed, the order was not
 * verified, or something was left behind; 130 interrupted by Ctrl-C or
 * SIGTERM mid-session (everything is still torn down).
 *
 * Permissions: the task grants broad read, write, run, env, net and sys
 * because this script orchestrates processes (Broker, browser, MCP server,
 * `deno task install`) and builds the extension. The components keep their
 * own narrow sets: the Broker, the MCP server and the Native Host run with
 * exactly the flags of `local/permissions.ts`.
 *
 * The orchestration is the end-to-end test harness (`tests/e2e/harness.ts`),
 * imported as it is rather than copied: the demo is that world with one
 * agent in it, and the two cannot drift apart.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { processesMentioning } from "../tests/e2e/_processes.ts";
import { builtExtension } from "../tests/e2e/_extension.ts";
import { findBrowser } from "../tests/support/chromium.ts";
import { DemoAgent } from "./demo/agent.ts";
import { StepPrinter, stylesFor } from "./demo/print.ts";
import { runSession } from "./demo/session.ts";

/** The demo page, under the harness's fixture root. */
const demoPage = "demo/index.html";

const usage = "Usage: deno task demo [--screenshot FILE] [--keep-open]";

async function main(argv: readonly string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv[0] === "--" ? argv.slice(1) : [...argv],
      options: {
        screenshot: { type: "string" },
        "keep-open": { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (error) {
    console.error(`Cannot read the arguments: ${error instanceof Error ? error.message : error}`);
    console.error(usage);
    return 2;
  }
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const printer = new StepPrinter(
    (line) => console.log(line),
    stylesFor(Deno.stdout.isTerminal(), Deno.env.get("NO_COLOR")),
  );

  let browserPath: string | undefined;
  try {
    browserPath = findBrowser();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
  if (browserPath === undefined) {
    console.error(
      "Cannot run the demo: no Chromium found. Install chromium (e.g. apt-get install chromium) or set LEASH_BROWSER to a Chrome or Chromium binary.",
    );
    return 1;
  }
  // Imported only now: the harness looks for the browser when it loads.
  const { startWorld } = await import("../tests/e2e/harness.ts");

  const interrupted = new AbortController();
  const signals: Deno.Signal[] = ["SIGINT", "SIGTERM"];
  const onSignal = () => {
    if (interrupted.signal.aborted) return;
    printer.line();
    printer.line("Stopping: tearing everything down…");
    interrupted.abort(new Error("interrupted"));
  };
  for (const signal of signals) Deno.addSignalListener(signal, onSignal);

  printer.heading("Leash demo: an agent orders coffee through the MCP server");
  printer.line(`Starting a Broker (personal mode), the Native Host and headless ${browserPath}`);
  printer.line("with the Leash extension, all under one temporary folder…");

  let world: Awaited<ReturnType<typeof startWorld>> | undefined;
  let agent: DemoAgent | undefined;
  let code = 0;
  try {
    world = await startWorld({ accessMode: "personal" });
    interrupted.signal.throwIfAborted();
    const pageUrl = world.fixtures.url(demoPage);
    printer.line(`  temporary root  ${world.root}`);
    printer.line(`  runtime dir     ${world.runtimeDir}`);
    printer.line(`  demo page       ${pageUrl}`);
    printer.line(`  browser         ${world.instance.brand} (instance ${world.instance.id})`);
    printer.line("The agent connects over MCP (stdio) and opens the shop itself:");
    agent = await DemoAgent.connect(world.runtimeDir, printer);
    printer.line(`  tools: ${(await agent.toolNames()).join(", ")}`);
    interrupted.signal.throwIfAborted();

    const outcome = await runSession(agent, printer, pageUrl, interrupted.signal);
    if (values.screenshot !== undefined && outcome.screenshot !== undefined) {
      await Deno.writeFile(values.screenshot, outcome.screenshot.bytes);
      printer.line(`Screenshot written to ${values.screenshot}`);
    }
    printer.line();
    if (outcome.placed === "verified") {
      printer.heading("Order placed and verified by the page's own text; the tab was closed.");
    } else {
      printer.heading(`The order was not verified (status ${outcome.placed}).`);
      code = 1;
    }
    if (values["keep-open"] && code === 0) {
      printer.line();
      printer.line("Everything keeps running. Attach your own MCP client, e.g.:");
      printer.line(`  deno task mcp --runtime-dir ${world.runtimeDir}`);
      printer.line("Press Ctrl-C to stop.");
      await new Promise<void>((resolve) =>
        interrupted.signal.addEventListener("abort", () => resolve(), { once: true })
      );
    }
  } catch (error) {
    if (interrupted.signal.aborted) {
      code = 130;
    } else {
      code = 1;
      printer.line();
      printer.line(`Demo failed: ${error instanceof Error ? error.message : String(error)}`);
      const stderr = agent?.serverStderr.trim();
      if (stderr) printer.line(`MCP server stderr (last lines):\n${stderr}`);
    }
  } finally {
    await agent?.close().catch(() => {});
    const root = world?.root;
    if (world !== undefined) {
      try {
        await world.dispose();
      } catch (error) {
        printer.line(`Teardown trouble: ${error instanceof Error ? error.message : error}`);
        code = code === 0 ? 1 : code;
      }
      // The world built the extension into its own temporary folder; it goes too.
      await Deno.remove(await builtExtension(), { recursive: true }).catch(() => {});
    }
    if (root !== undefined) {
      const left = await leftBehind(root);
      if (left.length === 0) {
        printer.line("Cleaned up: no process left running, temporary folders removed.");
      } else {
        printer.line(`Left behind: ${left.join("; ")}`);
        code = code === 0 ? 1 : code;
      }
      if (world !== undefined && world.reaped.length > 0) {
        printer.line(`(${world.reaped.length} process(es) had to be killed during teardown)`);
      }
    }
    for (const signal of signals) Deno.removeSignalListener(signal, onSignal);
  }
  return code;
}

/** What is still there of a world rooted at `root`: live processes naming it, or the folder. */
async function leftBehind(root: string): Promise<string[]> {
  const left = (await processesMentioning(`${root}/`)).map(({ pid, cmdline }) =>
    `process ${pid} ${cmdline.slice(0, 80)}`
  );
  try {
    await Deno.stat(root);
    left.push(`folder ${root}`);
  } catch {
    // Gone, as it should be.
  }
  return left;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
