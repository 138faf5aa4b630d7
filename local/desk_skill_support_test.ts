import assert from "node:assert/strict";
import { deskSkillSupport } from "./desk_skill_support.ts";

Deno.test("deskSkillSupport finds the desktop programs in the fixed folders only and names what is missing", () => {
  const installed = (paths: string[]) => (path: string) => paths.includes(path);
  assert.deepEqual(
    deskSkillSupport("clipboard", "linux", installed(["/usr/bin/xsel"])),
    { available: true },
  );
  assert.deepEqual(
    deskSkillSupport("clipboard", "linux", installed(["/home/me/bin/xclip"])),
    { available: false, reason: "needs xclip or xsel or wl-copy + wl-paste" },
  );
  assert.deepEqual(
    deskSkillSupport("windows", "linux", installed(["/usr/bin/import", "/usr/bin/xdotool"])),
    { available: false, reason: "needs import + xdotool + xprop" },
  );
  assert.deepEqual(
    deskSkillSupport(
      "windows",
      "linux",
      installed(["/usr/bin/import", "/usr/bin/xdotool", "/bin/xprop"]),
    ),
    { available: true },
  );
  assert.deepEqual(
    deskSkillSupport(
      "windows",
      "darwin",
      installed(["/usr/sbin/screencapture", "/usr/bin/osascript"]),
    ),
    { available: true },
  );
  assert.deepEqual(
    deskSkillSupport(
      "clipboard",
      "windows",
      installed(["C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe"]),
    ),
    { available: true },
  );
});

Deno.test("deskSkillSupport finds the platform's opener for applications, and names it when missing", () => {
  const installed = (paths: string[]) => (path: string) => paths.includes(path);
  assert.deepEqual(
    deskSkillSupport("applications", "linux", installed(["/usr/bin/xdg-open"])),
    { available: true },
  );
  assert.deepEqual(
    deskSkillSupport("applications", "linux", installed(["/home/me/bin/xdg-open"])),
    { available: false, reason: "needs xdg-open (xdg-utils)" },
  );
  assert.deepEqual(deskSkillSupport("applications", "darwin", installed([])), {
    available: false,
    reason: "needs open",
  });
  assert.deepEqual(deskSkillSupport("applications", "windows", installed([])), {
    available: true,
  });
});
