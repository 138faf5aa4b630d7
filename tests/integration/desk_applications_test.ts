/**
 * The Applications skill through the real `leash-desk` child: the real
 * `xdg-open` over private XDG folders whose `mimeapps.list` sends folders
 * and web URLs to a recorder `.desktop` handler (a script that writes the
 * argv and environment names it got), registered apps launched the same
 * way, and `preview_web` fetched over real loopback HTTP.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { readDeskPolicy, writeDeskPolicy } from "../../local/desk_policy.ts";
import { DeskProcess, type DeskWorld, deskWorld, record } from "./_desk_process.ts";

function findXdgOpen(): string | undefined {
  const dirs = [...(Deno.env.get("PATH") ?? "").split(":"), "/usr/bin", "/bin"];
  return dirs.map((dir) => join(dir, "xdg-open")).find((path) => {
    try {
      return Deno.statSync(path).isFile;
    } catch {
      return false;
    }
  });
}

const hasXdgOpen = findXdgOpen() !== undefined;
if (!hasXdgOpen) {
  if (Deno.env.get("CI") === "true") {
    throw new Error("Cannot run the applications tests: xdg-open is missing; CI=true forbids it");
  }
  console.error("Skipping the applications tests: xdg-open is missing (install xdg-utils).");
}

/** What one start of the recorder saw. */
interface Recorded {
  argv: string[];
  envNames: string[];
}

/** A private desktop: XDG folders, a recorder handler for folders and web URLs, its records. */
interface Desktop {
  recorder: string;
  env: Record<string, string>;
  /** The next record, waited for; fails after a few seconds. */
  next(): Promise<Recorded>;
  /** How many starts were recorded so far. */
  count(): Promise<number>;
}

