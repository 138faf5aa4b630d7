/**
 * The clipboard skill: `get_clipboard`, `set_clipboard`, and its runtime probe.
 *
 * @module
 */
export {
  CLIPBOARD_LIMITS,
  type ClipboardContext,
  type ClipboardText,
  getClipboardAction,
  GetClipboardArgsSchema,
  setClipboardAction,
  SetClipboardArgsSchema,
} from "./clipboard_actions.ts";
export { clipboardRuntime } from "./runtime.ts";
