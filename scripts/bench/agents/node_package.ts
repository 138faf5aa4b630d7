/**
 * How to run an npm MCP server from the workspace's `node_modules` under
 * Node: its bin script, its version, and whether the installed Node
 * satisfies its `engines.node` range (a server that needs a newer Node is
 * skipped with a note rather than run somewhere it does not support).
 *
 * @module
 */
import { z } from "zod";

const nodeModules = new URL("../../../node_modules/", import.meta.url);

const PackageJsonSchema = z.object({
  version: z.string(),
  bin: z.union([z.string(), z.record(z.string(), z.string())]),
  engines: z.object({ node: z.string().optional() }).optional(),
});

/** An installed npm package that ships an MCP server bin. */
export interface NodePackage {
  name: string;
  version: string;
  /** Absolute path of the bin script. */
  bin: string;
  /** `engines.node`, when the package states one. */
  engines?: string;
}

/** Read `name`'s package.json and resolve its bin `binName` (its only bin when omitted). */
export async function readNodePackage(name: string, binName?: string): Promise<NodePackage> {
  const root = new URL(`${name}/`, nodeModules);
  const text = await Deno.readTextFile(new URL("package.json", root)).catch((error) => {
    throw new Error(`Cannot read ${name}: not installed (run deno install): ${error}`);
  });
  const manifest = PackageJsonSchema.parse(JSON.parse(text));
  const relative = typeof manifest.bin === "string"
    ? manifest.bin
    : manifest.bin[binName ?? Object.keys(manifest.bin)[0]];
  if (relative === undefined) throw new Error(`Cannot run ${name}: it has no bin ${binName}`);
  return {
    name,
    version: manifest.version,
    bin: new URL(relative, root).pathname,
    ...(manifest.engines?.node === undefined ? {} : { engines: manifest.engines.node }),
  };
}

/** The installed Node's version (`20.20.2`), or `undefined` when `node` does not run. */
export async function nodeVersion(): Promise<string | undefined> {
  try {
    const output = await new Deno.Command("node", { args: ["--version"], stdout: "piped" })
      .output();
    if (!output.success) return undefined;
    return new TextDecoder().decode(output.stdout).trim().replace(/^v/, "");
  } catch {
    return undefined;
  }
}

type Version = [number, number, number];

function parseVersion(text: string): Version | undefined {
  const match = /^(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(text.trim());
  if (match === null) return undefined;
  return [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)];
}

function compare(a: Version, b: Version): number {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

function satisfiesOne(version: Version, comparator: string): boolean {
  const match = /^(\^|>=|>|<=|<|=)?\s*v?(.+)$/.exec(comparator.trim());
  const bound = match === null ? undefined : parseVersion(match[2]);
  if (match === null || bound === undefined) return false;
  const order = compare(version, bound);
  switch (match[1]) {
    case "^":
      return order >= 0 && version[0] === bound[0];
    case ">=":
      return order >= 0;
    case ">":
      return order > 0;
    case "<=":
      return order <= 0;
    case "<":
      return order < 0;
    default:
      return order === 0;
  }
}

/**
 * Whether `version` satisfies an `engines` range made of `||`-joined sets of
 * space-separated comparators (`^`, `>=`, `>`, `<=`, `<`, `=`), the forms
 * these packages use; an unreadable range is not satisfied.
 */
export function satisfies(version: string, range: string): boolean {
  const parsed = parseVersion(version);
  if (parsed === undefined) return false;
  return range.split("||").some((set) => {
    const comparators = set.trim().split(/\s+/).filter((part) => part !== "");
    return comparators.length > 0 && comparators.every((part) => satisfiesOne(parsed, part));
  });
}

/**
 * Why `installed` cannot run under node `version` (`undefined`: no node
 * here), or `undefined` when it can: the reason a benchmark prints instead
 * of a number.
 */
export function cannotRun(installed: NodePackage, version: string | undefined): string | undefined {
  if (version === undefined) {
    return `skipped: node does not run here (${installed.name} needs Node)`;
  }
  if (installed.engines !== undefined && !satisfies(version, installed.engines)) {
    return `skipped: ${installed.name} ${installed.version} needs node ${installed.engines}, ` +
      `this machine has ${version}`;
  }
  return undefined;
}
