/**
 * One application in the person's registry, as the desk policy stores it
 * and `open_app` / `open_project` read it: an exact ID, an absolute
 * executable (never searched for on `PATH`) and a fixed argument list the
 * caller cannot change.
 *
 * @module
 */
import { z } from "zod";
import { ExecutablePathSchema, FixedArgsSchema } from "./commands.ts";

/** An application's ID as callers give it: matched exactly, never fuzzily. */
export const AppIdSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/);

/** One registered application. */
export const RegisteredAppSchema = z.strictObject({
  executable: ExecutablePathSchema,
  /** Arguments it always starts with; `open_project` appends the project folder. */
  args: FixedArgsSchema,
});

/** One registered application. */
export type RegisteredApp = z.infer<typeof RegisteredAppSchema>;
