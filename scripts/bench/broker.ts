/**
 * Request round trip through the Broker against a raw Unix-socket echo,
 * measured in the same run. Ours: `browser.tabs` from a client, which the
 * Broker (its own process, started with the permission table's flags)
 * routes as `tabs.list` to a scripted provider and back: two socket hops
 * each way, framing, envelope and payload validation at every peer. The
 * baseline: the same client process sends a JSON frame of the same size to
 * an echo server in its own process and parses the echo: one hop each way.
 * Latencies: lower is better (ratio above 1 means slower); req/s: higher is
 * better. Each phase uses a fresh client and provider, so one phase's
 * connection state does not weigh on the next.
 *
 * Run directly: `deno run -A scripts/bench/broker.ts`.
 *
 * @module
 */
import { join } from "node:path";
import { LeashClient } from "../../broker/client/client.ts";
import { runtimePath } from "../../local/dirs.ts";
import { denoRunArgs } from "../../broker/launch.ts";
import { frame } from "../../tests/integration/_raw_socket.ts";
import { ScriptedProvider } from "../../tests/integration/_scripted_provider.ts";
import type { BenchRow } from "./row.ts";

const warmUp = 300;
const sequential = 3_000;
const concurrent = 9_000;
const inFlight = 32;

interface Run {
  /** Round-trip times, milliseconds. */
  latencies: number[];
  /** Requests per second over the whole run. */
  rate: number;
}

/** Run `total` calls of `once`, `width` at a time, timing each. */
async function measure(once: () => Promise<unknown>, total: number, width: number): Promise<Run> {
  const latencies: number[] = [];
  let started = 0;
  const worker = async () => {
    while (started < total) {
      started++;
      const begin = performance.now();
      await once();
      latencies.push(performance.now() - begin);
    }
  };
  const begin = performance.now();
  await Promise.all(Array.from({ length: width }, worker));
  const seconds = (performance.now() - begin) / 1000;
  return { latencies, rate: total / seconds };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function waitFor<T>(attempt: () => Promise<T>, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  while (true) {
    try {
      return await attempt();
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`Cannot start ${what}`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

/** A framed JSON echo over one Unix socket; requests may overlap, answers come in order. */
class EchoClient {
  readonly #conn: Deno.UnixConn;
  readonly #waiting: Array<() => void> = [];
  readonly #decoder = new TextDecoder();
  #buffer = new Uint8Array(0);

  constructor(conn: Deno.UnixConn) {
    this.#conn = conn;
    void this.#read();
  }

  /** Send `message` framed and resolve once its echo is back and parsed. */
  round(message: unknown): Promise<void> {
    const { promise, resolve } = Promise.withResolvers<void>();
    this.#waiting.push(resolve);
    void this.#conn.write(frame(message));
    return promise;
  }

  async #read(): Promise<void> {
    const chunk = new Uint8Array(64 * 1024);
    while (true) {
      const read = await this.#conn.read(chunk).catch(() => null);
      if (read === null) return;
      const joined = new Uint8Array(this.#buffer.length + read);
      joined.set(this.#buffer);
      joined.set(chunk.subarray(0, read), this.#buffer.length);
      let offset = 0;
      while (joined.length - offset >= 4) {
        const length = new DataView(joined.buffer, offset, 4).getUint32(0, true);
        if (joined.length - offset - 4 < length) break;
        JSON.parse(this.#decoder.decode(joined.subarray(offset + 4, offset + 4 + length)));
        offset += 4 + length;
        this.#waiting.shift()?.();
      }
      this.#buffer = joined.slice(offset);
    }
  }

  close(): void {
    this.#conn.close();
  }
}

function rows(label: string, ours: Run, baseline: Run): BenchRow[] {
  const latency = (p: number): BenchRow => {
    const a = percentile(ours.latencies, p) * 1000;
    const b = percentile(baseline.latencies, p) * 1000;
    return {
      name: `round trip p${p}, ${label}`,
      ours: a,
      baseline: b,
      unit: "µs",
      ratio: a / b,
      note: "lower is better",
    };
  };
  return [
    latency(50),
    latency(99),
    {
      name: `requests/s, ${label}`,
      ours: ours.rate,
      baseline: baseline.rate,
      unit: "req/s",
      ratio: ours.rate / baseline.rate,
    },
  ];
}

/** Round trips through the Broker beside a raw Unix-socket echo, at 1 and 32 in flight. */
export async function benchBroker(): Promise<BenchRow[]> {
  const root = await Deno.makeTempDir({ prefix: "leash-bench-" });
  const dirs = { runtimeDir: join(root, "run"), stateDir: join(root, "state") };
  const echoPath = join(root, "echo.sock");
  const broker = new Deno.Command(Deno.execPath(), {
    args: denoRunArgs("serve", dirs, ["--log-level", "warn"]),
    stdin: "null",
    stdout: "null",
    stderr: "inherit",
  }).spawn();
  const echo = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      `--allow-net=unix:${echoPath}`,
      `--allow-read=${echoPath}`,
      `--allow-write=${echoPath}`,
      new URL("./_echo_server.ts", import.meta.url).href,
      echoPath,
    ],
    stdin: "null",
    stdout: "null",
  }).spawn();
  const closers: Array<() => void> = [];
  try {
    const socketPath = runtimePath(dirs.runtimeDir, "socket");
    await waitFor(() => LeashClient.connect({ runtimeDir: dirs.runtimeDir }), "the Broker")
      .then((client) => client.close());
    const token = (await Deno.readTextFile(runtimePath(dirs.runtimeDir, "token"))).trim();
    let phase = 0;
    /** A fresh client and provider pair, so no connection nears its ID budget. */
    const viaBroker = async () => {
      const instance = `bench-instance-${phase++}`;
      const provider = await ScriptedProvider.connect({ socketPath, token, instanceId: instance });
      const client = await LeashClient.connect({ runtimeDir: dirs.runtimeDir });
      closers.push(() => provider.close(), () => client.close());
      return () => client.call("browser.tabs", { instance });
    };
    const echoClient = new EchoClient(
      await waitFor(() => Deno.connect({ transport: "unix", path: echoPath }), "the echo server"),
    );
    closers.push(() => echoClient.close());
    const one = await viaBroker();
    const sample = { type: "response", id: "1234", ok: true, value: await one() };
    const viaEcho = () => echoClient.round(sample);

    await measure(one, warmUp, 1);
    await measure(viaEcho, warmUp, 1);
    const oursOne = await measure(one, sequential, 1);
    const echoOne = await measure(viaEcho, sequential, 1);
    const oursMany = await measure(await viaBroker(), concurrent, inFlight);
    const echoMany = await measure(viaEcho, concurrent, inFlight);
    return [
      ...rows("1 in flight", oursOne, echoOne),
      ...rows(`${inFlight} in flight`, oursMany, echoMany),
    ];
  } finally {
    for (const close of closers.reverse()) close();
    broker.kill("SIGTERM");
    echo.kill("SIGTERM");
    await Promise.all([broker.status, echo.status]);
    await Deno.remove(root, { recursive: true });
  }
}

if (import.meta.main) console.table(await benchBroker());
