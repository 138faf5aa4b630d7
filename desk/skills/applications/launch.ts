/**
 * A program started and let go: detached into a session and process group
 * of its own (setsid on POSIX, a new process group on Windows), stdin,
 * stdout and stderr on the null device, no shell, and not waited for past
 * the moment it started. What it does next is the person's desktop's
 * business, and it outlives the host.
 *
 * @module
 */
import { spawn } from "node:child_process";
import { DeskFailure } from "../../../contracts/desk/codes.ts";
import type { Launch } from "./opener.ts";

/**
 * Starts `launch`; resolves once the program is running. A program that
 * cannot start (missing, not executable) is `EXECUTION_FAILED`.
 */
export function launchDetached(launch: Launch): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = () => reject(new DeskFailure("EXECUTION_FAILED"));
    let child;
    try {
      child = spawn(launch.executable, [...launch.args], {
        env: { ...launch.env },
        detached: true,
        shell: false,
        stdio: "ignore",
        windowsHide: false,
      });
    } catch {
      failed();
      return;
    }
    child.once("error", failed);
    child.once("spawn", () => {
      // The host never waits for it, and does not stay alive for it.
      child.unref();
      resolve();
    });
  });
}
