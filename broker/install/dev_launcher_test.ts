import assert from "node:assert/strict";
import { devLauncherScript, shellQuote } from "./dev_launcher.ts";

Deno.test("shellQuote() survives sh with quotes, spaces and dollars", async () => {
  const words = ["plain", "with space", "it's", "$HOME", 'a"b', ""];
  const output = await new Deno.Command("sh", {
    args: ["-c", `printf '%s\\n' ${words.map(shellQuote).join(" ")}`],
    stdout: "piped",
  }).output();
  assert.deepEqual(new TextDecoder().decode(output.stdout).split("\n").slice(0, -1), words);
});

Deno.test("the sh launcher keeps its shebang short and passes Chrome's arguments on", () => {
  const script = devLauncherScript("linux", {
    deno: "/usr/bin/deno",
    args: ["run", `--allow-read=${"/very/long/path".repeat(40)}`, "/repo/native_host/main.ts"],
    hostConfig: "/home/a/.config/leash/host.json",
  });
  const lines = script.split("\n");
  assert.equal(lines[0], "#!/bin/sh");
  assert.ok(lines.at(-2)?.startsWith("exec '/usr/bin/deno' 'run' "));
  assert.ok(lines.at(-2)?.endsWith(` '/repo/native_host/main.ts' "$@"`));
});
