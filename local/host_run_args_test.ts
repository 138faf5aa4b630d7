import assert from "node:assert/strict";
import { hostDenoArgs, hostMainPath, workspaceConfigPath } from "./host_run_args.ts";

Deno.test("the host runs with its config, the token and the socket, and nothing more", () => {
  const args = hostDenoArgs({
    runtimeDir: "/run/leash",
    hostConfig: "/home/a/.config/leash/host.json",
  }, [
    "chrome-extension://eoijildolnmgmfgdgjflhdkjachcdkfm/",
  ]);
  assert.deepEqual(args, [
    "run",
    "--config",
    workspaceConfigPath,
    "--no-prompt",
    "--allow-net=unix:/run/leash/broker.sock",
    "--allow-read=/home/a/.config/leash/host.json,/run/leash/token,/run/leash/broker.sock",
    "--allow-write=/run/leash/broker.sock",
    "--allow-env=LEASH_RUNTIME_DIR,LEASH_HOST_CONFIG,XDG_CONFIG_HOME,XDG_RUNTIME_DIR,HOME,APPDATA",
    "--allow-sys=uid",
    hostMainPath,
    "chrome-extension://eoijildolnmgmfgdgjflhdkjachcdkfm/",
  ]);
});
