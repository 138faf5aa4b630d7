/**
 * The one table of Deno permissions for every Broker entry point. The
 * `deno task` launchers, the integration tests and the compile task all
 * read it, so a process never runs with more than is written here.
 *
 * Paths are placeholders because the runtime and state dirs are chosen at
 * start (flags, `LEASH_*`, `XDG_*`, `HOME`). `deno.json` task strings are
 * static, so `deno task broker` runs {@link ./launch.ts} with the small,
 * fixed `launcher` set below; the launcher resolves the dirs exactly as the
 * Broker would, fills the placeholders and re-executes `broker/main.ts` with
 * the scoped set. A test holds the task strings to this table.
 *
 * @module
 */
import { runtimePath } from "./dirs.ts";

/** A permission that takes an allow-list, by its `--allow-<name>` flag. */
export type PermissionName = "net" | "read" | "write" | "env" | "sys" | "run";

/** One entry point's allow-lists. Absent means denied. */
export type PermissionSet = Partial<Record<PermissionName, readonly string[]>>;

/**
 * Values for the placeholders: `{runtimeDir}`, `{stateDir}`, `{socket}` and
 * `{token}` (the Broker's socket and token inside the runtime dir), and
 * `{hostConfig}`.
 */
export interface PermissionScope {
  runtimeDir: string;
  stateDir?: string;
  /** The Native Host's config file, for `{hostConfig}`. */
  hostConfig?: string;
  /** The working directory, for `{workDir}`; without it (or with a comma in it) no grant. */
  workDir?: string;
}

/** Environment variables every entry point may read to find its dirs. */
export const dirEnvNames = ["LEASH_*", "XDG_RUNTIME_DIR", "XDG_STATE_HOME", "HOME"] as const;

/** Environment variables the Native Host and its tools read to find the host config and runtime dir. */
export const hostEnvNames = [
  "LEASH_RUNTIME_DIR",
  "LEASH_HOST_CONFIG",
  "XDG_CONFIG_HOME",
  "XDG_RUNTIME_DIR",
  "HOME",
  "APPDATA",
] as const;

/** Environment variables DeskBridge's host and the `leash desk` verbs read to find the desk policy. */
export const deskEnvNames = ["LEASH_DESK_CONFIG", "XDG_CONFIG_HOME", "HOME", "APPDATA"] as const;

/** What install, uninstall and doctor read: both hosts' config locations. */
export const installEnvNames = [...hostEnvNames, "LEASH_DESK_CONFIG"] as const;

