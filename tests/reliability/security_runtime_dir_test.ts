/**
 * DESIGN.md requirement 3 against the real Broker process: the runtime dir
 * is 0700, the user's and no symlink (checked with lstat), the socket and
 * the token 0600, the token 256 random bits rotated per start; and no
 * planted link or file in the runtime dir makes the Broker write anywhere
 * else. (broker_lifecycle_test.ts covers the plain cases: modes, a symlink
 * to a private dir, a 0755 dir, another owner.)
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { runtimePath } from "../../local/dirs.ts";
import { BrokerProcess, freshDirs } from "../integration/_broker_process.ts";
import { figure } from "./_size.ts";

async function mode(path: string): Promise<number> {
  return ((await Deno.lstat(path)).mode ?? 0) & 0o777;
}

/** Run `leash serve` expecting a refusal: its exit code and stderr. */
async function refusedStart(dirs: { runtimeDir: string; stateDir: string }) {
  const broker = BrokerProcess.spawn(dirs);
  // A Broker that wrongly starts is stopped rather than left to hang the test.
  let exited = false;
  const watch = (async () => {
    while (!exited && !broker.stderr.includes('"event":"listening"')) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    if (!exited) await broker.stop();
  })();
  const status = await broker.status;
  exited = true;
  await watch;
  await broker.stop();
  return { code: status.code, stderr: broker.stderr };
}

/** A file outside the runtime dir that nothing may write to, with its first contents. */
async function bait(root: string, name: string): Promise<{ path: string; check(): Promise<void> }> {
  const path = join(root, name);
  await Deno.writeTextFile(path, "untouched");
  await Deno.chmod(path, 0o644);
  return {
    path,
    async check() {
      assert.equal(await Deno.readTextFile(path), "untouched", `${name} was written through`);
      assert.equal(await mode(path), 0o644, `${name} changed mode`);
    },
  };
}

Deno.test("an unsafe runtime dir or a planted socket path stops the Broker, and nothing is written through them", async () => {
  const cases: Array<{
    name: string;
    /** Plant the trap; returns the check that nothing went through it. */
    plant: (dirs: { root: string; runtimeDir: string }) => Promise<() => Promise<void> | void>;
    reason: RegExp;
  }> = [
    {
      name: "a dangling symlink",
      plant: async ({ root, runtimeDir }) => {
        await Deno.symlink(join(root, "nowhere"), runtimeDir);
        return async () => {
          await assert.rejects(Deno.lstat(join(root, "nowhere")), Deno.errors.NotFound);
        };
      },
      reason: /is a symlink/,
    },
    {
      name: "a symlink to a world-writable dir",
      plant: async ({ root, runtimeDir }) => {
        const shared = join(root, "shared");
        await Deno.mkdir(shared);
        await Deno.chmod(shared, 0o1777);
        await Deno.symlink(shared, runtimeDir);
        return () => assert.deepEqual([...Deno.readDirSync(shared)], []);
      },
      reason: /is a symlink/,
    },
    {
      name: "a regular file",
      plant: async ({ runtimeDir }) => {
        await Deno.writeTextFile(runtimeDir, "not a dir");
        return async () => assert.equal(await Deno.readTextFile(runtimeDir), "not a dir");
      },
      reason: /not a directory/,
    },
    {
      name: "a dir the group can enter",
      plant: async ({ runtimeDir }) => {
        await Deno.mkdir(runtimeDir);
        await Deno.chmod(runtimeDir, 0o750);
        return () => assert.deepEqual([...Deno.readDirSync(runtimeDir)], []);
      },
      reason: /accessible to group or others/,
    },
    {
      name: "a symlink planted where the socket goes",
      plant: async ({ root, runtimeDir }) => {
        await Deno.mkdir(runtimeDir, { mode: 0o700 });
        await Deno.chmod(runtimeDir, 0o700);
        const target = await bait(root, "socket-bait");
        await Deno.symlink(target.path, runtimePath(runtimeDir, "socket"));
        return target.check;
      },
      reason: /not a socket/,
    },
    {
      name: "a regular file planted where the socket goes",
      plant: async ({ runtimeDir }) => {
        await Deno.mkdir(runtimeDir, { mode: 0o700 });
        await Deno.chmod(runtimeDir, 0o700);
        const planted = runtimePath(runtimeDir, "socket");
        await Deno.writeTextFile(planted, "planted");
        return async () => assert.equal(await Deno.readTextFile(planted), "planted");
      },
      reason: /not a socket/,
    },
  ];
  await Promise.all(cases.map(async ({ name, plant, reason }) => {
    const dirs = await freshDirs();
    try {
      const check = await plant(dirs);
      const { code, stderr } = await refusedStart(dirs);
      assert.equal(code, 1, `${name}: ${stderr}`);
      assert.match(stderr, reason, name);
      await check();
    } finally {
      await Deno.remove(dirs.root, { recursive: true });
    }
  }));
  figure(
    "security runtime dir",
    `${cases.length} unsafe runtime dirs and planted paths refused, 0 written through`,
  );
});

Deno.test("a symlink planted where the token goes is replaced, never followed, and the modes hold", async () => {
  const dirs = await freshDirs();
  await Deno.mkdir(dirs.runtimeDir, { mode: 0o700 });
  await Deno.chmod(dirs.runtimeDir, 0o700);
  const target = await bait(dirs.root, "token-bait");
  const tokenPath = runtimePath(dirs.runtimeDir, "token");
  await Deno.symlink(target.path, tokenPath);
  const broker = await BrokerProcess.start(dirs);
  try {
    await target.check();
    const info = await Deno.lstat(tokenPath);
    assert.equal(info.isSymlink, false, "the token is a file of its own");
    assert.equal(await mode(tokenPath), 0o600);
    assert.equal(await mode(dirs.runtimeDir), 0o700);
    assert.equal(await mode(broker.socketPath), 0o600);
    assert.match(await broker.token(), /^[0-9a-f]{64}$/);
  } finally {
    await broker.stop();
    await Deno.remove(dirs.root, { recursive: true });
  }
});
