/**
 * A private X display for a test: Xvfb on a free display number (no TCP),
 * openbox as its window manager, and fixture windows with known titles.
 * Disposing it kills every process it started, waits until no process is
 * left on the display (clipboard owners end with their X server), and
 * removes nothing else. Without the programs it skips locally and fails
 * under `CI=true`.
 *
 * @module
 */
import assert from "node:assert/strict";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Programs the display tests run. */
export const displayPrograms = [
  "Xvfb",
  "openbox",
  "xclip",
  "xdotool",
  "xprop",
  "xmessage",
  "import",
  "ps",
];

function which(name: string): string | undefined {
  for (const dir of ["/usr/bin", "/bin", "/usr/local/bin"]) {
    try {
      if (Deno.statSync(`${dir}/${name}`).isFile) return `${dir}/${name}`;
    } catch {
      // Not in this folder.
    }
  }
  return undefined;
}

/** Whether the display tests can run; under `CI=true` a missing program fails instead. */
export function displayTestsRun(): boolean {
  const missing = displayPrograms.filter((name) => which(name) === undefined);
  if (missing.length === 0) return true;
  if (Deno.env.get("CI") === "true") {
    assert.fail(`the display tests need ${missing.join(", ")} (installed by .ci/run)`);
  }
  console.log(`skipped: the display tests need ${missing.join(", ")}`);
  return false;
}

/** The class (instance name) of the fixture windows. */
const fixtureClass = "leash-fixture";

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function exists(path: string): Promise<boolean> {
  return await Deno.lstat(path).then(() => true, () => false);
}

/** A running private display. */
export class TestDisplay {
  readonly display: string;
  readonly #number: number;
  readonly #children: Deno.ChildProcess[] = [];

  private constructor(number: number, server: Deno.ChildProcess) {
    this.#number = number;
    this.display = `:${number}`;
    this.#children.push(server);
  }

  /**
   * Starts Xvfb (`width`×`height`) on the first free display from :90, then
   * openbox. Displays start one at a time across every test process (a
   * file lock): started at the same moment, an X server now and then came
   * up unable to serve its window manager, which then exited.
   */
  static async start(width = 800, height = 600): Promise<TestDisplay> {
    const lock = await Deno.open(join(tmpdir(), "leash-test-display.lock"), {
      create: true,
      write: true,
    });
    try {
      await lock.lock(true);
      return await TestDisplay.#startAlone(width, height);
    } finally {
      lock.close();
    }
  }

