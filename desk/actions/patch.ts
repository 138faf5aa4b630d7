/**
 * `patch_file`: exact text edits, all or none, through the path rule and
 * the temp-file-and-rename write, keeping the file's BOM, line endings and
 * mode; answers with a unified diff, the number of replacements and the
 * new hash. `dryRun` answers the same without writing; `expectedSha256`
 * refuses a file that changed since the caller read it.
 *
 * @module
 */
import { createTwoFilesPatch } from "diff";
import type { DeskArguments } from "../../contracts/desk/actions.ts";
import { DeskFailure } from "../../contracts/desk/codes.ts";
import { deskFileLimits } from "../../contracts/desk/limits.ts";
import type { DeskCall } from "../context.ts";
import { readTarget, sha256Hex, writeTarget } from "../paths/file_io.ts";
import { resolvePath } from "./targets.ts";
import { applyEdits, joinText, splitText } from "../patch/apply_edits.ts";

const strict = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const encoder = new TextEncoder();

/** `patch_file`. */
export async function patchFile(args: DeskArguments<"patch_file">, call: DeskCall) {
  const target = await resolvePath(call, args.workspace, args.path, "write");
  const file = await readTarget(target, deskFileLimits.patchFileBytesMax);
  if (file.bytes.length < file.size) {
    throw new DeskFailure("ACTION_NOT_ALLOWED", { reason: "file-too-large" });
  }
  const before = await sha256Hex(file.bytes);
  if (args.expectedSha256 !== undefined && args.expectedSha256 !== before) {
    throw new DeskFailure("PATCH_TARGET_NOT_FOUND", { reason: "stale-hash" });
  }
  let raw: string;
  try {
    raw = strict.decode(file.bytes);
  } catch {
    throw new DeskFailure("ACTION_NOT_ALLOWED", { reason: "not-text" });
  }
  const split = splitText(raw);
  const outcome = applyEdits(split.text, args.edits);
  const bytes = encoder.encode(joinText(split, outcome.text));
  let diff = createTwoFilesPatch(
    `a/${target.relative}`,
    `b/${target.relative}`,
    split.text,
    outcome.text,
    undefined,
    undefined,
    { context: 3 },
  );
  const diffTruncated = diff.length > deskFileLimits.diffCharsMax;
  if (diffTruncated) diff = diff.slice(0, deskFileLimits.diffCharsMax);
  if (args.dryRun !== true) await writeTarget(target, bytes, { mode: file.mode });
  return {
    path: target.relative,
    dryRun: args.dryRun === true,
    replacements: outcome.replacements,
    diff,
    diffTruncated,
    sha256: await sha256Hex(bytes),
    previousSha256: before,
  };
}
