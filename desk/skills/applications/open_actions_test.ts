import assert from "node:assert/strict";
import { join } from "node:path";
import { deskFailure } from "../testing/failure.ts";
import { type TestWorkspace, testWorkspace } from "../testing/workspace.ts";
import { type ApplicationsContext, openApp, openFolder, openInBrowser } from "./open_actions.ts";
import { OpenAppArgsSchema, OpenProjectArgsSchema } from "./open_actions.ts";

/** A recorder named `xdg-open` on a private PATH: each start writes its argv to `seen`. */
async function fakeDesktop(ws: TestWorkspace) {
  const bin = join(ws.root, "bin");
  const seen = join(ws.root, "seen");
  await Deno.mkdir(bin);
  // It also notes its pid, its /proc stat (group and session) and where its stdio points.
  const script = [
    "#!/bin/sh",
    `echo $$ > "${seen}.pid"`,
    `cat /proc/$$/stat > "${seen}.stat"`,
    // Read in a subshell, so the redirection below is not what it sees.
    `fds="$(readlink /proc/$$/fd/0 /proc/$$/fd/1 /proc/$$/fd/2)"`,
    `echo "$fds" > "${seen}.fds"`,
    `for a in "$@"; do printf '%s\\0' "$a"; done > "${seen}.tmp"`,
    `mv "${seen}.tmp" "${seen}"`,
    "",
  ].join("\n");
  await Deno.writeTextFile(join(bin, "xdg-open"), script, { mode: 0o755 });
  const context: ApplicationsContext = {
    resolveInside: ws.resolveInside,
    apps: { rec: { executable: join(bin, "xdg-open"), args: ["-n", "x y"] } },
    host: { platform: "linux", env: { PATH: `${bin}:/usr/bin:/bin` } },
  };
  const next = async () => {
    for (let tries = 0; tries < 100; tries++) {
      const text = await Deno.readTextFile(seen).catch(() => undefined);
      if (text !== undefined) {
        await Deno.remove(seen);
        return text.split("\0").slice(0, -1);
      }
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    assert.fail("nothing was started");
  };
  /** The last start's pid, process group, session and stdio targets. */
  const started = async () => {
    const pid = Number(await Deno.readTextFile(`${seen}.pid`));
    const stat = await Deno.readTextFile(`${seen}.stat`);
    const [_state, _ppid, group, session] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const fds = (await Deno.readTextFile(`${seen}.fds`)).trim().split("\n");
    return { pid, group: Number(group), session: Number(session), fds };
  };
  return { context, next, started };
}

Deno.test("open_folder and open_in_browser hand one literal argument to the opener", async () => {
  await using ws = await testWorkspace();
  const { context, next } = await fakeDesktop(ws);
  await Deno.mkdir(join(ws.root, "a $(b) `c`"));
  assert.deepEqual(await openFolder({ path: "a $(b) `c`" }, context), {
    opened: "a $(b) `c`",
    app: null,
  });
  assert.deepEqual(await next(), [join(ws.root, "a $(b) `c`")]);
  await openInBrowser({ url: "https://example.com/x;y" }, context);
  assert.deepEqual(await next(), ["https://example.com/x;y"]);
  assert.equal(
    (await deskFailure(openFolder({ path: "../x" }, context))).code,
    "WORKSPACE_VIOLATION",
  );
  assert.equal((await deskFailure(openFolder({ path: "gone" }, context))).code, "FILE_NOT_FOUND");
});

Deno.test("open_app finds apps by own exact ID only, and a gone executable is EXECUTION_FAILED", async () => {
  await using ws = await testWorkspace();
  const { context, next, started } = await fakeDesktop(ws);
  await openApp({ app: "rec" }, context);
  assert.deepEqual(await next(), ["-n", "x y"]);
  // Detached: the leader of a session and process group of its own, its stdio on /dev/null.
  const launched = await started();
  assert.equal(launched.group, launched.pid);
  assert.equal(launched.session, launched.pid);
  assert.deepEqual(launched.fds, ["/dev/null", "/dev/null", "/dev/null"]);
  for (const app of ["Rec", "re", "constructor", "__proto__", "hasOwnProperty"]) {
    assert.equal((await deskFailure(openApp({ app }, context))).code, "APP_NOT_FOUND", app);
  }
  const gone = { ...context, apps: { gone: { executable: join(ws.root, "nope"), args: [] } } };
  assert.equal((await deskFailure(openApp({ app: "gone" }, gone))).code, "EXECUTION_FAILED");
  // An entry that is not a valid registration is as good as none.
  const relative = { ...context, apps: { rel: { executable: "xdg-open", args: [] } } };
  assert.equal((await deskFailure(openApp({ app: "rel" }, relative))).code, "APP_NOT_FOUND");
});

Deno.test("the opening actions' schemas are strict", () => {
  assert.ok(OpenAppArgsSchema.safeParse({ app: "code" }).success);
  for (const bad of [{ app: "code", args: [] }, { app: "" }, { app: "a b" }, { app: "../x" }, {}]) {
    assert.equal(OpenAppArgsSchema.safeParse(bad).success, false, JSON.stringify(bad));
  }
  assert.ok(OpenProjectArgsSchema.safeParse({ project: "p", app: "code" }).success);
  assert.equal(OpenProjectArgsSchema.safeParse({ project: "p", args: ["-x"] }).success, false);
});
