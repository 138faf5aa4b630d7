/**
 * The states an observed element is expected to be in: what an action's
 * `expect.element` checks after it, and what an observation's
 * `until.element` waits for. Each state given must hold.
 *
 * @module
 */
import { z } from "zod";
import { CallerTextSchema, RefSchema } from "./common.ts";

export const ElementExpectationSchema = z.strictObject({
  ref: RefSchema,
  checked: z.union([z.boolean(), z.literal("mixed")]).optional(),
  selected: z.boolean().optional(),
  expanded: z.boolean().optional(),
  disabled: z.boolean().optional(),
  focused: z.boolean().optional(),
  value: CallerTextSchema.optional(),
});

export type ElementExpectation = z.infer<typeof ElementExpectationSchema>;
