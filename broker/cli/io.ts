/**
 * Where the verbs read and write, so tests can drive them without a
 * terminal; and how a result or a failure is printed. Human output is the
 * MCP tool's text; `--json` prints the tool's structured result, or
 * `{"error":{code,message,note?}}` for a failure, on one line.
 *
 * @module
 */
import type { ToolOutput } from "../mcp/define.ts";
import { failureText, type ToolFailure } from "../mcp/errors.ts";

/** A verb's standard streams. */
export interface VerbIo {
  /** Lines for `leash shell`. */
  stdin: () => ReadableStream<Uint8Array>;
  /** Write one block of output (a newline follows). */
  out(text: string): void;
  /** Write one block to the error stream (a newline follows). */
  err(text: string): void;
  /** Write a shell prompt without a newline; absent when nobody types. */
  prompt?: (text: string) => void;
}

const encoder = new TextEncoder();

function writeAll(file: { writeSync(bytes: Uint8Array): number }, text: string): void {
  const bytes = encoder.encode(text);
  let offset = 0;
  while (offset < bytes.length) offset += file.writeSync(bytes.subarray(offset));
}

/** The process's own stdin, stdout and stderr; a prompt only when stdin is a terminal. */
export function processIo(): VerbIo {
  return {
    stdin: () => Deno.stdin.readable,
    out: (text) => writeAll(Deno.stdout, `${text}\n`),
    err: (text) => writeAll(Deno.stderr, `${text}\n`),
    prompt: Deno.stdin.isTerminal() ? (text) => writeAll(Deno.stderr, text) : undefined,
  };
}

/** Print a tool's output: its text, or its structured result as one JSON line. */
export function printOutput(io: VerbIo, output: ToolOutput, json: boolean): void {
  io.out(json ? JSON.stringify(output.structured) : output.text);
}

/** Print a failure: as one JSON line on stdout with `--json`, else as text on `write`. */
export function printFailure(
  io: VerbIo,
  failure: ToolFailure,
  json: boolean,
  write: (text: string) => void = io.err,
): void {
  if (json) io.out(JSON.stringify({ error: failure }));
  else write(failureText(failure));
}

/** Write a base64 image to `path`. */
export async function saveImage(path: string, base64: string): Promise<void> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  await Deno.writeFile(path, bytes);
}

/** The lines of `stream`, without their line ends, the last one even without a newline. */
export async function* readLines(stream: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  let pending = "";
  for await (const chunk of stream.pipeThrough(new TextDecoderStream())) {
    pending += chunk;
    let end = pending.indexOf("\n");
    while (end >= 0) {
      yield pending.slice(0, end).replace(/\r$/, "");
      pending = pending.slice(end + 1);
      end = pending.indexOf("\n");
    }
  }
  if (pending !== "") yield pending;
}
