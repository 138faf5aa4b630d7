/**
 * Writing files while remembering what was created, so the receipt can
 * list exactly that.
 *
 * @module
 */
import { dirname } from "node:path";
import type { HostOs } from "../../local/host_config.ts";
import type { Receipt } from "./receipt.ts";

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.lstat(path);
    return true;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return false;
    throw error;
  }
}

/** Writes files with exact modes and records every file and new folder in a receipt. */
export class RecordingWriter {
  readonly #os: HostOs;
  /** What was written so far. */
  readonly receipt: Receipt = { version: 1, files: [], dirs: [], registryKeys: [] };

  constructor(os: HostOs) {
    this.#os = os;
  }

  /** Create `dir` and any missing parents with `mode`, recording each one created. */
  async ensureDir(dir: string, mode: number): Promise<void> {
    const missing: string[] = [];
    for (let at = dir; !await exists(at); at = dirname(at)) {
      missing.unshift(at);
      if (dirname(at) === at) break;
    }
    for (const path of missing) {
      await Deno.mkdir(path, { mode });
      if (this.#os !== "windows") await Deno.chmod(path, mode);
      this.receipt.dirs.push(path);
    }
  }

  /**
   * Write `text` to `path` with exactly `mode` (the umask does not apply),
   * creating its folder with `dirMode` when needed.
   */
  async writeFile(path: string, text: string, mode: number, dirMode: number): Promise<void> {
    await this.ensureDir(dirname(path), dirMode);
    await Deno.writeTextFile(path, text, { mode });
    if (this.#os !== "windows") await Deno.chmod(path, mode);
    if (!this.receipt.files.includes(path)) this.receipt.files.push(path);
  }

  /** Record a registry key the caller created. */
  recordRegistryKey(key: string): void {
    if (!this.receipt.registryKeys.includes(key)) this.receipt.registryKeys.push(key);
  }
}
