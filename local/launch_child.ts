/**
 * How a `deno task` launcher hands over to the process it starts: `deno`
 * with the given arguments, stdio passed through, and the child's exit
 * code (or 128 plus the signal number) as its own.
 *
 * @module
 */

/** Run `deno <args>` with inherited stdio; resolves with the exit code to pass on. */
export async function runDenoInherited(args: readonly string[]): Promise<number> {
  const child = new Deno.Command("deno", {
    args: [...args],
    stdin: "inherit",
    stdout: "inherit",
    stderr: "inherit",
  }).spawn();
  const status = await child.status;
  return status.signal === null ? status.code : 128 + (status.signal === "SIGKILL" ? 9 : 15);
}
