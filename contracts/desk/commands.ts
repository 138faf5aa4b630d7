/**
 * One named command on the person's allowlist, as the desk policy stores it
 * and `run_command` reads it: an absolute executable (never searched for on
 * `PATH`), a fixed argument prefix, and variables added to the command's
 * minimal environment.
 *
 * @module
 */
import { z } from "zod";

const noNul = (value: string) => !value.includes("\0");

/** POSIX `/…`, or Windows `C:\…` / `\\server\…`: the forms `node:path` calls absolute. */
function isAbsolutePath(path: string): boolean {
  return path.startsWith("/") || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith("\\\\");
}

/** A command's name as callers give it. */
export const CommandNameSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/);

/** An absolute executable: nothing the desk policy names is ever searched for on `PATH`. */
export const ExecutablePathSchema = z.string().min(1).max(4096).refine((path) =>
  isAbsolutePath(path) && noNul(path)
);

/** A fixed argument list, as the desk policy stores it. */
export const FixedArgsSchema = z.array(z.string().refine(noNul)).max(64).default([]);

/** One allowlisted command. */
export const AllowedCommandSchema = z.strictObject({
  /** An absolute path: the engine never searches `PATH` for what to run. */
  executable: ExecutablePathSchema,
  /** Arguments that always come first; the caller's follow them. */
  args: FixedArgsSchema,
  /** Variables added to the minimal environment for this command only. */
  env: z.record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/), z.string().refine(noNul))
    .default({}),
});

/** One allowlisted command. */
export type AllowedCommand = z.infer<typeof AllowedCommandSchema>;
