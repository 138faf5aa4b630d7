/**
 * `upload`: give a page's file input the files the caller sent, as a
 * person's choice in the file dialog would, without the dialog. The files
 * come by value (name, media type, bytes); nothing here reads the machine's
 * files, and the page gets no path.
 *
 * The target is what a person would reach for: the file input itself, its
 * label, the drop zone holding it, or the "Choose file" button beside it
 * (see the `fileInputState` page function). Before the gate the element
 * must be visible and enabled like any target, and its file input must
 * take the files: enabled, and `multiple` for more than one. Then the
 * input's `files` are replaced and it fires `input` and `change`; the
 * check is that it held them all before its listeners ran (a listener may
 * empty it again once it took them, as upload widgets do).
 *
 * @module
 */
import { z } from "zod";
import { LeashError } from "../../../contracts/errors.ts";
import type { Action } from "../../../contracts/methods/mod.ts";
import { known, type Postcondition, requireTarget, type StepContext } from "./step.ts";
import { prepareTarget } from "./target.ts";

type ActionOf<K extends Action["kind"]> = Extract<Action, { kind: K }>;

const FileInputState = z.enum(["ok", "none", "disabled", "single"]);

/** Why a file input cannot take the files; the state names it. */
const refusals = {
  none: "noFileInput",
  disabled: "disabled",
  single: "oneFile",
} as const;

/** `upload`: set the files of the target's file input. */
export async function upload(
  context: StepContext,
  action: ActionOf<"upload">,
): Promise<Postcondition> {
  const prepared = await prepareTarget(context, requireTarget(context, "upload"));
  const state = await context.objects.run(
    "fileInputState",
    prepared.objectId,
    [{ value: action.files.length }],
    FileInputState,
  );
  if (state !== "ok") {
    throw new LeashError("TARGET_NOT_INTERACTABLE", {
      cause: new Error("the element's file input cannot take these files"),
      detail: { reason: refusals[state] },
    });
  }
  await context.gate.open(context.signal);
  const files = action.files.map(({ name, type, data }) => ({ name, type: type ?? "", data }));
  const held = await context.objects.run(
    "setInputFiles",
    prepared.objectId,
    [{ value: files }],
    z.boolean(),
  );
  return known("files", held);
}
