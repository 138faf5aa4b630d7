import assert from "node:assert/strict";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { deskFailure } from "../testing/failure.ts";
import { processEnded, testWorkspace } from "../testing/workspace.ts";
import { type AllowedCommand, runCommand, RunCommandArgsSchema } from "./run_command.ts";

const FRAME = 1024 * 1024;

function sh(script: string): AllowedCommand {
  return { executable: "/bin/sh", args: ["-c", script, "sh"], env: {} };
}

Deno.test("run_command kills the command's whole process group at its timeout", async () => {
  await using ws = await testWorkspace();
  // The leader, a background grandchild under a child shell, and a direct child, each printing its pid.
  const tree = sh("echo $$; sh -c 'sleep 60 & echo $!; wait' & sleep 60 & echo $!; wait");
  const error = await deskFailure(runCommand(
    { command: "tree", args: [], timeoutMs: 3000 },
    { allowlist: { tree }, resolveInside: ws.resolveInside },
  ));
  assert.equal(error.code, "COMMAND_TIMEOUT");
  const partial = error.detail?.partial;
  assert.ok(partial !== null && typeof partial === "object" && "stdout" in partial);
  const stdout = partial.stdout;
  assert.ok(stdout !== null && typeof stdout === "object" && "text" in stdout);
  const pids = String(stdout.text).trim().split("\n").map(Number);
  assert.equal(pids.length, 3, `three pids in the partial output: ${stdout.text}`);
  for (const pid of pids) {
    assert.ok(Number.isInteger(pid) && pid > 1);
    assert.ok(await processEnded(pid), `process ${pid} survived the timeout`);
  }
});

Deno.test("run_command kills what a command left running when it exits", async () => {
  await using ws = await testWorkspace();
  const result = await runCommand(
    { command: "daemon", args: [], timeoutMs: 30_000 },
    { allowlist: { daemon: sh("sleep 60 & echo $!") }, resolveInside: ws.resolveInside },
  );
  assert.equal(result.exitCode, 0);
  assert.ok(result.durationMs < 30_000);
  const pid = Number(result.stdout.text.trim());
  assert.ok(pid > 1);
  assert.ok(await processEnded(pid), "the background child outlived its command");
});

Deno.test("run_command caps 50 MB of output head and tail under the 1 MB frame", async () => {
  await using ws = await testWorkspace();
  const result = await runCommand(
    { command: "seq", args: ["1", "7000000"], timeoutMs: 60_000 },
    {
      allowlist: { seq: { executable: "/usr/bin/seq", args: [], env: {} } },
      resolveInside: ws.resolveInside,
    },
  );
  assert.equal(result.exitCode, 0);
  assert.ok(result.stdout.totalBytes > 50 * 1024 * 1024, `${result.stdout.totalBytes} bytes`);
  assert.equal(result.stdout.truncated, true);
  assert.ok(result.stdout.text.startsWith("1\n2\n3\n"));
  assert.ok(result.stdout.text.endsWith("6999999\n7000000\n"));
  assert.match(result.stdout.text, /\[… \d+ bytes of output left out …\]/);
  assert.ok(new TextEncoder().encode(JSON.stringify(result)).length < FRAME);
});

Deno.test("run_command fits binary output, escaped in JSON, under the 1 MB frame", async () => {
  await using ws = await testWorkspace();
  // Random bytes decode to replacement and control characters that JSON escapes up to sixfold.
  const noise = sh("head -c 4000000 /dev/urandom; head -c 4000000 /dev/urandom >&2");
  const result = await runCommand(
    { command: "noise", args: [], timeoutMs: 30_000 },
    { allowlist: { noise }, resolveInside: ws.resolveInside },
  );
  assert.equal(result.stdout.totalBytes, 4_000_000);
  assert.equal(result.stderr.totalBytes, 4_000_000);
  assert.ok(result.stdout.truncated && result.stderr.truncated);
  assert.ok(new TextEncoder().encode(JSON.stringify(result)).length < FRAME);
});

Deno.test("run_command refuses a command that is not on the allowlist", async () => {
  await using ws = await testWorkspace();
  const context = { allowlist: { echo: sh("echo hi") }, resolveInside: ws.resolveInside };
  for (const command of ["rm", "constructor", "toString", "hasOwnProperty"]) {
    const error = await deskFailure(runCommand({ command, args: [], timeoutMs: 1000 }, context));
    assert.equal(error.code, "COMMAND_NOT_ALLOWED", command);
  }
  // A relative executable in the configuration is refused, never searched for on PATH.
  const relative = {
    allowlist: { ls: { executable: "ls", args: [], env: {} } },
    resolveInside: ws.resolveInside,
  };
  const error = await deskFailure(
    runCommand({ command: "ls", args: [], timeoutMs: 1000 }, relative),
  );
  assert.equal(error.code, "COMMAND_NOT_ALLOWED");
});

