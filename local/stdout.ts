/**
 * The one owner of a native-messaging host's stdout, for both hosts (the
 * relay and DeskBridge's `leash-desk`). Chrome reads stdout as frames and
 * drops the connection at the first stray byte, so this module is the only
 * place either host reaches `Deno.stdout` through (a test in each holds the
 * source to that), and claiming it also points the console's stdout methods
 * at stderr, so a stray `console.log` from any dependency cannot corrupt the
 * stream.
 *
 * @module
 */
import { BrowserFrameWriter } from "./browser_writer.ts";

let claimed = false;

function consoleToStderr(): void {
  const toStderr = (...data: unknown[]) => console.error(...data);
  console.log = toStderr;
  console.info = toStderr;
  console.debug = toStderr;
  console.dirxml = toStderr;
  console.dir = (item?: unknown) => console.error(item);
  console.table = (data?: unknown) => console.error(data);
}

/**
 * The frame writer over stdout. Callable once per process: a second claim
 * throws, so two writers can never interleave bytes.
 */
export function claimStdout(): BrowserFrameWriter {
  if (claimed) throw new Error("Cannot claim stdout: it already has its frame writer");
  claimed = true;
  consoleToStderr();
  return new BrowserFrameWriter(Deno.stdout.writable);
}
