/**
 * `leash install` / `leash uninstall` as `deno task install|uninstall`, in a
 * temporary HOME: exactly the expected files with exactly the expected
 * modes, and nothing left behind after uninstall.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { extensionOrigin } from "../../contracts/identity.ts";
import { staticPermissionFlags } from "../../local/static_flags.ts";
import { devLauncherScript } from "../../broker/install/dev_launcher.ts";
import { deskManifest, hostManifest } from "../../broker/install/manifest.ts";
import { permissionFlags } from "../../local/permissions.ts";
import { hostExitCodes } from "../../native_host/exit_codes.ts";
import { deskDenoArgs, hostDenoArgs } from "../../local/host_run_args.ts";
import { BrokerProcess, freshDirs } from "./_broker_process.ts";
import { helloRequest, HostProcess, providerHello, welcomeIn } from "./_host_process.ts";
import { personEnv, runTask, tree } from "./_host_tools.ts";

const manifestDir = (browserDir: string) => `.config/${browserDir}/NativeMessagingHosts`;
const manifest = (browserDir: string) => `${manifestDir(browserDir)}/dev.leash.host.json`;
const deskManifestOf = (browserDir: string) => `${manifestDir(browserDir)}/dev.leash.desk.json`;

async function tempHome(profiles: readonly string[] = []): Promise<string> {
  const root = await Deno.makeTempDir({ prefix: "leash-install-" });
  const home = join(root, "home");
  await Deno.mkdir(home, { mode: 0o755 });
  for (const profile of profiles) {
    await Deno.mkdir(join(home, ".config", profile), { recursive: true });
  }
  return root;
}

Deno.test("install --dev writes the host config, the launcher, one manifest per browser present and a receipt, with exact modes; uninstall leaves the tree as it was", async () => {
  const root = await tempHome(["google-chrome", "BraveSoftware/Brave-Browser"]);
  const home = join(root, "home");
  const runtimeDir = join(root, "run");
  const env = personEnv(home, runtimeDir);
  try {
    const before = await tree(home);
    const installed = await runTask("install", ["--dev"], env);
    assert.equal(installed.code, 0, installed.stderr);

    const added = (await tree(home)).filter((line) => !before.includes(line));
    assert.deepEqual(
      added,
      [
        `644 ${manifest("BraveSoftware/Brave-Browser")}`,
        `644 ${manifest("google-chrome")}`,
        `644 ${deskManifestOf("BraveSoftware/Brave-Browser")}`,
        `644 ${deskManifestOf("google-chrome")}`,
        `700 .config/leash`,
        `600 .config/leash/host.json`,
        `600 .config/leash/install-receipt.json`,
        `755 .config/leash/leash-host-dev`,
        `755 .config/leash/leash-desk-dev`,
        `755 ${manifestDir("BraveSoftware/Brave-Browser")}`,
        `755 ${manifestDir("google-chrome")}`,
      ].sort(),
    );

    const hostConfig = join(home, ".config/leash/host.json");
    const launcher = join(home, ".config/leash/leash-host-dev");
    const deskLauncher = join(home, ".config/leash/leash-desk-dev");
    for (const browserDir of ["google-chrome", "BraveSoftware/Brave-Browser"]) {
      const written = JSON.parse(await Deno.readTextFile(join(home, manifest(browserDir))));
      assert.deepEqual(written, hostManifest(launcher, [extensionOrigin]));
      const desk = JSON.parse(await Deno.readTextFile(join(home, deskManifestOf(browserDir))));
      assert.deepEqual(desk, deskManifest(deskLauncher, [extensionOrigin]));
    }
    assert.equal(
      await Deno.readTextFile(deskLauncher),
      devLauncherScript("linux", {
        deno: Deno.execPath(),
        args: deskDenoArgs(),
        hostConfig: join(home, ".config/leash/desk.json"),
        host: "desk",
      }),
    );
    assert.deepEqual(JSON.parse(await Deno.readTextFile(hostConfig)), {
      runtimeDir,
      allowedOrigins: [extensionOrigin],
    });
    const script = await Deno.readTextFile(launcher);
    const scope = { runtimeDir, hostConfig };
    assert.equal(
      script,
      devLauncherScript("linux", { deno: Deno.execPath(), args: hostDenoArgs(scope), hostConfig }),
    );
    assert.ok(script.split("\n")[0].length < 255);
    for (const flag of permissionFlags("host", scope)) assert.ok(script.includes(`'${flag}'`));

    const removed = await runTask("uninstall", [], env);
    assert.equal(removed.code, 0, removed.stderr);
    assert.deepEqual(await tree(home), before);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("install into a new --user-data-dir and a browser named but absent creates their folders, and uninstall removes exactly those", async () => {
  const root = await tempHome();
  const home = join(root, "home");
  const profile = join(root, "profile");
  const hostPath = join(root, "bin", "leash-host");
  const env = personEnv(home, join(root, "run"));
  try {
    const first = await runTask(
      "install",
      ["--user-data-dir", profile, "--host-path", hostPath],
      env,
    );
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stderr, /does not exist yet/);
    const second = await runTask("install", ["--browser", "edge", "--host-path", hostPath], env);
    assert.equal(second.code, 0, second.stderr);

    assert.deepEqual(await tree(profile), [
      "644 NativeMessagingHosts/dev.leash.desk.json",
      "644 NativeMessagingHosts/dev.leash.host.json",
      "755 NativeMessagingHosts",
    ]);
    assert.deepEqual(
      await tree(home),
      [
        `644 ${manifest("microsoft-edge")}`,
        `644 ${deskManifestOf("microsoft-edge")}`,
        "600 .config/leash/host.json",
        "600 .config/leash/install-receipt.json",
        "700 .config",
        "700 .config/leash",
        "755 .config/microsoft-edge",
        `755 ${manifestDir("microsoft-edge")}`,
      ].sort(),
    );
    const written = JSON.parse(
      await Deno.readTextFile(join(profile, "NativeMessagingHosts/dev.leash.host.json")),
    );
    assert.deepEqual(written, hostManifest(hostPath, [extensionOrigin]));

    const removed = await runTask("uninstall", [], env);
    assert.equal(removed.code, 0, removed.stderr);
    assert.deepEqual(await tree(home), []);
    await assert.rejects(Deno.lstat(profile), Deno.errors.NotFound);
    const again = await runTask("uninstall", [], env);
    assert.equal(again.code, 0);
    assert.match(again.stdout, /Nothing to uninstall/);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("install finds no browser to serve, or is given bad arguments, and writes nothing", async () => {
  const root = await tempHome();
  const home = join(root, "home");
  const env = personEnv(home, join(root, "run"));
  try {
    const none = await runTask("install", ["--dev"], env);
    assert.equal(none.code, 1);
    assert.match(none.stderr, /no browser profile found/);
    const usage = await Promise.all([
      ["--browser", "firefox"],
      ["--browser", "chrome", "--user-data-dir", root],
      ["--allow-origin", "https://example.com/"],
      ["--dev", "--host-path", "/x"],
      ["--no-such-flag"],
    ].map((args) => runTask("install", args, env)));
    for (const result of usage) assert.equal(result.code, 2, result.stderr);
    assert.deepEqual(await tree(home), []);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("the installed dev launcher runs the host as Chrome would: our origin reaches the Broker, another does not", async () => {
  const root = await tempHome(["chromium"]);
  const home = join(root, "home");
  const dirs = await freshDirs();
  const broker = await BrokerProcess.start(dirs);
  try {
    const installed = await runTask("install", ["--dev"], personEnv(home, dirs.runtimeDir));
    assert.equal(installed.code, 0, installed.stderr);
    const appDir = join(home, ".config/leash");
    const launcher = join(appDir, "leash-host-dev");
    // Chrome's environment is the browser's: no Leash overrides; the config names the runtime dir.
    const chromeEnv = { HOME: home, LEASH_RUNTIME_DIR: "", LEASH_HOST_CONFIG: "" };
    const spawn = (origin: string) =>
      HostProcess.spawn({ command: launcher, args: [origin], cwd: appDir, env: chromeEnv });

    const host = spawn(extensionOrigin);
    await host.send(helloRequest(providerHello("launched")));
    welcomeIn(await host.nextFrame());
    await host.closeStdin();
    assert.equal((await host.result()).code, hostExitCodes.ok);

    const stranger = spawn("chrome-extension://abcdefghijklmnopabcdefghijklmnop/");
    const refused = await stranger.result();
    assert.equal(refused.code, hostExitCodes.originRejected);
    assert.equal(refused.stdout.length, 0);
  } finally {
    await broker.stop();
    await Deno.remove(dirs.root, { recursive: true });
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("the host, install, uninstall and doctor tasks run with the permission table's flags", async () => {
  const config = JSON.parse(await Deno.readTextFile(new URL("../../deno.json", import.meta.url)));
  const tasks: Record<string, string> = config.tasks;
  const run = (flags: string[], rest: string) => `deno run ${flags.join(" ")} ${rest}`;
  assert.equal(tasks.host, run(permissionFlags("hostLauncher"), "native_host/launch.ts"));
  assert.equal(
    tasks.install,
    run(staticPermissionFlags(["install"]), "broker/install/main.ts install"),
  );
  assert.equal(
    tasks.uninstall,
    run(staticPermissionFlags(["uninstall"]), "broker/install/main.ts uninstall"),
  );
  assert.equal(tasks.doctor, run(staticPermissionFlags(["doctor"]), "broker/doctor/main.ts"));
  assert.equal(tasks.desk, run(permissionFlags("deskLauncher"), "desk/launch.ts"));
  assert.equal(
    tasks["desk:policy"],
    run(staticPermissionFlags(["deskPolicy"]), "broker/main.ts desk"),
  );
});
