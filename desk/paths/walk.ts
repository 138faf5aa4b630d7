/**
 * A bounded, breadth-first walk of a folder inside a workspace, for listing
 * and search: links are reported, never followed; sensitive entries are
 * counted, never named; ignored ones are skipped (and counted) unless asked
 * for; it stops at the entry limit and says whether anything was left.
 *
 * @module
 */
import { join } from "node:path";
import { IgnoreRules } from "./ignore_rules.ts";
import type { WorkspaceTarget } from "./resolve.ts";
import { isSensitiveName } from "./sensitive.ts";
import { pathComponents } from "./syntax.ts";

/** One entry met on the walk. */
export interface WalkEntry {
  /** Relative to the workspace root, `/`-separated. */
  path: string;
  type: "file" | "folder" | "link" | "other";
  /** Bytes, for files. */
  size?: number;
}

/** What a walk found. */
export interface WalkResult {
  entries: WalkEntry[];
  /** Whether entries were left out because of the limit. */
  truncated: boolean;
  /** Sensitive entries skipped: counted only. */
  sensitive: number;
  /** Ignored entries skipped. */
  ignored: number;
}

/** How far a walk goes. */
export interface WalkOptions {
  /** Folder levels below the start; 1 lists the start folder only. */
  depth: number;
  /** The most entries returned. */
  limit: number;
  includeIgnored?: boolean;
}

/** The ignore rules in force in the folder `relative` of `root`. */
async function rulesFor(root: string, relative: string): Promise<IgnoreRules> {
  let rules = await IgnoreRules.forRoot(root);
  const parts = pathComponents(relative);
  for (let index = 1; index <= parts.length; index++) {
    const folder = parts.slice(0, index).join("/");
    rules = await rules.enter(join(root, ...parts.slice(0, index)), folder);
  }
  return rules;
}

/** Walk the folder `start` (which the path rule passed for reading). */
export async function walkFolder(
  start: WorkspaceTarget,
  options: WalkOptions,
): Promise<WalkResult> {
  const result: WalkResult = { entries: [], truncated: false, sensitive: 0, ignored: 0 };
  const queue: { absolute: string; relative: string; level: number; rules: IgnoreRules }[] = [
    {
      absolute: start.absolute,
      relative: start.relative,
      level: 1,
      rules: await rulesFor(start.root, start.relative),
    },
  ];
  for (let folder = queue.shift(); folder !== undefined; folder = queue.shift()) {
    const children: Deno.DirEntry[] = [];
    for await (const child of Deno.readDir(folder.absolute)) children.push(child);
    children.sort((a, b) => a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
    for (const child of children) {
      const path = folder.relative === "" ? child.name : `${folder.relative}/${child.name}`;
      if (isSensitiveName(child.name)) {
        result.sensitive++;
        continue;
      }
      if (!options.includeIgnored && folder.rules.ignores(path, child.isDirectory)) {
        result.ignored++;
        continue;
      }
      if (result.entries.length === options.limit) {
        result.truncated = true;
        return result;
      }
      const absolute = join(folder.absolute, child.name);
      const entry: WalkEntry = {
        path,
        type: child.isSymlink
          ? "link"
          : child.isDirectory
          ? "folder"
          : child.isFile
          ? "file"
          : "other",
      };
      if (child.isFile) entry.size = (await Deno.lstat(absolute)).size;
      result.entries.push(entry);
      if (child.isDirectory && folder.level < options.depth) {
        queue.push({
          absolute,
          relative: path,
          level: folder.level + 1,
          rules: await folder.rules.enter(absolute, path),
        });
      }
    }
  }
  return result;
}