/** Every entry point and what it may touch. */
export const permissionTable = {
  /** The Broker daemon: its socket, its two dirs, and its uid for the ownership check. */
  serve: {
    net: ["unix:{socket}"],
    read: ["{runtimeDir}", "{stateDir}"],
    write: ["{runtimeDir}", "{stateDir}"],
    env: dirEnvNames,
    sys: ["uid"],
  },
  /**
   * `leash status`: reads the token and speaks to the socket as a client
   * (connecting to a Unix socket needs write access to its path).
   */
  status: {
    net: ["unix:{socket}"],
    read: ["{runtimeDir}"],
    write: ["{socket}"],
    env: dirEnvNames,
    sys: ["uid"],
  },
  /** `leash journal`: reads the audit trail; WAL lets it read while the Broker writes. */
  journal: {
    read: ["{stateDir}"],
    env: dirEnvNames,
  },
  /**
   * `leash mcp` and the agent verbs: a client like `status`, reading the
   * token and reaching the socket, and reading under the working directory
   * it was started in (`{workDir}`, the agent's project), the only place
   * `browser_upload` takes files from.
   */
  mcp: {
    net: ["unix:{socket}"],
    read: ["{token}", "{socket}", "{workDir}"],
    write: ["{socket}"],
    env: dirEnvNames,
    sys: ["uid"],
  },
  /**
   * The `deno task` launcher. It only resolves dirs and starts `deno` with
   * one of the sets above; it never touches the socket or the token.
   */
  launcher: {
    env: dirEnvNames,
    sys: ["uid"],
    run: ["deno"],
  },

  // ── Native Host, installer and doctor (native_host/, broker/install/, broker/doctor/) ──
  // `{token}` is the token file in the runtime dir; `{hostConfig}` the host config file.
  // `{userPaths}` stands for per-user paths chosen at run time (browser profiles,
  // `--user-data-dir`, the Leash app dir); it is never filled: those entries run with the
  // grant widened (see local/static_flags.ts), as the compiled `leash` does.
  /**
   * The Native Host, the smallest set of all: read its config and the token,
   * connect the socket. It drops even these once connected.
   */
  host: {
    net: ["unix:{socket}"],
    read: ["{hostConfig}", "{token}", "{socket}"],
    write: ["{socket}"],
    env: hostEnvNames,
    sys: ["uid"],
  },
  /** `deno task host`: resolves the paths, then runs the host with the `host` set. */
  hostLauncher: {
    env: hostEnvNames,
    sys: ["uid"],
    run: ["deno"],
  },
  /**
   * `leash install`: writes both hosts' manifests, the dev launchers, the host
   * config and its receipt, and reads the desk policy's allowed origins.
   */
  install: {
    read: ["{userPaths}"],
    write: ["{userPaths}"],
    env: installEnvNames,
    sys: ["uid"],
  },
  /** `leash uninstall`: removes what the receipt lists. */
  uninstall: {
    read: ["{userPaths}"],
    write: ["{userPaths}"],
    env: installEnvNames,
    sys: ["uid"],
  },
  /** `leash doctor`: reads what install wrote and asks the Broker for its instances. */
  doctor: {
    net: ["unix:{socket}"],
    read: ["{userPaths}", "{runtimeDir}"],
    write: ["{socket}"],
    env: installEnvNames,
    sys: ["uid"],
  },

  // ── DeskBridge (desk/, and the `leash desk` verbs) ──
  /**
   * DeskBridge's host, `leash-desk`: it reads the desk policy and acts inside
   * the workspaces the person named, which are per-user paths chosen at run
   * time, so its file grants are whole; the one path rule in `desk/paths/`
   * is what keeps it inside them. No Broker.
   *
   * `run` names `{allowlistedExecutables}`: the narrowest set that works
   * would be exactly the allowlist's executables, but the person edits the
   * allowlist while the host runs (the policy is read again for every
   * request) and `deno compile` bakes the flags in at build time, so no
   * list written at start can stay right; the grant is whole and the
   * commands engine is what holds it to the allowlist (absolute paths only,
   * no shell, no `PATH` search). The applications skill spawns too: the
   * platform's opener and the person's registered applications, by
   * absolute path, argv only; and the clipboard and windows skills, only
   * their fixed programs (xclip, `import`, …) found in fixed system
   * folders, never on `PATH`, with the display variables only.
   *
   * `net` names `{publicNet}`: `download_asset` dials whatever public
   * address the caller's URL resolves to, so the grant is whole and the
   * assets engine's address classifier refuses loopback, private,
   * link-local and reserved ranges before any connection is made. The same
   * grant lets `preview_web` listen, on 127.0.0.1 only.
   */
  desk: {
    net: ["{publicNet}"],
    read: ["{userPaths}"],
    write: ["{userPaths}"],
    // `{wholeEnvironment}`: wasm-vips (Emscripten's Node build) copies the whole process
    // environment into libvips as it starts, and cannot be given another; so the grant is whole.
    // Nothing of it leaves the host: commands start from their own minimal environment, and
    // no answer carries a variable. The names listed are the ones the host itself reads
    // (`LEASH_DESK_TEST_SERVER_PORT` is the tests' download switch).
    env: [...deskEnvNames, "LEASH_DESK_TEST_SERVER_PORT", "{wholeEnvironment}"],
    // libvips sizes its thread pool from the CPU count.
    sys: ["cpus"],
    run: ["{allowlistedExecutables}"],
  },
  /** `deno task desk`: runs the host from source with the `desk` set. */
  deskLauncher: {
    env: deskEnvNames,
    run: ["deno"],
  },
  /** `leash desk …`: reads and writes the desk policy and checks workspace folders. */
  deskPolicy: {
    read: ["{userPaths}"],
    write: ["{userPaths}"],
    env: deskEnvNames,
  },
  /** Windows only, added to install/uninstall/doctor there: the registry through `reg.exe`. */
  registry: {
    run: ["reg"],
  },
} as const satisfies Record<string, PermissionSet>;

/** The name of an entry point in {@linkcode permissionTable}. */
export type EntryPoint = keyof typeof permissionTable;

const order: readonly PermissionName[] = ["net", "read", "write", "env", "sys", "run"];

function placeholder(name: string, scope: PermissionScope): string | undefined {
  switch (name) {
    case "socket":
    case "token":
      return runtimePath(scope.runtimeDir, name);
    case "runtimeDir":
      return scope.runtimeDir;
    case "stateDir":
      return scope.stateDir;
    case "hostConfig":
      return scope.hostConfig;
    case "workDir":
      return scope.workDir;
    default:
      return undefined;
  }
}

function fill(item: string, scope: PermissionScope | undefined): string {
  return item.replaceAll(/\{(\w+)\}/g, (_match, name: string) => {
    const value = scope === undefined ? undefined : placeholder(name, scope);
    if (value === undefined) {
      throw new Error(`Cannot fill permission "${item}": no ${name} was given`);
    }
    // Deno splits allow-lists on commas; a comma in a path would widen or break the list.
    if (value.includes(",")) {
      throw new Error(`Cannot grant access to "${value}": the path contains a comma`);
    }
    return value;
  });
}

/**
 * The `deno run` flags for `entry`, with placeholders filled from `scope`.
 * Always starts with `--no-prompt`, so a missing grant fails instead of
 * asking a person at a terminal.
 *
 * @example
 * ```ts
 * permissionFlags("serve", { runtimeDir: "/run/user/1000/leash", stateDir: "/home/a/.local/state/leash" });
 * // ["--no-prompt", "--allow-net=unix:/run/user/1000/leash/broker.sock", "--allow-read=…", …]
 * ```
 */
export function permissionFlags(entry: EntryPoint, scope?: PermissionScope): string[] {
  const set: PermissionSet = permissionTable[entry];
  const flags = ["--no-prompt"];
  for (const name of order) {
    const items = set[name];
    if (items === undefined) continue;
    const filled = items.flatMap((item) => {
      // A grant only for convenience goes when its path cannot be named; the rest must be.
      if (!item.includes("{workDir}")) return [fill(item, scope)];
      const workDir = scope?.workDir;
      return workDir === undefined || workDir.includes(",") ? [] : [fill(item, scope)];
    });
    flags.push(`--allow-${name}=${filled.join(",")}`);
  }
  return flags;
}
