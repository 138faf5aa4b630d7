/**
 * What the Clipboard and Windows areas share: the desktop session and its
 * environment, the programs found in fixed folders, and one bounded run of
 * a program.
 *
 * @module
 */
export { type DesktopSession, desktopSession, type EnvRead } from "./session.ts";
export {
  type DesktopArea,
  desktopRuntime,
  type DesktopTools,
  desktopTools,
  findTool,
  type IsFile,
} from "./tools.ts";
export { runTool, type ToolResult, type ToolRun } from "./run_tool.ts";
