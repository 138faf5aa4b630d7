import assert from "node:assert/strict";
import { join } from "node:path";
import {
  batchCrashPoints,
  crashPoints,
  crashPointVariable,
  parseCrashPoint,
} from "./crash_points.ts";

const moduleUrl = new URL("./crash_points.ts", import.meta.url).href;

/** A child that passes every crash point in order, printing each name before it. */
const walker = `import { crashAt, crashPoints } from ${JSON.stringify(moduleUrl)};
for (const point of crashPoints) {
  console.log(point);
  crashAt(point);
}
console.log("done");
`;

interface Walk {
  printed: string[];
  signal: Deno.Signal | null;
  code: number;
}

async function walk(options: { armed?: string; allowEnv: boolean }): Promise<Walk> {
  const dir = await Deno.makeTempDir({ prefix: "leash-crash-points-" });
  try {
    const script = join(dir, "walker.ts");
    await Deno.writeTextFile(script, walker);
    const { code, signal, stdout } = await new Deno.Command(Deno.execPath(), {
      args: ["run", "--no-prompt", ...(options.allowEnv ? ["--allow-env=LEASH_*"] : []), script],
      env: options.armed === undefined ? {} : { [crashPointVariable]: options.armed },
      stdin: "null",
      stdout: "piped",
      stderr: "null",
    }).output();
    const printed = new TextDecoder().decode(stdout).split("\n").filter((line) => line !== "");
    return { printed, signal, code };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("parseCrashPoint() accepts every point, ignores an empty value and refuses others", () => {
  assert.equal(parseCrashPoint(undefined), undefined);
  assert.equal(parseCrashPoint(""), undefined);
  for (const point of [...crashPoints, ...batchCrashPoints]) {
    assert.equal(parseCrashPoint(point), point);
  }
  assert.throws(() => parseCrashPoint("after-dispach"), TypeError);
  assert.throws(() => parseCrashPoint("AFTER-INTENT"), TypeError);
});

Deno.test("crashAt() kills the process with SIGKILL at the armed point and not before", async () => {
  const result = await walk({ armed: "after-dispatch", allowEnv: true });
  assert.deepEqual(result, {
    printed: ["before-intent", "after-intent", "after-dispatch"],
    signal: "SIGKILL",
    code: 137,
  });
});

Deno.test("crashAt() is inert when the variable is unset", async () => {
  const result = await walk({ allowEnv: true });
  assert.deepEqual(result, { printed: [...crashPoints, "done"], signal: null, code: 0 });
});

Deno.test("crashAt() is inert, without a prompt, when the process may not read the variable", async () => {
  const result = await walk({ armed: "before-intent", allowEnv: false });
  assert.deepEqual(result, { printed: [...crashPoints, "done"], signal: null, code: 0 });
});
