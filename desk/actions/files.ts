/**
 * The Files area: read, write, create, list. Every path goes through the
 * one path rule first; nothing here names a path the rule did not pass.
 *
 * @module
 */
import type { DeskArguments } from "../../contracts/desk/actions.ts";
import { DeskFailure } from "../../contracts/desk/codes.ts";
import { deskFileLimits } from "../../contracts/desk/limits.ts";
import type { DeskCall } from "../context.ts";
import { ensureParent, readTarget, sha256Hex, targetInfo, writeTarget } from "../paths/file_io.ts";
import { existingFolder, resolvePath } from "./targets.ts";
import { walkFolder } from "../paths/walk.ts";
import { fromWireContent, toWireContent } from "./content.ts";

/** `read_file`: text (or base64), its size, whether it was cut, and its hash when read whole. */
export async function readFile(args: DeskArguments<"read_file">, call: DeskCall) {
  const target = await resolvePath(call, args.workspace, args.path, "read");
  const maxBytes = args.maxBytes ?? deskFileLimits.readBytesDefault;
  const { bytes, size } = await readTarget(target, maxBytes);
  const partial = bytes.length < size;
  const wire = toWireContent(bytes, partial);
  return {
    path: target.relative,
    content: wire.content,
    encoding: wire.encoding,
    size,
    truncated: partial || wire.cut,
    sha256: partial ? null : await sha256Hex(bytes),
  };
}

/** `write_file`: replace (keeping the mode) or create; `expectedSha256` guards a stale view. */
export async function writeFile(args: DeskArguments<"write_file">, call: DeskCall) {
  const target = await resolvePath(call, args.workspace, args.path, "write");
  const bytes = fromWireContent(args.content, args.encoding);
  const info = await targetInfo(target);
  if (info?.isDirectory) throw new DeskFailure("FILE_ALREADY_EXISTS", { reason: "folder" });
  if (args.expectedSha256 !== undefined) {
    if (info === undefined) throw new DeskFailure("FILE_NOT_FOUND");
    const current = await readTarget(target, deskFileLimits.patchFileBytesMax);
    if (
      current.bytes.length < current.size || await sha256Hex(current.bytes) !== args.expectedSha256
    ) {
      throw new DeskFailure("PATCH_TARGET_NOT_FOUND", { reason: "stale-hash" });
    }
  }
  await writeTarget(target, bytes, { mode: info?.mode ?? null });
  return {
    path: target.relative,
    size: bytes.length,
    created: info === undefined,
    sha256: await sha256Hex(new Uint8Array(bytes)),
  };
}

/** `create_file`: a file that must not exist yet. */
export async function createFile(args: DeskArguments<"create_file">, call: DeskCall) {
  const target = await resolvePath(call, args.workspace, args.path, "write");
  if (target.entry !== undefined) throw new DeskFailure("FILE_ALREADY_EXISTS");
  const bytes = fromWireContent(args.content ?? "", args.encoding);
  await writeTarget(target, bytes, { createOnly: true });
  return {
    path: target.relative,
    size: bytes.length,
    sha256: await sha256Hex(new Uint8Array(bytes)),
  };
}

/** `create_folder`: a folder (and missing parents) that does not exist yet. */
export async function createFolder(args: DeskArguments<"create_folder">, call: DeskCall) {
  const target = await resolvePath(call, args.workspace, args.path, "write");
  if (target.entry !== undefined) throw new DeskFailure("FILE_ALREADY_EXISTS");
  await ensureParent(target);
  try {
    await Deno.mkdir(target.absolute);
  } catch (error) {
    if (error instanceof Deno.errors.AlreadyExists) throw new DeskFailure("FILE_ALREADY_EXISTS");
    throw error;
  }
  return { path: target.relative };
}

/** `list_folder`: bounded, `truncated` when entries were left; sensitive ones only counted. */
export async function listFolder(args: DeskArguments<"list_folder">, call: DeskCall) {
  const target = await existingFolder(call, args.workspace, args.path ?? ".", "read");
  const walked = await walkFolder(
    target,
    {
      depth: args.depth ?? 1,
      limit: args.limit ?? deskFileLimits.listEntriesDefault,
      includeIgnored: args.includeIgnored,
    },
  );
  return {
    path: target.relative,
    entries: walked.entries,
    truncated: walked.truncated,
    skipped: { sensitive: walked.sensitive, ignored: walked.ignored },
  };
}
