/**
 * Ignore rules with `.gitignore` semantics, through the `ignore` package:
 * each folder's `.gitignore` applies to the paths under that folder, a
 * deeper file can re-include what a shallower one ignored, and `.git/` is
 * always ignored. Ignored paths are skipped by listing and search and stay
 * readable by explicit path.
 *
 * A `.gitignore` is read only when it is a plain file with one link and at
 * most 64 KB; anything else is treated as absent, so a rules file cannot be
 * a way to read outside the workspace.
 *
 * @module
 */
import ignore, { type Ignore } from "ignore";
import { join } from "node:path";

const maxRulesBytes = 64 * 1024;

/** One folder's rules, with the folder's workspace-relative path. */
interface Layer {
  /** `""` for the root, else `a/b/`. */
  prefix: string;
  rules: Ignore;
}

/** The rules in force in one folder of a walk: its own and every ancestor's. */
export class IgnoreRules {
  readonly #layers: readonly Layer[];

  private constructor(layers: readonly Layer[]) {
    this.#layers = layers;
  }

  /** The root's rules: `.git/` and the root's `.gitignore`. */
  static async forRoot(root: string): Promise<IgnoreRules> {
    const base: Layer = { prefix: "", rules: ignore().add(".git/") };
    return await new IgnoreRules([base]).enter(root, "");
  }

  /**
   * The rules for the folder `relative` (`a/b`, `/`-separated) at `absolute`:
   * these plus that folder's `.gitignore`, when it has one.
   */
  async enter(absolute: string, relative: string): Promise<IgnoreRules> {
    const text = await readRulesFile(join(absolute, ".gitignore"));
    if (text === undefined) return this;
    const prefix = relative === "" ? "" : `${relative}/`;
    return new IgnoreRules([...this.#layers, { prefix, rules: ignore().add(text) }]);
  }

  /** Whether `relative` (a folder when `isDirectory`) is ignored. */
  ignores(relative: string, isDirectory: boolean): boolean {
    let ignored = false;
    for (const layer of this.#layers) {
      if (!relative.startsWith(layer.prefix)) continue;
      const below = relative.slice(layer.prefix.length);
      if (below === "") continue;
      const verdict = layer.rules.test(isDirectory ? `${below}/` : below);
      if (verdict.ignored) ignored = true;
      else if (verdict.unignored) ignored = false;
    }
    return ignored;
  }
}

async function readRulesFile(path: string): Promise<string | undefined> {
  try {
    const info = await Deno.lstat(path);
    if (!info.isFile || (info.nlink ?? 1) > 1 || info.size > maxRulesBytes) return undefined;
    return await Deno.readTextFile(path);
  } catch {
    return undefined;
  }
}