Deno.test("run_command answers a non-zero exit as a result with its exit code", async () => {
  await using ws = await testWorkspace();
  const result = await runCommand(
    { command: "fail", args: [], timeoutMs: 10_000 },
    { allowlist: { fail: sh("echo out; echo err >&2; exit 3") }, resolveInside: ws.resolveInside },
  );
  assert.equal(result.exitCode, 3);
  assert.equal(result.signal, null);
  assert.deepEqual(result.stdout, { text: "out\n", totalBytes: 4, truncated: false });
  assert.deepEqual(result.stderr, { text: "err\n", totalBytes: 4, truncated: false });
});

Deno.test("run_command answers EXECUTION_FAILED for a program that cannot start", async () => {
  await using ws = await testWorkspace();
  const script = join(ws.root, "not-executable.sh");
  await writeFile(script, "#!/bin/sh\necho hi\n", { mode: 0o644 });
  for (const executable of [join(ws.root, "missing"), script]) {
    const error = await deskFailure(runCommand(
      { command: "broken", args: [], timeoutMs: 5000 },
      { allowlist: { broken: { executable, args: [], env: {} } }, resolveInside: ws.resolveInside },
    ));
    assert.equal(error.code, "EXECUTION_FAILED");
    assert.doesNotMatch(error.message, /\//, "the sentence names no path");
  }
});

Deno.test("run_command passes arguments and stdin literally, with no shell", async () => {
  await using ws = await testWorkspace();
  const allowlist = {
    echo: { executable: "/bin/echo", args: ["fixed"], env: {} },
    cat: { executable: "/bin/cat", args: [], env: {} },
  };
  const context = { allowlist, resolveInside: ws.resolveInside };
  const echoed = await runCommand(
    { command: "echo", args: ["$HOME", "; touch pwned", "`id`"], timeoutMs: 5000 },
    context,
  );
  assert.equal(echoed.stdout.text, "fixed $HOME ; touch pwned `id`\n");
  const cat = await runCommand(
    { command: "cat", args: [], stdin: "line one\nline two\n", timeoutMs: 5000 },
    context,
  );
  assert.equal(cat.stdout.text, "line one\nline two\n");
  // Without stdin the program reads an empty input instead of waiting.
  const empty = await runCommand({ command: "cat", args: [], timeoutMs: 5000 }, context);
  assert.equal(empty.stdout.text, "");
});

Deno.test("run_command starts from a minimal environment plus the command's own", async () => {
  await using ws = await testWorkspace();
  Deno.env.set("LEASH_DESK_TEST_SECRET", "must-not-leak");
  try {
    const result = await runCommand(
      { command: "env", args: [], timeoutMs: 5000 },
      {
        allowlist: { env: { executable: "/usr/bin/env", args: [], env: { TOOL_MODE: "ci" } } },
        resolveInside: ws.resolveInside,
      },
    );
    const names = result.stdout.text.trim().split("\n").map((line) => line.split("=")[0]);
    assert.deepEqual(names.sort(), ["LANG", "PATH", "TOOL_MODE"]);
  } finally {
    Deno.env.delete("LEASH_DESK_TEST_SECRET");
  }
});

Deno.test("run_command runs in the folder the host's path rule resolves", async () => {
  await using ws = await testWorkspace();
  await mkdir(join(ws.root, "sub"));
  const context = {
    allowlist: { pwd: { executable: "/bin/pwd", args: [], env: {} } },
    resolveInside: ws.resolveInside,
  };
  const inSub = await runCommand(
    { command: "pwd", args: [], cwd: "sub", timeoutMs: 5000 },
    context,
  );
  assert.equal(inSub.stdout.text, `${join(ws.root, "sub")}\n`);
  const atRoot = await runCommand({ command: "pwd", args: [], timeoutMs: 5000 }, context);
  assert.equal(atRoot.stdout.text, `${ws.root}\n`);
  assert.deepEqual(ws.calls, [{ path: "sub", write: false }, { path: ".", write: false }]);

  const outside = await deskFailure(
    runCommand({ command: "pwd", args: [], cwd: "../..", timeoutMs: 5000 }, context),
  );
  assert.equal(outside.code, "WORKSPACE_VIOLATION");
  const missing = await deskFailure(
    runCommand({ command: "pwd", args: [], cwd: "nope", timeoutMs: 5000 }, context),
  );
  assert.equal(missing.code, "FILE_NOT_FOUND");
});

Deno.test("run_command's schema refuses unknown and ill-typed fields", () => {
  const valid = { command: "ls", args: ["-l"], timeoutMs: 1000 };
  assert.ok(RunCommandArgsSchema.safeParse(valid).success);
  for (
    const bad of [
      { ...valid, shell: true },
      { ...valid, env: { PATH: "/tmp" } },
      { ...valid, args: "-l" },
      { ...valid, args: ["a\0b"] },
      { ...valid, timeoutMs: 0 },
      { ...valid, timeoutMs: 1.5 },
      { ...valid, timeoutMs: 10 * 60_000 + 1 },
      { ...valid, command: "../bin/ls" },
      { ...valid, command: "" },
      { command: "ls", timeoutMs: 1000 },
      { command: "ls", args: [] },
    ]
  ) {
    assert.equal(RunCommandArgsSchema.safeParse(bad).success, false, JSON.stringify(bad));
  }
});
