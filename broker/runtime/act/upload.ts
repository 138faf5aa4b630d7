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
 * A drop zone whose input is elsewhere in its document (Dropzone appends
 * one hidden input per zone to the body, so which is whose cannot be told
 * from the page) is clicked as a person would, with file choosers
 * intercepted: the input the page opens its chooser from takes the files,
 * and no dialog shows. A click that opens none leaves the upload
 * unverified. An element in a document with no file input is refused
 * before anything is sent.
 *
 * @module
 */
import { z } from "zod";
import { LeashError } from "../../../contracts/errors.ts";
import type { Action } from "../../../contracts/methods/mod.ts";
import { call } from "./cdp.ts";
import { clickPrepared } from "./pointer.ts";
import { known, type Postcondition, requireTarget, type StepContext } from "./step.ts";
import { type PreparedTarget, prepareTarget } from "./target.ts";

type ActionOf<K extends Action["kind"]> = Extract<Action, { kind: K }>;

const FileInputState = z.enum(["ok", "none", "disabled", "single", "elsewhere"]);

/** Which input a click opened a file chooser from (`Page.setInterceptFileChooserDialog` off). */
const ChooserAnswer = z.object({
  opened: z.object({ backendNodeId: z.number().int().positive(), multiple: z.boolean() })
    .optional(),
});

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
  if (state === "elsewhere") return await uploadThroughChooser(context, prepared, action);
  if (state !== "ok") {
    throw new LeashError("TARGET_NOT_INTERACTABLE", {
      cause: new Error("the element's file input cannot take these files"),
      detail: { reason: refusals[state] },
    });
  }
  await context.gate.open(context.signal);
  return known("files", await setFiles(context, prepared.objectId, action));
}

/** Give the input of `objectId` the action's files; whether it held them all. */
function setFiles(
  context: StepContext,
  objectId: string,
  action: ActionOf<"upload">,
): Promise<boolean> {
  const files = action.files.map(({ name, type, data }) => ({ name, type: type ?? "", data }));
  return context.objects.run("setInputFiles", objectId, [{ value: files }], z.boolean());
}

/**
 * Click `zone` with file choosers intercepted and give the files to the
 * input the page opened its chooser from (see the module doc).
 */
async function uploadThroughChooser(
  context: StepContext,
  zone: PreparedTarget,
  action: ActionOf<"upload">,
): Promise<Postcondition> {
  const { cdp, signal } = context;
  // The click opens the gate itself once its target is actionable: a zone that is covered is
  // refused before anything is sent, as any click's target is.
  const intercept = (enabled: boolean, callSignal?: AbortSignal) =>
    call(cdp, "Page.setInterceptFileChooserDialog", { enabled }, ChooserAnswer, callSignal);
  await intercept(true, signal);
  let opened: z.infer<typeof ChooserAnswer>["opened"];
  try {
    await clickPrepared(context, zone);
  } finally {
    // Without the action's signal: interception must end even when the action was cancelled.
    opened = (await intercept(false).catch(() => ({ opened: undefined }))).opened;
  }
  if (opened === undefined) return known("files", false);
  const input = await context.objects.resolve(opened.backendNodeId);
  // Only an input of the zone's own document, which its lease covers, takes the files.
  const state = await context.objects.run(
    "fileInputState",
    input,
    [{ value: action.files.length }, { objectId: zone.objectId }],
    FileInputState,
  ).catch(() => "none" as const);
  if (state !== "ok") return known("files", false);
  return known("files", await setFiles(context, input, action));
}
