import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { join } from "node:path";
import { staticPermissionFlags } from "../local/static_flags.ts";
import { buildsFor, compileTargets } from "./compile.ts";

const repo = new URL("../", import.meta.url).pathname;

/** The most an executable may add to its runtime: its code and the npm packages it reaches. */
const maxEmbeddedBytes = 64 * 1024 * 1024;

/** `scripts/compile.ts` run as `deno task compile` runs it, with `env` added. */
async function compile(args: string[], env: Record<string, string>, asTheTaskGrants = false) {
  const config = JSON.parse(await Deno.readTextFile(join(repo, "deno.json")));
  const task: string = config.tasks.compile;
  const flags = task.split(" ").filter((word) => word.startsWith("--"));
  const output = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      ...(asTheTaskGrants
        ? flags
        : flags.map((flag) => flag.replace("--allow-write=dist", "--allow-write"))),
      join(repo, "scripts/compile.ts"),
      ...args,
    ],
    cwd: repo,
    env,
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code: output.code, stderr: new TextDecoder().decode(output.stderr) };
}

Deno.test("the leash-host executable gets the host's permissions and leash the union of the CLI's, path grants widened", () => {
  for (const target of compileTargets) {
    const [leash, host, desk] = buildsFor(target, "/out");
    assert.deepEqual(host.flags, staticPermissionFlags(["host"]));
    assert.deepEqual(
      desk.flags.slice(0, staticPermissionFlags(["desk"]).length),
      staticPermissionFlags(["desk"]),
    );
    // The commands and assets skills: whole grants, held by their engines (see the table).
    assert.ok(desk.flags.includes("--allow-run"));
    assert.ok(desk.flags.includes("--allow-net"));
    assert.ok(desk.flags.includes("--allow-sys=cpus"));
    assert.ok(desk.flags.includes("--unstable-worker-options"));
    const included = desk.flags.filter((_flag, i) => desk.flags[i - 1] === "--include");
    assert.ok(included.some((path) => path.endsWith("convert_worker.ts")));
    assert.ok(!host.flags.some((flag) => flag.startsWith("--allow-run")));
    assert.ok(leash.flags.includes("--allow-net"));
    assert.equal(leash.flags.includes("--allow-run=reg"), target.includes("windows"));
    assert.equal(
      host.output,
      `/out/${target}/leash-host${target.includes("windows") ? ".exe" : ""}`,
    );
  }
});

Deno.test("compile passes DENORT_BIN to deno compile, and without a runtime it fails naming DENORT_BIN", async () => {
  const root = await Deno.makeTempDir({ prefix: "leash-compile-" });
  const target = "x86_64-unknown-linux-gnu";
  try {
    const [built, unreachable, several] = await Promise.all([
      // Any binary stands in for denort here: what matters is that no download happens.
      compile(["--target", target, "--out-dir", join(root, "built")], {
        DENORT_BIN: Deno.execPath(),
        HTTPS_PROXY: "http://127.0.0.1:9",
      }),
      // A fresh cache and a dead proxy: the runtime download fails wherever this runs.
      compile(["--target", "aarch64-apple-darwin", "--out-dir", join(root, "none")], {
        DENORT_BIN: "",
        DENO_DIR: join(root, "deno-dir"),
        HTTPS_PROXY: "http://127.0.0.1:9",
        HTTP_PROXY: "http://127.0.0.1:9",
      }),
      compile([], { DENORT_BIN: Deno.execPath() }),
    ]);
    assert.equal(built.code, 0, built.stderr);
    const runtime = (await Deno.stat(Deno.execPath())).size;
    for (const name of ["leash", "leash-host", "leash-desk"]) {
      const info = await Deno.stat(join(root, "built", target, name));
      assert.ok(info.isFile && (info.mode ?? 0) & 0o100);
      // What the runtime carries: the code and the npm packages it reaches. The
      // workspace's node_modules, with every page library the tests serve, is
      // over 1 GB; embedded whole, it made each executable about 870 MB.
      const embedded = info.size - runtime;
      assert.ok(embedded < maxEmbeddedBytes, `${name} embeds ${embedded} bytes`);
    }
    // wasm-vips reads libvips' WebAssembly from beside its loader: it must come along.
    const vips = Buffer.from(
      await Deno.readFile(join(repo, "node_modules/wasm-vips/lib/vips.wasm")),
    );
    const desk = Buffer.from(await Deno.readFile(join(root, "built", target, "leash-desk")));
    const middle = Math.floor(vips.length / 2);
    assert.ok(desk.includes(vips.subarray(middle, middle + 256)), "leash-desk lacks vips.wasm");
    assert.equal(unreachable.code, 1);
    assert.match(unreachable.stderr, /DENORT_BIN/);
    await assert.rejects(
      Deno.lstat(join(root, "none", "aarch64-apple-darwin")),
      Deno.errors.NotFound,
    );
    assert.equal(several.code, 2);
    assert.match(several.stderr, /DENORT_BIN/);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("compile into a folder the task may not write is a usage error naming the way, before any build", async () => {
  const outside = await Deno.makeTempDir({ prefix: "leash-compile-outside-" });
  try {
    const refused = await compile(
      ["--target", "x86_64-unknown-linux-gnu", "--out-dir", outside],
      { DENORT_BIN: Deno.execPath() },
      true,
    );
    assert.equal(refused.code, 2, refused.stderr);
    assert.match(refused.stderr, /may write only under dist\/; run: deno run .*--allow-write=/);
    assert.deepEqual([...Deno.readDirSync(outside)], []);
  } finally {
    await Deno.remove(outside, { recursive: true });
  }
});
