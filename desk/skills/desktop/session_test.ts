import assert from "node:assert/strict";
import { desktopSession } from "./session.ts";
import { desktopTools } from "./tools.ts";

const reader = (vars: Record<string, string>) => (name: string) => vars[name];

Deno.test("desktopSession passes the display variables and nothing else of the host's environment", () => {
  const session = desktopSession(
    reader({
      DISPLAY: ":5",
      HOME: "/home/me",
      AWS_SECRET_ACCESS_KEY: "must-not-pass",
      PATH: "/home/me/evil:/usr/bin",
      WAYLAND_DISPLAY: "",
    }),
    "linux",
  );
  assert.equal(session.kind, "x11");
  assert.deepEqual(session.env, {
    PATH: "/usr/bin:/bin:/usr/sbin",
    LANG: "C.UTF-8",
    DISPLAY: ":5",
    XAUTHORITY: "/home/me/.Xauthority",
  });
  const wayland = desktopSession(
    reader({ DISPLAY: ":0", WAYLAND_DISPLAY: "wayland-0", XDG_RUNTIME_DIR: "/run/user/1" }),
    "linux",
  );
  assert.equal(wayland.kind, "wayland");
  assert.equal(wayland.env.XDG_RUNTIME_DIR, "/run/user/1");
  assert.equal(desktopSession(reader({ DISPLAY: "" }), "linux").kind, undefined);
});

Deno.test("desktopTools finds programs in the fixed folders only and says what is missing and why", () => {
  const installed = (paths: string[]) => (path: string) => paths.includes(path);
  const x11 = desktopSession(reader({ DISPLAY: ":5" }), "linux");
  assert.deepEqual(desktopTools("clipboard", x11, installed(["/usr/bin/xclip", "/bin/xsel"])), {
    available: true,
    tools: { xclip: "/usr/bin/xclip" },
  });
  assert.deepEqual(desktopTools("clipboard", x11, installed(["/bin/xsel"])), {
    available: true,
    tools: { xsel: "/bin/xsel" },
  });
  const missing = desktopTools("windows", x11, installed(["/opt/bin/import"]));
  assert.equal(missing.available, false);
  assert.ok(!missing.available && missing.missing === "import + xdotool + xprop");
  const wayland = desktopSession(reader({ WAYLAND_DISPLAY: "wayland-0" }), "linux");
  const screen = desktopTools("windows", wayland, () => true);
  assert.ok(!screen.available && screen.missing === "X11 session");
  const none = desktopTools("clipboard", desktopSession(reader({}), "linux"), () => true);
  assert.ok(!none.available && none.missing === "display");
});
