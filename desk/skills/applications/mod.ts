/**
 * The applications skill: `open_folder`, `open_project`, `open_in_browser`,
 * `open_app`, `preview_web`, and its runtime probe.
 *
 * @module
 */
export {
  type ApplicationsContext,
  openAppAction,
  OpenAppArgsSchema,
  type Opened,
  openFolderAction,
  OpenFolderArgsSchema,
  openInBrowserAction,
  OpenInBrowserArgsSchema,
  openProjectAction,
  OpenProjectArgsSchema,
} from "./open_actions.ts";
export {
  type LiveResolver,
  PREVIEW_LIMITS,
  type PreviewLimits,
  PreviewServers,
} from "./preview_server.ts";
export {
  type PreviewContext,
  type PreviewResult,
  previewWebAction,
  PreviewWebArgsSchema,
} from "./preview_web.ts";
export { applicationsRuntime } from "./runtime.ts";
