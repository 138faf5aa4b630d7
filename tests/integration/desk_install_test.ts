/**
 * DeskBridge's side of `leash install`, `leash desk` and `leash doctor`, as
 * a person runs them: the desk manifest beside the relay's admits the
 * origins the policy allows, the installed launcher starts the real
 * `leash-desk` that answers for the workspace the person added, and the
 * doctor names a broken desk link and its fix.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { DeskResponseSchema } from "../../contracts/desk/envelope.ts";
import { extensionOrigin } from "../../contracts/identity.ts";
import { record } from "./_desk_process.ts";
import { HostProcess } from "./_host_process.ts";
import { DoctorReportSchema, personEnv, runTask } from "./_host_tools.ts";

const otherId = "abcdefghijklmnopabcdefghijklmnop";

const ReportSchema = DoctorReportSchema;

async function doctorLinks(env: Record<string, string>) {
  const result = await runTask("doctor", ["--json"], env);
  const report = ReportSchema.parse(JSON.parse(result.stdout));
  return new Map(report.links.map((link) => [link.link, link]));
}

Deno.test("install writes leash-desk's manifest and launcher; the launcher serves the workspace leash desk added; doctor checks it", async () => {
  const root = await Deno.realPath(await Deno.makeTempDir({ prefix: "leash-desk-install-" }));
  const home = join(root, "home");
  await Deno.mkdir(join(home, ".config", "google-chrome"), { recursive: true });
  const project = join(root, "project");
  await Deno.mkdir(project);
  await Deno.writeTextFile(join(project, "README.md"), "# Project\n");
  const env = personEnv(home, join(root, "run"));
  try {
    const added = await runTask(
      "desk:policy",
      ["workspace", "add", project, "--name", "Project"],
      env,
    );
    assert.equal(added.code, 0, added.stderr);
    assert.equal((await runTask("desk:policy", ["allow-extension", otherId], env)).code, 0);
    const installed = await runTask("install", ["--dev"], env);
    assert.equal(installed.code, 0, installed.stderr);

    const manifestDir = join(home, ".config/google-chrome/NativeMessagingHosts");
    const desk = JSON.parse(await Deno.readTextFile(join(manifestDir, "dev.leash.desk.json")));
    assert.equal(desk.name, "dev.leash.desk");
    assert.deepEqual(desk.allowed_origins, [extensionOrigin, `chrome-extension://${otherId}/`]);
    const relay = JSON.parse(await Deno.readTextFile(join(manifestDir, "dev.leash.host.json")));
    assert.deepEqual(relay.allowed_origins, [extensionOrigin], "the relay admits only its own");

    // Chrome's way in: the manifest's path, our origin, the browser's environment.
    const host = HostProcess.spawn({
      command: desk.path,
      args: [extensionOrigin],
      cwd: join(home, ".config/leash"),
      env: { HOME: home, LEASH_DESK_CONFIG: "", XDG_CONFIG_HOME: "" },
    });
    await host.send({ version: 1, id: "1", action: "read_file", arguments: { path: "README.md" } });
    const answer = DeskResponseSchema.parse(await host.nextFrame());
    assert.ok(answer.success);
    assert.deepEqual(record(answer.data).content, "# Project\n");
    await host.closeStdin();
    assert.equal((await host.result()).code, 0);

    let links = await doctorLinks(env);
    assert.equal(links.get("desk manifest (Google Chrome)")?.state, "ok");
    assert.equal(links.get("desk executable")?.state, "ok");
    assert.match(
      links.get("desk policy")?.detail ?? "",
      /1 workspace, skills control, files, projects/,
    );

    await Deno.remove(desk.path);
    await Deno.writeTextFile(join(home, ".config/leash/desk.json"), "{");
    links = await doctorLinks(env);
    assert.equal(links.get("desk executable")?.state, "broken");
    assert.equal(links.get("desk policy")?.state, "broken");
    assert.match(links.get("desk policy")?.fix ?? "", /leash desk status/);

    const removed = await runTask("uninstall", [], env);
    assert.equal(removed.code, 0, removed.stderr);
    await assert.rejects(
      Deno.lstat(join(manifestDir, "dev.leash.desk.json")),
      Deno.errors.NotFound,
    );
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