async function desktop(root: string): Promise<Desktop> {
  const records = join(root, "records");
  const config = join(root, "xdg-config");
  const data = join(root, "xdg-data");
  await Deno.mkdir(records);
  await Deno.mkdir(config);
  await Deno.mkdir(join(data, "applications"), { recursive: true });
  const recorder = join(root, "recorder.sh");
  // Each start writes its argv (NUL-separated) and its variables' names, then renames them in.
  await Deno.writeTextFile(
    recorder,
    [
      "#!/bin/sh",
      `out="${records}/$$"`,
      `for arg in "$@"; do printf '%s\\0' "$arg"; done > "$out.tmp"`,
      `env | sed -n 's/^\\([A-Za-z_][A-Za-z0-9_]*\\)=.*/\\1/p' > "$out.env"`,
      `mv "$out.tmp" "$out.argv"`,
      "",
    ].join("\n"),
    { mode: 0o755 },
  );
  await Deno.writeTextFile(
    join(data, "applications", "leash-recorder.desktop"),
    `[Desktop Entry]\nType=Application\nName=Recorder\nExec=${recorder} %u\n`,
  );
  await Deno.writeTextFile(
    join(config, "mimeapps.list"),
    [
      "[Default Applications]",
      "x-scheme-handler/http=leash-recorder.desktop",
      "x-scheme-handler/https=leash-recorder.desktop",
      "inode/directory=leash-recorder.desktop",
      "",
    ].join("\n"),
  );
  const seen = new Set<string>();
  const argvFiles = async () => {
    const names: string[] = [];
    for await (const entry of Deno.readDir(records)) {
      if (entry.name.endsWith(".argv")) names.push(entry.name);
    }
    return names;
  };
  return {
    recorder,
    env: {
      XDG_CONFIG_HOME: config,
      XDG_DATA_HOME: data,
      // The system's shared MIME database tells xdg-mime that a folder is inode/directory.
      XDG_DATA_DIRS: "/usr/share",
      // A desktop no branch of xdg-open knows: its generic path, the mimeapps.list above.
      XDG_CURRENT_DESKTOP: "X-Generic",
      // xdg-open consults handlers only with a display; nothing connects to it.
      DISPLAY: ":leash-test",
      // Were the recorder not chosen, no real browser starts.
      BROWSER: "/bin/false",
      LEASH_DESK_TEST_SECRET: "must-not-leak",
    },
    async next() {
      for (let tries = 0; tries < 100; tries++) {
        const fresh = (await argvFiles()).filter((name) => !seen.has(name));
        if (fresh.length > 0) {
          assert.equal(fresh.length, 1, "one start per action");
          seen.add(fresh[0]);
          const base = join(records, fresh[0].slice(0, -".argv".length));
          const argv = (await Deno.readTextFile(`${base}.argv`)).split("\0").slice(0, -1);
          const envNames = (await Deno.readTextFile(`${base}.env`)).trim().split("\n");
          return { argv, envNames };
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      assert.fail("the recorder was not started");
    },
    async count() {
      return (await argvFiles()).length;
    },
  };
}

/** Turns the applications area on and registers two apps: the recorder, and one that is gone. */
async function registerApps(world: DeskWorld, recorder: string): Promise<void> {
  const policy = await readDeskPolicy(world.policyPath);
  policy.enabledAreas = ["files", "applications"];
  policy.apps = {
    recorder: { executable: recorder, args: ["--fixed", "two words"] },
    missing: { executable: "/nonexistent/leash-app", args: [] },
  };
  await writeDeskPolicy(world.policyPath, policy);
}

async function withDesktop(
  test: (desk: DeskProcess, world: DeskWorld, desktop: Desktop) => Promise<void>,
): Promise<void> {
  const world = await deskWorld();
  const shell = await desktop(world.root);
  await registerApps(world, shell.recorder);
  const desk = new DeskProcess(world, undefined, shell.env);
  try {
    await test(desk, world, shell);
    assert.equal(await desk.close(), 0, "leash-desk exits 0 when the port closes");
  } finally {
    await desk.close();
    await world.dispose();
  }
}

const hostile = "a b $(touch pwned); `touch pwned2` 'q'";

Deno.test({
  name:
    "open_in_browser hands the URL to the desktop's handler literally, with only the opener's environment",
  ignore: !hasXdgOpen,
  fn: () =>
    withDesktop(async (desk, world, shell) => {
      const raw = `https://example.com/${hostile}?q=${hostile}#frag`;
      const href = new URL(raw).href;
      // Spaces and quotes are percent-encoded by the URL parser; `$(`, `;` and backticks are not.
      assert.match(href, /\$\(touch%20pwned\);%20`touch%20pwned2`/);
      const opened = await desk.ok("open_in_browser", { url: raw });
      assert.equal(opened.opened, href);
      const seen = await shell.next();
      assert.deepEqual(seen.argv, [href]);
      assert.ok(seen.envNames.includes("DISPLAY"));
      assert.ok(seen.envNames.includes("XDG_CURRENT_DESKTOP"));
      assert.ok(!seen.envNames.includes("LEASH_DESK_TEST_SECRET"), "the host's variables stay");
      assert.ok(!seen.envNames.includes("LEASH_DESK_CONFIG"));
      for (const dir of [world.root, world.ws, Deno.cwd()]) {
        for (const name of ["pwned", "pwned2"]) {
          assert.equal(await Deno.stat(join(dir, name)).catch(() => undefined), undefined);
        }
      }

      for (
        const url of [
          "ftp://example.com/file",
          "javascript:alert(1)",
          "file:///etc/passwd",
          "mailto:someone@example.com",
        ]
      ) {
        assert.equal(await desk.code("open_in_browser", { url }), "UNSUPPORTED_PROTOCOL", url);
      }
      for (const url of ["https://user:pass@example.com/", "http://user@example.com/", "nope"]) {
        assert.equal(await desk.code("open_in_browser", { url }), "INVALID_URL", url);
      }
      assert.equal(
        await desk.code("open_in_browser", { url: "https://a.b/", x: 1 }),
        "INVALID_REQUEST",
      );
      assert.equal(await shell.count(), 1, "no refused URL reached the desktop");
    }),
});

Deno.test({
  name:
    "open_folder and open_project open a workspace folder through the path rule, literally, in the opener or a registered app",
  ignore: !hasXdgOpen,
  fn: () =>
    withDesktop(async (desk, world, shell) => {
      const folder = join(world.ws, hostile);
      await Deno.mkdir(folder);
      await Deno.mkdir(join(world.ws, ".ssh"));
      await Deno.writeTextFile(join(world.ws, "file.txt"), "x");

      assert.deepEqual(await desk.ok("open_folder", { path: hostile }), {
        opened: hostile,
        app: null,
      });
      assert.deepEqual((await shell.next()).argv, [folder]);

      await desk.ok("open_project", { project: hostile });
      assert.deepEqual((await shell.next()).argv, [folder]);
      assert.deepEqual(await desk.ok("open_project", { project: folder, app: "recorder" }), {
        opened: folder,
        app: "recorder",
      });
      assert.deepEqual((await shell.next()).argv, ["--fixed", "two words", folder]);

      assert.equal(await desk.code("open_folder", { path: "../.." }), "WORKSPACE_VIOLATION");
      assert.equal(await desk.code("open_folder", { path: "/etc" }), "WORKSPACE_VIOLATION");
      assert.equal(await desk.code("open_folder", { path: "absent" }), "FILE_NOT_FOUND");
      assert.equal(await desk.code("open_folder", { path: "file.txt" }), "FILE_NOT_FOUND");
      assert.equal(await desk.code("open_folder", { path: ".ssh" }), "PERMISSION_DENIED");
      assert.equal(
        await desk.code("open_project", { project: hostile, app: "Recorder" }),
        "APP_NOT_FOUND",
      );
      assert.equal(await shell.count(), 3, "no refused folder reached the desktop");
    }),
});

Deno.test({
  name: "open_app starts exactly the registered executable and arguments, by exact ID only",
  ignore: !hasXdgOpen,
  fn: () =>
    withDesktop(async (desk, _world, shell) => {
      assert.deepEqual(await desk.ok("open_app", { app: "recorder" }), {
        opened: "recorder",
        app: "recorder",
      });
      const seen = await shell.next();
      assert.deepEqual(seen.argv, ["--fixed", "two words"]);
      assert.ok(!seen.envNames.includes("LEASH_DESK_TEST_SECRET"));
      for (const app of ["Recorder", "record", "recorder ", "constructor", "toString"]) {
        const code = await desk.code("open_app", { app });
        assert.ok(code === "APP_NOT_FOUND" || code === "INVALID_REQUEST", `${app}: ${code}`);
      }
      assert.equal(await desk.code("open_app", { app: "recorde" }), "APP_NOT_FOUND");
      assert.equal(
        await desk.code("open_app", { app: "recorder", args: ["--evil"] }),
        "INVALID_REQUEST",
      );
      assert.equal(await desk.code("open_app", { app: "missing" }), "EXECUTION_FAILED");
      assert.equal(await shell.count(), 1);
    }),
});

/** One raw HTTP/1.1 request, so the test controls the target and the Host header byte for byte. */
async function rawGet(port: number, target: string, host = `127.0.0.1:${port}`, method = "GET") {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  await conn.write(
    new TextEncoder().encode(
      `${method} ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
    ),
  );
  const text = await new Response(conn.readable).text();
  const [head, ...body] = text.split("\r\n\r\n");
  return { status: Number(head.split(" ")[1]), head, body: body.join("\r\n\r\n") };
}

Deno.test({
  name:
    "preview_web serves one folder on loopback under a token, with the Host checked and the path rule applied",
  ignore: !hasXdgOpen,
  fn: () =>
    withDesktop(async (desk, world) => {
      const site = join(world.ws, "site");
      await Deno.mkdir(join(site, "sub"), { recursive: true });
      await Deno.writeTextFile(join(site, "index.html"), "<h1>hello</h1>");
      await Deno.writeTextFile(join(site, "style.css"), "h1 { color: red }");
      await Deno.writeTextFile(join(site, "sub", "a b.txt"), "spaced");
      await Deno.writeTextFile(join(site, ".env"), "TOKEN=secret");
      await Deno.writeTextFile(join(world.ws, "beside.txt"), "in the workspace, not the folder");
      await Deno.writeTextFile(join(world.root, "outside.txt"), "outside");
      await Deno.symlink(join(world.root, "outside.txt"), join(site, "link-out.txt"));
      await Deno.symlink(join(world.root, "outside.txt"), join(site, "sub", "listed-link.txt"));

      const started = await desk.ok("preview_web", { path: "site" });
      const url = new URL(String(started.url));
      assert.equal(url.hostname, "127.0.0.1");
      assert.match(url.pathname, /^\/[0-9a-f]{48}\/$/);
      assert.equal(started.reused, false);
      const port = Number(url.port);

      const index = await fetch(url);
      assert.equal(index.status, 200);
      assert.equal(index.headers.get("content-type"), "text/html; charset=utf-8");
      assert.equal(index.headers.get("referrer-policy"), "no-referrer");
      assert.equal(await index.text(), "<h1>hello</h1>");
      const css = await fetch(new URL("style.css", url));
      assert.equal(css.headers.get("content-type"), "text/css; charset=utf-8");
      assert.equal(await css.text(), "h1 { color: red }");
      const spaced = await fetch(new URL("sub/a%20b.txt", url));
      assert.equal(await spaced.text(), "spaced");
      const listing = await fetch(new URL("sub/", url));
      const html = await listing.text();
      assert.match(html, /a%20b\.txt/);
      assert.doesNotMatch(html, /listed-link/, "a link out of the workspace is not listed");

      const token = url.pathname.slice(1, -1);
      const wrong = `${token.slice(0, -1)}${token.endsWith("0") ? "1" : "0"}`;
      assert.equal((await rawGet(port, `/${wrong}/index.html`)).status, 404);
      assert.equal((await rawGet(port, "/index.html")).status, 404);
      assert.equal((await rawGet(port, `/${token}/index.html`, "evil.example")).status, 403);
      assert.equal(
        (await rawGet(port, `/${token}/index.html`, `attacker.example:${port}`)).status,
        403,
      );
      assert.equal((await rawGet(port, `/${token}/index.html`, `localhost:${port}`)).status, 200);
      for (
        const target of [
          `/${token}/.env`,
          `/${token}/link-out.txt`,
          `/${token}/../beside.txt`,
          `/${token}/%2e%2e/beside.txt`,
          `/${token}/sub/..%2f..%2fbeside.txt`,
          `/${token}/../../outside.txt`,
        ]
      ) {
        const got = await rawGet(port, target);
        assert.equal(got.status, 403, target);
        assert.doesNotMatch(got.body, /secret|outside|workspace, not/, target);
      }
      assert.equal((await rawGet(port, `/${token}/absent.txt`)).status, 404);
      const host = `127.0.0.1:${port}`;
      assert.equal((await rawGet(port, `/${token}/index.html`, host, "POST")).status, 405);
      const head = await rawGet(port, `/${token}/style.css`, host, "HEAD");
      assert.equal(head.status, 200);
      assert.match(head.head, /content-length: 17/i);
      assert.equal(head.body, "");

      const again = await desk.ok("preview_web", { path: "site" });
      assert.equal(again.url, started.url);
      assert.equal(again.reused, true);
      assert.equal(await desk.code("preview_web", { path: ".." }), "WORKSPACE_VIOLATION");
      assert.equal(await desk.code("preview_web", { path: "absent" }), "FILE_NOT_FOUND");

      // Turned off while it runs: the next request is refused at once.
      const policy = await readDeskPolicy(world.policyPath);
      policy.enabledAreas = ["files"];
      await writeDeskPolicy(world.policyPath, policy);
      assert.equal((await rawGet(port, `/${token}/index.html`)).status, 403);
      assert.equal(await desk.code("preview_web", { path: "site" }), "SKILL_DISABLED");

      assert.equal(await desk.close(), 0);
      await assert.rejects(
        Deno.connect({ hostname: "127.0.0.1", port }),
        "the preview stops with the host",
      );
    }),
});

Deno.test("every applications action answers SKILL_DISABLED when the area is off, after its arguments", async () => {
  const world = await deskWorld();
  const desk = new DeskProcess(world);
  try {
    assert.equal(await desk.code("open_folder", { path: "." }), "SKILL_DISABLED");
    assert.equal(await desk.code("open_project", { project: "." }), "SKILL_DISABLED");
    assert.equal(
      await desk.code("open_in_browser", { url: "https://example.com/" }),
      "SKILL_DISABLED",
    );
    assert.equal(await desk.code("open_app", { app: "editor" }), "SKILL_DISABLED");
    assert.equal(await desk.code("preview_web", {}), "SKILL_DISABLED");
    assert.equal(await desk.code("open_app", {}), "INVALID_REQUEST");
    assert.equal(await desk.code("preview_web", { path: 3 }), "INVALID_REQUEST");
    const profile = await desk.ok("get_skill_profile", { area: "applications" });
    const [area] = Array.isArray(profile.areas) ? profile.areas.map(record) : [];
    assert.equal(area.enabled, false);
    assert.equal(area.runtimeAvailable, hasXdgOpen);
    assert.equal(area.refusal, "SKILL_DISABLED");
    assert.equal(record(area.limits).previewsMax, 4);
    assert.equal(await desk.close(), 0);
  } finally {
    await desk.close();
    await world.dispose();
  }
});
