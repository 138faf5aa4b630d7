/**
 * `deno task compile [--target T]`: build `dist/<target>/leash`,
 * `dist/<target>/leash-host` and `dist/<target>/leash-desk` with `deno compile`, for all five targets or
 * the one named. The permission flags baked into each executable come from
 * the one table in `local/permissions.ts` (path grants widen to the whole
 * permission, because the paths are per user; see
 * `local/static_flags.ts`).
 *
 * `deno compile` downloads a `denort` runtime per target from
 * dl.deno.land. Where that is unreachable, set `DENORT_BIN` to a `denort`
 * binary for the target (deno compile reads it) and build that one target.
 * A failed or stalled download ends with a message saying so.
 *
 * Exit codes: 0 built, 1 a build failed, 2 usage error.
 *
 * @module
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { type EntryPoint, permissionTable } from "../local/permissions.ts";
import { staticPermissionFlags } from "../local/static_flags.ts";
import { deskRuntimeFlags } from "../local/host_run_args.ts";
import { npmExcludes } from "./compile_npm.ts";

/** The targets `deno compile` supports, in build order. */
export const compileTargets = [
  "x86_64-unknown-linux-gnu",
  "aarch64-unknown-linux-gnu",
  "x86_64-apple-darwin",
  "aarch64-apple-darwin",
  "x86_64-pc-windows-msvc",
] as const;

/** One `deno compile` target. */
export type CompileTarget = typeof compileTargets[number];

const repo = fileURLToPath(new URL("../", import.meta.url));

/**
 * What `leash-desk` loads that no static import names: the document
 * converter's worker module, started by URL. (libvips' WebAssembly, which
 * wasm-vips reads from beside its loader, comes with its package: see
 * `compile_npm.ts`.)
 */
const deskIncludes = [
  "--include",
  join(repo, "desk", "skills", "documents", "convert_worker.ts"),
];

/** Table entries that are not part of the `leash` executable. */
const notLeash: readonly string[] = [
  "host",
  "hostLauncher",
  "launcher",
  "registry",
  "desk",
  "deskLauncher",
];

function isEntryPoint(name: string): name is EntryPoint {
  return Object.hasOwn(permissionTable, name);
}

function isTarget(name: string): name is CompileTarget {
  return compileTargets.some((target) => target === name);
}

/** The one executable's build: what to compile, with which flags, to where. */
export interface Build {
  name: "leash" | "leash-host" | "leash-desk";
  entry: string;
  flags: string[];
  output: string;
}

/** The three builds for `target` under `outDir`. */
export function buildsFor(target: CompileTarget, outDir: string): Build[] {
  const windows = target.includes("windows");
  const exe = windows ? ".exe" : "";
  const leashEntries = Object.keys(permissionTable)
    .filter((name) => !notLeash.includes(name))
    .filter(isEntryPoint);
  if (windows) leashEntries.push("registry");
  return [
    {
      name: "leash",
      entry: join(repo, "broker", "main.ts"),
      flags: staticPermissionFlags(leashEntries),
      output: join(outDir, target, `leash${exe}`),
    },
    {
      name: "leash-host",
      entry: join(repo, "native_host", "main.ts"),
      flags: staticPermissionFlags(["host"]),
      output: join(outDir, target, `leash-host${exe}`),
    },
    {
      name: "leash-desk",
      entry: join(repo, "desk", "main.ts"),
      flags: [...staticPermissionFlags(["desk"]), ...deskRuntimeFlags, ...deskIncludes],
      output: join(outDir, target, `leash-desk${exe}`),
    },
  ];
}

/** Time allowed for one build, type-check included. */
const buildTimeoutMs = 300_000;
/** Time allowed for the runtime download once it has started. */
const downloadTimeoutMs = 30_000;

function runtimeHelp(target: CompileTarget): string {
  return `deno compile could not get its denort runtime for ${target} (it downloads ` +
    `https://dl.deno.land/release/v${Deno.version.deno}/denort-${target}.zip). ` +
    `Set DENORT_BIN to a denort binary for ${target} and run: ` +
    `DENORT_BIN=/path/to/denort deno task compile --target ${target}`;
}

/** The modules an executable's graph starts from: its entry and the modules it includes. */
function graphOf(spec: Build): string[] {
  const included = spec.flags.filter((flag, i) =>
    spec.flags[i - 1] === "--include" && flag.endsWith(".ts")
  );
  return [spec.entry, ...included];
}

