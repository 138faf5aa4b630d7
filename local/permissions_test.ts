import assert from "node:assert/strict";
import { permissionFlags } from "./permissions.ts";

const scope = { runtimeDir: "/run/leash", stateDir: "/state/leash" };

Deno.test("serve gets only its socket, its two dirs, the dir variables and its uid", () => {
  assert.deepEqual(permissionFlags("serve", scope), [
    "--no-prompt",
    "--allow-net=unix:/run/leash/broker.sock",
    "--allow-read=/run/leash,/state/leash",
    "--allow-write=/run/leash,/state/leash",
    "--allow-env=LEASH_*,XDG_RUNTIME_DIR,XDG_STATE_HOME,HOME",
    "--allow-sys=uid",
  ]);
});

Deno.test("status may read the runtime dir and reach the socket, nothing else", () => {
  const flags = permissionFlags("status", { runtimeDir: "/run/leash" });
  assert.ok(flags.includes("--allow-write=/run/leash/broker.sock"));
  assert.ok(flags.includes("--allow-read=/run/leash"));
  assert.ok(!flags.some((flag) => flag.startsWith("--allow-run")));
});

Deno.test("a placeholder without a value, or a path with a comma, is refused", () => {
  assert.throws(() => permissionFlags("serve", { runtimeDir: "/r" }), /no stateDir was given/);
  assert.throws(() => permissionFlags("status"), /no socket was given/);
  assert.throws(
    () => permissionFlags("status", { runtimeDir: "/a,/" }),
    /Cannot grant access to "\/a,\/broker.sock": the path contains a comma/,
  );
});

Deno.test("mcp may read its working directory only when one can be named", () => {
  const read = (workDir?: string) =>
    permissionFlags("mcp", { runtimeDir: "/r", ...(workDir === undefined ? {} : { workDir }) })
      .find((flag) => flag.startsWith("--allow-read="));
  assert.equal(read("/home/a/project"), "--allow-read=/r/token,/r/broker.sock,/home/a/project");
  // Without one, or with a comma that would split Deno's list, there is no grant, not a wider one.
  assert.equal(read(), "--allow-read=/r/token,/r/broker.sock");
  assert.equal(read("/home/a/x,/"), "--allow-read=/r/token,/r/broker.sock");
});

Deno.test("the deno.json tasks run the launcher with exactly the table's launcher set", async () => {
  const config = JSON.parse(await Deno.readTextFile(new URL("../deno.json", import.meta.url)));
  const launcher = ["deno", "run", ...permissionFlags("launcher"), "broker/launch.ts"].join(" ");
  assert.equal(config.tasks.broker, `${launcher} serve`);
  assert.equal(config.tasks.status, `${launcher} status`);
});
