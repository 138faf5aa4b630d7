/**
 * Finding the processes a test world started, by a path only they carry on
 * their command line (the world's temporary root), and ending exactly those
 * by process ID. Linux only: it reads `/proc` (through `/bin/sh`, `grep`, `tr`).
 *
 * @module
 */
import { delay } from "./_wait.ts";

/** A live process and its command line, NUL separators shown as spaces. */
export interface ProcessInfo {
  pid: number;
  cmdline: string;
}

/**
 * Lists `pid<TAB>cmdline` for every process whose command line contains the
 * pattern on stdin. Deno reads `/proc` only with `--allow-all`, and the test
 * task grants less, so a shell reads it; the pattern comes on stdin so that
 * grep's own command line never matches.
 */
const listScript = `grep -lsF -f - /proc/[0-9]*/cmdline | while read -r file; do
  pid=\${file#/proc/}; pid=\${pid%/cmdline}
  printf '%s\\t' "$pid"; tr '\\0' ' ' < "$file" 2>/dev/null; echo
done`;

/** Every live process (zombies excluded) whose command line contains `text`, except this one. */
export async function processesMentioning(text: string): Promise<ProcessInfo[]> {
  const child = new Deno.Command("/bin/sh", {
    args: ["-c", listScript],
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(`${text}\n`));
  await writer.close();
  const { stdout } = await child.output();
  const found: ProcessInfo[] = [];
  for (const line of new TextDecoder().decode(stdout).split("\n")) {
    const tab = line.indexOf("\t");
    if (tab < 0) continue;
    const pid = Number(line.slice(0, tab));
    // A zombie's command line is empty: it has exited and holds nothing.
    const cmdline = line.slice(tab + 1).trim();
    if (!Number.isInteger(pid) || pid === Deno.pid || !cmdline.includes(text)) continue;
    found.push({ pid, cmdline });
  }
  return found;
}

/**
 * Wait up to `graceMs` for every process mentioning `text` to exit, then
 * SIGKILL the rest by ID and wait for them briefly. Returns the ones that
 * had to be killed.
 */
export async function reapProcesses(text: string, graceMs = 5_000): Promise<ProcessInfo[]> {
  const deadline = Date.now() + graceMs;
  let left = await processesMentioning(text);
  while (left.length > 0 && Date.now() < deadline) {
    await delay(50);
    left = await processesMentioning(text);
  }
  for (const { pid } of left) {
    try {
      Deno.kill(pid, "SIGKILL");
    } catch {
      // Exited in between.
    }
  }
  for (let attempt = 0; attempt < 40 && (await processesMentioning(text)).length > 0; attempt++) {
    await delay(50);
  }
  return left;
}
