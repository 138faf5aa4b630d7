/**
 * The dialog family: JavaScript dialogs (`alert`, `confirm`, `prompt` and
 * the leave-page `beforeunload` prompt) on a leased tab. While one is open
 * the page's renderer is blocked, so the provider answers every call on the
 * lease `DIALOG_OPEN` at once, with the dialog's type and (for a dialog of
 * the lease's origin) its message as the error's detail; the `dialog`
 * action answers it through `dialog.answer`.
 *
 * @module
 */
import { z } from "zod";
import { detailNameUnits } from "../envelope.ts";
import { LeaseTokenSchema } from "./common.ts";
import { defineMethod } from "./define.ts";

/** The kinds of JavaScript dialog, in DevTools' words. */
export const dialogTypes = ["alert", "confirm", "prompt", "beforeunload"] as const;

export const DialogTypeSchema = z.enum(dialogTypes);

/** Text a `prompt` is answered with; bounded like typed text. */
export const PromptTextSchema = z.string().max(10_000);

/**
 * An open dialog as a client learns of it: its type and its message, which
 * is page text (quoted wherever it is shown), bounded like an error
 * detail's name, and empty for a dialog of another origin.
 */
export const OpenDialogSchema = z.strictObject({
  type: DialogTypeSchema,
  message: z.string().max(detailNameUnits),
});

/** The dialog methods. */
export const dialogMethods = {
  "dialog.answer": defineMethod({
    direction: "broker→provider",
    title: "Accept or dismiss the JavaScript dialog open on the leased tab.",
    capability: "input.dialog.v1",
    params: z.strictObject({
      lease: LeaseTokenSchema,
      accept: z.boolean(),
      promptText: PromptTextSchema.optional(),
    }),
    result: z.strictObject({ type: DialogTypeSchema }),
  }),
};

export type DialogType = z.infer<typeof DialogTypeSchema>;
export type OpenDialog = z.infer<typeof OpenDialogSchema>;

/** Whether `value` names a dialog type. */
export function isDialogType(value: string): value is DialogType {
  return (dialogTypes as readonly string[]).includes(value);
}
