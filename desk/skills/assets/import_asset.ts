/**
 * `import_asset`: copies one file from a folder the person configured as an
 * import root (a downloads folder, say) into the workspace. The source must
 * stay inside a root by path component both as written and after every
 * link is resolved, must not be sensitive by the host's rule, must be a
 * regular file within the size limit, and its bytes must be an accepted
 * kind that agrees with its extension. Every refusal is
 * `ASSET_IMPORT_DENIED`, so a refusal tells nothing about what lies outside
 * the roots.
 *
 * @module
 */
import { createHash } from "node:crypto";
import { lstat, open, realpath } from "node:fs/promises";
import { basename, extname, isAbsolute, relative, resolve, sep } from "node:path";
import { z } from "zod";
import { DeskFailure } from "../../../contracts/desk/codes.ts";
import { publishFile } from "../publish.ts";
import type { ResolveInside, SkillAction } from "../skill.ts";
import { assetKinds, SNIFF_BYTES, sniffKind } from "./content_type.ts";
import { destination } from "../destination.ts";
import { safeFileName } from "../file_name.ts";

/** What `import_asset` needs from the host. */
export interface ImportContext {
  readonly resolveInside: ResolveInside;
  /** Absolute folders the person allowed imports from. */
  readonly importRoots: readonly string[];
  /** The host's sensitivity rule (keys, `.env`, credentials), applied to the source. */
  readonly isSensitive: (path: string) => boolean;
  readonly maxBytes?: number;
}

/** The import size limit when the host sets none. */
export const DEFAULT_IMPORT_MAX_BYTES = 100 * 1024 * 1024;

const noNul = (value: string) => !value.includes("\0");

/** `import_asset`'s arguments. */
export const ImportAssetArgsSchema = z.strictObject({
  /** An absolute path inside an import root. */
  source: z.string().min(1).max(4096).refine(noNul),
  /** A workspace folder or file path. */
  dest: z.string().min(1).max(4096).refine(noNul),
});

/** `import_asset`'s arguments, validated. */
export type ImportAssetArgs = z.infer<typeof ImportAssetArgsSchema>;

/** What was imported. */
export interface ImportResult {
  readonly path: string;
  readonly bytes: number;
  readonly contentType: string;
  readonly sha256: string;
}

function inside(path: string, root: string): boolean {
  const rest = relative(root, path);
  // By path component: `imports_evil` is not inside `imports`.
  return rest !== "" && rest !== ".." && !rest.startsWith(`..${sep}`) && !isAbsolute(rest);
}

function denied(reason: string): DeskFailure {
  return new DeskFailure("ASSET_IMPORT_DENIED", { reason });
}

/** The real path of `source` when it may be imported. */
async function admittedSource(source: string, context: ImportContext): Promise<string> {
  if (!isAbsolute(source)) throw denied("relative");
  const written = resolve(source);
  if (!context.importRoots.some((root) => inside(written, resolve(root)))) throw denied("root");
  let real: string;
  try {
    real = await realpath(written);
  } catch {
    // Inside a root, so saying it is missing reveals nothing beyond the root.
    throw new DeskFailure("FILE_NOT_FOUND");
  }
  const roots = await Promise.all(
    context.importRoots.map((root) => realpath(root).catch(() => undefined)),
  );
  if (!roots.some((root) => root !== undefined && inside(real, root))) throw denied("link");
  if (context.isSensitive(written) || context.isSensitive(real)) throw denied("sensitive");
  // Before opening: opening a FIFO would block until a writer came.
  if (!(await lstat(real)).isFile()) throw denied("not-a-file");
  return real;
}

/** Copies `args.source` from an import root into the workspace. */
export async function importAsset(
  args: ImportAssetArgs,
  context: ImportContext,
): Promise<ImportResult> {
  const real = await admittedSource(args.source, context);
  const maxBytes = context.maxBytes ?? DEFAULT_IMPORT_MAX_BYTES;
  // Read through one handle, so the file checked is the file copied.
  const source = await open(real, "r");
  try {
    const info = await source.stat();
    if (!info.isFile()) throw denied("not-a-file");
    if (info.size > maxBytes) throw denied("size");
    const head = new Uint8Array(Math.min(SNIFF_BYTES, info.size));
    await source.read(head, 0, head.length, 0);
    const extension = extname(real).slice(1).toLowerCase();
    const named = assetKinds.filter((kind) =>
      kind.extension === extension || (extension === "jpeg" && kind.extension === "jpg")
    );
    const kind = sniffKind(head, named);
    if (kind === undefined) throw denied("type");
    const place = await destination(args.dest, safeFileName(basename(real), kind.extension), {
      extension: kind.extension,
      resolveInside: context.resolveInside,
    });
    const hash = createHash("sha256");
    let bytes = 0;
    await publishFile(place.absolute, async (file) => {
      const buffer = new Uint8Array(64 * 1024);
      for (;;) {
        const { bytesRead } = await source.read(buffer, 0, buffer.length, bytes);
        if (bytesRead === 0) break;
        bytes += bytesRead;
        if (bytes > maxBytes) throw denied("size");
        hash.update(buffer.subarray(0, bytesRead));
        await file.write(buffer.subarray(0, bytesRead));
      }
    });
    return { path: place.relative, bytes, contentType: kind.type, sha256: hash.digest("hex") };
  } finally {
    await source.close();
  }
}

/** The `import_asset` action. */
export const importAssetAction: SkillAction<
  typeof ImportAssetArgsSchema,
  ImportContext,
  ImportResult
> = { action: "import_asset", schema: ImportAssetArgsSchema, run: importAsset };
