/**
 * Splitting one `leash shell` line into words, the way a POSIX shell would
 * for the cases that matter here: whitespace separates words; '…' keeps
 * everything literally; "…" keeps everything but lets `\"` and `\\` escape;
 * a backslash outside quotes escapes the next character; `#` at the start of
 * a word begins a comment. So JSON passes as `--action '{"kind":"click","ref":"e4"}'`.
 *
 * @module
 */
import { UsageError } from "../../local/cli_args.ts";

/** The words of `line`. Throws `UsageError` on an unterminated quote or a trailing backslash. */
export function tokenize(line: string): string[] {
  const words: string[] = [];
  let current = "";
  let inWord = false;
  let i = 0;
  while (i < line.length) {
    const char = line[i];
    if (char === " " || char === "\t" || char === "\r" || char === "\n") {
      if (inWord) words.push(current);
      current = "";
      inWord = false;
      i++;
    } else if (char === "#" && !inWord) {
      break;
    } else if (char === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) throw new UsageError("Cannot read the line: a ' quote is not closed");
      current += line.slice(i + 1, end);
      inWord = true;
      i = end + 1;
    } else if (char === '"') {
      i++;
      let closed = false;
      while (i < line.length) {
        const inner = line[i];
        if (inner === '"') {
          closed = true;
          i++;
          break;
        }
        if (inner === "\\" && (line[i + 1] === '"' || line[i + 1] === "\\")) {
          current += line[i + 1];
          i += 2;
        } else {
          current += inner;
          i++;
        }
      }
      if (!closed) throw new UsageError('Cannot read the line: a " quote is not closed');
      inWord = true;
    } else if (char === "\\") {
      if (i + 1 >= line.length) {
        throw new UsageError("Cannot read the line: it ends in a backslash");
      }
      current += line[i + 1];
      inWord = true;
      i += 2;
    } else {
      current += char;
      inWord = true;
      i++;
    }
  }
  if (inWord) words.push(current);
  return words;
}
