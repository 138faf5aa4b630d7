import assert from "node:assert/strict";
import { deskFailure } from "../testing/failure.ts";
import { processEnded } from "../testing/workspace.ts";
import { runTool } from "./run_tool.ts";
import { desktopSession } from "./session.ts";

const session = desktopSession(() => undefined, "linux");

Deno.test("runTool feeds stdin, bounds stdout and kills what a reading program left behind", async () => {
  const echoed = await runTool(
    { executable: "/bin/cat", args: [], stdin: "héllo", timeoutMs: 5000, maxOutputBytes: 100 },
    session,
  );
  assert.equal(echoed.exitCode, 0);
  assert.equal(new TextDecoder().decode(echoed.stdout), "héllo");
  const long = await runTool(
    { executable: "/usr/bin/yes", args: [], timeoutMs: 5000, maxOutputBytes: 1000 },
    session,
  );
  assert.equal(long.overflow, true);
  assert.equal(long.stdout.length, 1000);
  const left = await runTool(
    {
      executable: "/bin/sh",
      args: ["-c", "sleep 60 >/dev/null 2>&1 & echo $!"],
      timeoutMs: 5000,
      maxOutputBytes: 100,
    },
    session,
  );
  assert.ok(await processEnded(Number(new TextDecoder().decode(left.stdout))));
});

Deno.test("runTool leaves an owner running with no pipe held, and kills the group at its deadline", async () => {
  // Like xclip: the program forks a daemon and exits; the daemon must live on.
  const pidFile = await Deno.makeTempFile();
  const started = performance.now();
  const owner = await runTool(
    {
      executable: "/bin/sh",
      args: ["-c", 'cat >/dev/null; sleep 30 & echo $! > "$0"', pidFile],
      stdin: "text",
      timeoutMs: 5000,
      maxOutputBytes: 0,
      leavesOwner: true,
    },
    session,
  );
  assert.equal(owner.exitCode, 0);
  assert.ok(performance.now() - started < 3000, "the run waited for its daemon");
  const daemon = Number(await Deno.readTextFile(pidFile));
  await Deno.remove(pidFile);
  assert.ok((await Deno.stat(`/proc/${daemon}`)).isDirectory, "the owner outlives its run");
  Deno.kill(daemon, "SIGKILL");
  assert.ok(await processEnded(daemon));
  const slow = await deskFailure(runTool(
    { executable: "/bin/sleep", args: ["30"], timeoutMs: 300, maxOutputBytes: 10 },
    session,
  ));
  assert.equal(slow.code, "EXECUTION_FAILED");
});
