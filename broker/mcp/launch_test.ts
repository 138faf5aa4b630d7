import assert from "node:assert/strict";
import { permissionFlags } from "../../local/permissions.ts";
import { mcpRunArgs } from "./launch.ts";

Deno.test("deno task mcp runs the launcher with exactly the table's launcher set", async () => {
  const config = JSON.parse(await Deno.readTextFile(new URL("../../deno.json", import.meta.url)));
  const launcher = ["deno", "run", ...permissionFlags("launcher"), "broker/mcp/launch.ts"];
  assert.equal(config.tasks.mcp, launcher.join(" "));
});

Deno.test("the MCP server runs with the mcp set: the token, the socket and its working directory", () => {
  const args = mcpRunArgs("/run/leash", ["--x"]);
  assert.deepEqual(args.slice(0, 7), [
    "run",
    "--no-prompt",
    "--allow-net=unix:/run/leash/broker.sock",
    `--allow-read=/run/leash/token,/run/leash/broker.sock,${Deno.cwd()}`,
    "--allow-write=/run/leash/broker.sock",
    "--allow-env=LEASH_*,XDG_RUNTIME_DIR,XDG_STATE_HOME,HOME",
    "--allow-sys=uid",
  ]);
  assert.match(args[7], /broker\/mcp\/main\.ts$/);
  assert.deepEqual(args.slice(8), ["--x", "--runtime-dir=/run/leash"]);
});