/** Run one build; resolves with an error message, or `undefined` when it worked. */
async function build(target: CompileTarget, spec: Build): Promise<string | undefined> {
  await Deno.mkdir(join(spec.output, ".."), { recursive: true });
  const config = join(repo, "deno.json");
  let excludes: string[];
  try {
    excludes = await npmExcludes(repo, config, graphOf(spec));
  } catch (error) {
    return `Cannot compile ${spec.name}: ${error instanceof Error ? error.message : error}`;
  }
  const controller = new AbortController();
  const child = new Deno.Command("deno", {
    args: [
      "compile",
      "--config",
      config,
      "--target",
      target,
      "--output",
      spec.output,
      ...spec.flags,
      ...excludes.map((path) => `--exclude=${path}`),
      spec.entry,
    ],
    stdin: "null",
    stdout: "inherit",
    stderr: "piped",
    signal: controller.signal,
  }).spawn();
  let stalled = false;
  let downloadTimer: ReturnType<typeof setTimeout> | undefined;
  const overall = setTimeout(() => {
    stalled = true;
    controller.abort();
  }, buildTimeoutMs);
  let stderr = "";
  const decoder = new TextDecoder();
  for await (const chunk of child.stderr) {
    stderr += decoder.decode(chunk, { stream: true });
    if (downloadTimer === undefined && /Download\s+\S*denort/.test(stderr)) {
      downloadTimer = setTimeout(() => {
        stalled = true;
        controller.abort();
      }, downloadTimeoutMs);
    }
  }
  const status = await child.status;
  clearTimeout(overall);
  clearTimeout(downloadTimer);
  if (status.success) return undefined;
  const runtimeMissing = /denort|dl\.deno\.land|base binary/i.test(stderr);
  if (runtimeMissing || (stalled && downloadTimer !== undefined)) {
    return `Cannot compile ${spec.name}: ${runtimeHelp(target)}`;
  }
  if (stalled) {
    return `Cannot compile ${spec.name} for ${target}: it took longer than ${buildTimeoutMs} ms`;
  }
  return `Cannot compile ${spec.name} for ${target}: deno compile failed\n${stderr}`;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await Deno.stat(path)).isFile;
  } catch {
    return false;
  }
}

/** Run the compile task with `args`; resolves with the exit code. */
export async function compile(args: readonly string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: { target: { type: "string" }, "out-dir": { type: "string" } },
      strict: true,
    }));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 2;
  }
  const chosen = values.target;
  if (chosen !== undefined && !isTarget(chosen)) {
    console.error(`Cannot compile for ${chosen}: expected one of ${compileTargets.join(", ")}`);
    return 2;
  }
  const targets: readonly CompileTarget[] = chosen === undefined ? compileTargets : [chosen];
  const runtime = Deno.env.get("DENORT_BIN");
  if (runtime !== undefined && runtime !== "" && targets.length > 1) {
    console.error(
      "Cannot compile every target with DENORT_BIN: it names one runtime, for one target; " +
        "add --target <the target of that denort>",
    );
    return 2;
  }
  if (runtime !== undefined && runtime !== "" && !await isFile(runtime)) {
    console.error(`Cannot compile: DENORT_BIN is ${runtime}, which is not a file`);
    return 1;
  }
  const outDir = values["out-dir"] ?? join(repo, "dist");
  // The task may write under dist/ only: say so, rather than fail in the middle of a build.
  if ((await Deno.permissions.query({ name: "write", path: outDir })).state !== "granted") {
    console.error(
      `Cannot compile into ${outDir}: the compile task may write only under dist/; ` +
        `run: deno run --allow-read --allow-write=${outDir} --allow-env=DENORT_BIN ` +
        `--allow-run=deno scripts/compile.ts --out-dir ${outDir}`,
    );
    return 2;
  }
  for (const target of targets) {
    for (const spec of buildsFor(target, outDir)) {
      const failure = await build(target, spec);
      if (failure !== undefined) {
        console.error(failure);
        // Leave no empty target folder behind a failed build.
        await Deno.remove(join(spec.output, "..")).catch(() => {});
        return 1;
      }
      console.log(`Built ${spec.output}`);
    }
  }
  return 0;
}

if (import.meta.main) Deno.exit(await compile(Deno.args));
