/**
 * `leash doctor` as `deno task doctor`, shown each broken link of the chain
 * in turn: it must name the link and the command that fixes it, and exit
 * non-zero until every link holds.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { extensionOrigin } from "../../contracts/identity.ts";
import { hostManifest } from "../../broker/install/manifest.ts";
import { BrokerProcess, freshDirs } from "./_broker_process.ts";
import { helloRequest, HostProcess, providerHello, welcomeIn } from "./_host_process.ts";
import { DoctorReportSchema, personEnv, runTask } from "./_host_tools.ts";

const ReportSchema = DoctorReportSchema;

type Report = ReturnType<typeof ReportSchema.parse>;

async function doctor(env: Record<string, string>): Promise<{ code: number; report: Report }> {
  const result = await runTask("doctor", ["--json"], env);
  return { code: result.code, report: ReportSchema.parse(JSON.parse(result.stdout)) };
}

/** `link name → state` for a compact comparison. */
function states(report: Report): Record<string, string> {
  return Object.fromEntries(report.links.map((link) => [link.link, link.state]));
}

function link(report: Report, name: string) {
  const found = report.links.find((entry) => entry.link === name);
  assert.ok(found !== undefined, `no link named ${name}`);
  return found;
}

async function tempHome(profiles: readonly string[]): Promise<{ root: string; home: string }> {
  const root = await Deno.makeTempDir({ prefix: "leash-doctor-" });
  const home = join(root, "home");
  for (const profile of profiles) {
    await Deno.mkdir(join(home, ".config", profile), { recursive: true });
  }
  await Deno.mkdir(home, { recursive: true });
  return { root, home };
}

Deno.test("on a machine with nothing installed and no Broker, doctor names every broken link and its fix", async () => {
  const { root, home } = await tempHome([]);
  try {
    const { code, report } = await doctor(personEnv(home, join(root, "run")));
    assert.equal(code, 1);
    assert.equal(report.ok, false);
    assert.deepEqual(states(report), {
      "host config": "broken",
      "manifest": "broken",
      "desk policy": "ok",
      "broker reachable": "broken",
      "extension connected": "skipped",
    });
    assert.match(link(report, "desk policy").detail, /no workspace, every file action is refused/);
    assert.equal(link(report, "host config").fix, "deno task install");
    assert.equal(link(report, "manifest").fix, "deno task install --browser chrome");
    assert.equal(link(report, "broker reachable").fix, "deno task broker");
    const text = await runTask("doctor", [], personEnv(home, join(root, "run")));
    assert.equal(text.code, 1);
    assert.match(text.stdout, /Broken: host config/);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("after install with a Broker running, doctor reports the extension link until a provider connects through the launcher", async () => {
  const { root, home } = await tempHome(["google-chrome"]);
  const dirs = await freshDirs();
  const broker = await BrokerProcess.start(dirs);
  const env = personEnv(home, dirs.runtimeDir);
  try {
    assert.equal((await runTask("install", ["--dev"], env)).code, 0);
    // Doctor follows the runtime dir the installed config names, as the host does.
    const fromConfig = { ...env, LEASH_RUNTIME_DIR: "" };
    const waiting = await doctor(fromConfig);
    assert.equal(waiting.code, 1);
    assert.deepEqual(states(waiting.report), {
      "host config": "ok",
      "manifest (Google Chrome)": "ok",
      "host executable": "ok",
      "desk manifest (Google Chrome)": "ok",
      "desk executable": "ok",
      "desk policy": "ok",
      "broker reachable": "ok",
      "extension connected": "broken",
    });
    assert.match(link(waiting.report, "extension connected").fix ?? "", /extension/);

    const appDir = join(home, ".config/leash");
    const host = HostProcess.spawn({
      command: join(appDir, "leash-host-dev"),
      args: [extensionOrigin],
      cwd: appDir,
      env: { HOME: home, LEASH_RUNTIME_DIR: "", LEASH_HOST_CONFIG: "" },
    });
    await host.send(helloRequest(providerHello("doctor-sees-me")));
    welcomeIn(await host.nextFrame());
    const healthy = await doctor(fromConfig);
    assert.equal(healthy.code, 0);
    assert.equal(healthy.report.ok, true);
    assert.match(link(healthy.report, "extension connected").detail, /doctor-sees-me/);
    await host.closeStdin();
    await host.result();
  } finally {
    await broker.stop();
    await Deno.remove(dirs.root, { recursive: true });
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("doctor reports a damaged manifest, a foreign allowlist, a launcher that is not executable or missing, and a broken host config", async () => {
  const { root, home } = await tempHome(["google-chrome"]);
  const env = personEnv(home, join(root, "run"));
  const manifestPath = join(home, ".config/google-chrome/NativeMessagingHosts/dev.leash.host.json");
  const appDir = join(home, ".config/leash");
  const launcher = join(appDir, "leash-host-dev");
  try {
    assert.equal((await runTask("install", ["--dev"], env)).code, 0);

    await Deno.writeTextFile(manifestPath, "{");
    let { report } = await doctor(env);
    assert.equal(link(report, "manifest (Google Chrome)").state, "broken");
    assert.match(link(report, "manifest (Google Chrome)").detail, /not JSON/);
    assert.equal(
      link(report, "manifest (Google Chrome)").fix,
      "deno task install --browser chrome",
    );

    const foreign = hostManifest(launcher, [
      "chrome-extension://abcdefghijklmnopabcdefghijklmnop/",
    ]);
    await Deno.writeTextFile(manifestPath, JSON.stringify(foreign));
    ({ report } = await doctor(env));
    assert.match(
      link(report, "manifest (Google Chrome)").detail,
      new RegExp(`does not allow ${extensionOrigin}`),
    );

    await Deno.writeTextFile(
      manifestPath,
      JSON.stringify(hostManifest(launcher, [extensionOrigin])),
    );
    await Deno.chmod(launcher, 0o644);
    ({ report } = await doctor(env));
    assert.equal(link(report, "manifest (Google Chrome)").state, "ok");
    assert.equal(link(report, "host executable").state, "broken");
    assert.equal(link(report, "host executable").fix, `chmod +x ${launcher}`);

    await Deno.remove(launcher);
    ({ report } = await doctor(env));
    assert.match(link(report, "host executable").detail, /missing/);
    assert.match(link(report, "host executable").fix ?? "", /install --dev/);

    await Deno.writeTextFile(join(appDir, "host.json"), JSON.stringify({ runtimeDir: "relative" }));
    ({ report } = await doctor(env));
    assert.equal(link(report, "host config").state, "broken");
    assert.equal(link(report, "host config").fix, "deno task install");
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
