/**
 * The upload tool: files from the agent's project into a page's file
 * input, by path. The paths are read here, under the working directory the
 * server was started in (`upload_files.ts`); the action carries the files
 * by value.
 *
 * @module
 */
import { z } from "zod";
import { maxUploadFiles, RefSchema } from "../../../contracts/methods/mod.ts";
import { defineTool } from "../define.ts";
import { readUploadFiles } from "../upload_files.ts";
import { actInput, runAct } from "./act.ts";

/** `browser_upload` → `browser.act` with an `upload` action. */
export const uploadTool = defineTool({
  name: "browser_upload",
  method: "browser.act",
  description: [
    'Choose files for a file input of the leased page, as a person does in the file dialog (no dialog opens): pass the `ref` of the file input, its label, its drop zone or the "Choose file" button beside it, and `paths` of the files.',
    "Paths are relative to the directory the server was started in (your project), or absolute inside it; files outside it, or behind a hidden name (.env, .ssh/, .git/), are refused with INVALID_PARAMS — copy a file into the project to upload it. At most 16 files and 512 KiB together; more than one only into an input that takes several.",
    "The page gets the files' names, types and bytes, never their paths; the journal keeps only how many and how large. The result is the action's, as from browser_act: status and what changed (a file list, a preview).",
    "A drop zone whose input is elsewhere (one hidden input per zone at the end of the page) is clicked, and the input the page opens its file chooser from takes the files; if the click opens none the result is unverified.",
    "Errors as browser_act's; TARGET_NOT_INTERACTABLE with reason noFileInput when the page has no file input, oneFile when the element's input takes one file.",
  ].join(" "),
  input: z.strictObject({
    leaseId: actInput.shape.leaseId,
    ref: RefSchema.describe(
      "The file input, its label, its drop zone, or the button beside it.",
    ),
    paths: z.array(z.string().min(1).max(4_096)).min(1).max(maxUploadFiles).describe(
      "The files, relative to the server's working directory (your project).",
    ),
    requestId: actInput.shape.requestId,
    documentEpoch: actInput.shape.documentEpoch,
    expect: actInput.shape.expect,
    timeoutMs: actInput.shape.timeoutMs,
    settleMs: actInput.shape.settleMs,
  }),
  hints: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  async handler({ ref, paths, ...rest }, context) {
    const files = await readUploadFiles(paths, Deno.cwd());
    return await runAct({ ...rest, action: { kind: "upload", ref, files } }, context);
  },
});