  static async #startAlone(width: number, height: number): Promise<TestDisplay> {
    let failure: unknown;
    for (let number = 90, tries = 0; number < 130 && tries < 3; number++) {
      if (await exists(`/tmp/.X${number}-lock`) || await exists(`/tmp/.X11-unix/X${number}`)) {
        continue;
      }
      const server = new Deno.Command(which("Xvfb")!, {
        args: [`:${number}`, "-nolisten", "tcp", "-screen", "0", `${width}x${height}x24`],
        clearEnv: true,
        env: { PATH: "/usr/bin:/bin" },
        stdin: "null",
        stdout: "null",
        stderr: "null",
      }).spawn();
      const display = new TestDisplay(number, server);
      if (!await display.#serving(server)) {
        // Another server took the number first: try the next.
        await display.#killAll();
        continue;
      }
      try {
        await display.#windowManager();
        return display;
      } catch (error) {
        // A server that cannot keep its window manager is dropped for a fresh one.
        failure = error;
        tries++;
        await display.#killAll();
      }
    }
    throw failure ?? new Error("Cannot start Xvfb: no free display number from :90 to :129");
  }

  /**
   * Whether `server` came up on the display: its socket is there and the
   * lock file names its pid (a server started at the same moment by
   * another test may hold the number instead).
   */
  async #serving(server: Deno.ChildProcess): Promise<boolean> {
    const exited = server.status.then(() => true);
    for (let i = 0; i < 300; i++) {
      const lock = await Deno.readTextFile(`/tmp/.X${this.#number}-lock`).catch(() => "");
      if (Number(lock.trim()) === server.pid && await exists(`/tmp/.X11-unix/X${this.#number}`)) {
        return true;
      }
      if (await Promise.race([exited, sleep(50).then(() => false)])) return false;
    }
    return false;
  }

  /** The environment a program on this display gets: its display and nothing else. */
  get env(): Record<string, string> {
    return { PATH: "/usr/bin:/bin", DISPLAY: this.display };
  }

  /** Starts `program` on the display, killed when the display stops. */
  spawn(program: string, args: string[], stdin?: string): Deno.ChildProcess {
    const child = this.#spawnChild(program, args, "null", stdin);
    if (stdin !== undefined) {
      const writer = child.stdin.getWriter();
      writer.write(new TextEncoder().encode(stdin)).then(() => writer.close());
    }
    return child;
  }

  #spawnChild(
    program: string,
    args: string[],
    stderr: "null" | "piped",
    stdin?: string,
  ): Deno.ChildProcess {
    const child = new Deno.Command(which(program)!, {
      args,
      clearEnv: true,
      env: this.env,
      stdin: stdin === undefined ? "null" : "piped",
      stdout: "null",
      stderr,
    }).spawn();
    this.#children.push(child);
    return child;
  }

  /** What `program` prints, run to its end on the display. */
  async output(program: string, args: string[]): Promise<{ code: number; stdout: string }> {
    const result = await new Deno.Command(which(program)!, {
      args,
      clearEnv: true,
      env: this.env,
      stdin: "null",
    }).output();
    return { code: result.code, stdout: new TextDecoder().decode(result.stdout) };
  }

  /**
   * Starts openbox and waits until it claims the screen. An openbox that
   * exits is started again on the same server, up to three times; what it
   * printed goes into the error, so a failure says why.
   */
  async #windowManager(): Promise<void> {
    const said: string[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const openbox = this.#spawnChild("openbox", ["--sm-disable"], "piped");
      const printed = new Response(openbox.stderr).text();
      const exited = openbox.status;
      // Generous: on a loaded machine openbox may take seconds to claim the screen.
      const deadline = Date.now() + 30_000;
      let ended: Deno.CommandStatus | undefined;
      while (Date.now() < deadline) {
        ended = await Promise.race([exited, sleep(0).then(() => undefined)]);
        if (ended !== undefined) break;
        const check = await this.output("xprop", ["-root", "_NET_SUPPORTING_WM_CHECK"]);
        if (check.code === 0 && /window id/.test(check.stdout)) return;
        await sleep(50);
      }
      if (ended === undefined) {
        said.push(`openbox did not claim the screen within 30 s`);
        break;
      }
      said.push(`openbox exited (${ended.code}): ${(await printed).trim().slice(-400)}`);
    }
    throw new Error(`Cannot start openbox on the test display: ${said.join("; ")}`);
  }

  /**
   * Opens an xmessage window titled `title` and waits until it is the
   * active window. openbox activates a new window itself; a window mapped
   * while a loaded machine kept it from managing one yet is asked for, as
   * a person's click on it would, every second until it is.
   */
  async fixtureWindow(title: string): Promise<void> {
    this.spawn("xmessage", ["-name", fixtureClass, "-title", title, "fixture window"]);
    const deadline = Date.now() + 30_000;
    let askedAt = Date.now();
    while (Date.now() < deadline) {
      const active = await this.output("xdotool", ["getactivewindow", "getwindowname"]);
      if (active.code === 0 && active.stdout.trim() === title) return;
      if (Date.now() - askedAt >= 1_000) {
        askedAt = Date.now();
        // By its class: a title beyond Latin-1 is not found by name.
        await this.output("xdotool", [
          "search",
          "--limit",
          "1",
          "--classname",
          `^${fixtureClass}$`,
          "windowactivate",
        ]);
      }
      await sleep(50);
    }
    throw new Error("The fixture window did not get the focus within 30 s");
  }

  /** Pids of the live processes whose environment names this display, as `ps` lists them. */
  async #onDisplay(): Promise<number[]> {
    const listed = await new Deno.Command(which("ps")!, {
      // BSD-style `e` adds each process's environment after its command line.
      args: ["-e", "-ww", "e", "-o", "pid=,stat=,args="],
      clearEnv: true,
      env: { PATH: "/usr/bin:/bin" },
      stdin: "null",
    }).output();
    const mark = new RegExp(`(^|\\s)DISPLAY=${this.display}(\\s|$)`);
    const pids: number[] = [];
    for (const line of new TextDecoder().decode(listed.stdout).split("\n")) {
      const [, pid, stat, rest] = /^\s*(\d+)\s+(\S+)\s+(.*)$/.exec(line) ?? [];
      if (rest !== undefined && !stat.startsWith("Z") && mark.test(rest)) pids.push(Number(pid));
    }
    return pids;
  }

  /**
   * Kills every process started here and the X server, then waits until no
   * process is left on the display; fails the test if one survives.
   */
  async stop(): Promise<void> {
    await this.#killAll();
    let left: number[] = [];
    for (let i = 0; i < 60; i++) {
      left = await this.#onDisplay();
      if (left.length === 0) break;
      await sleep(50);
    }
    assert.deepEqual(left, [], `processes left on display ${this.display}`);
    assert.equal(await exists(`/tmp/.X11-unix/X${this.#number}`), false, "the display's socket");
  }

  async #killAll(): Promise<void> {
    for (const child of this.#children.toReversed()) {
      // SIGTERM lets Xvfb remove its socket and lock file; SIGKILL if it lingers.
      for (const signal of ["SIGTERM", "SIGKILL"] as const) {
        try {
          child.kill(signal);
        } catch {
          // Already ended.
        }
        if (await Promise.race([child.status.then(() => true), sleep(2000).then(() => false)])) {
          break;
        }
      }
    }
    this.#children.length = 0;
  }
}
