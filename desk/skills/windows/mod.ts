/**
 * The windows skill: `capture_screen`, `get_active_window`, and its runtime probe.
 *
 * @module
 */
export type { ActiveWindow } from "./backend.ts";
export {
  captureScreenAction,
  CaptureScreenArgsSchema,
  getActiveWindowAction,
  GetActiveWindowArgsSchema,
  type ScreenCapture,
  WINDOWS_LIMITS,
  type WindowsContext,
} from "./windows_actions.ts";
export { windowsRuntime } from "./runtime.ts";
