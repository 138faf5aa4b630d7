import assert from "node:assert/strict";
import { deskFailure } from "../testing/failure.ts";
import { runTool } from "./run_tool.ts";
import { desktopSession } from "./session.ts";

const session = desktopSession(() => undefined, "linux");

/** Whether `pid` runs (not a zombie), as `ps` sees it: reading `/proc` needs every permission. */
async function running(pid: number): Promise<boolean> {
  const listed = await new Deno.Command("/usr/bin/ps", { args: ["-o", "stat=", "-p", String(pid)] })
    .output();
  const stat = new TextDecoder().decode(listed.stdout).trim();
  return stat !== "" && !stat.startsWith("Z");
}

async function ended(pid: number): Promise<boolean> {
  for (let i = 0; i < 40; i++) {
    if (!await running(pid)) return true;
    await new Promise((done) => setTimeout(done, 50));
  }
  return false;
}

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
  const daemon = Number(new TextDecoder().decode(left.stdout));
  assert.ok(daemon > 1);
  assert.ok(await ended(daemon), "what the program left running outlived it");
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
  assert.ok(await running(daemon), "the owner outlives its run");
  Deno.kill(daemon, "SIGKILL");
  assert.ok(await ended(daemon));
  const slow = await deskFailure(runTool(
    { executable: "/bin/sleep", args: ["30"], timeoutMs: 300, maxOutputBytes: 10 },
    session,
  ));
  assert.equal(slow.code, "EXECUTION_FAILED");
});
