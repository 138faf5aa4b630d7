/**
 * How the demo shows an agent session to a person: one numbered heading per
 * tool call with its arguments, then the first lines of the text the model
 * would read, indented, with a note of how many lines were left out.
 *
 * @module
 */

/** Where the demo writes: a line at a time. */
export type Write = (line: string) => void;

/** Text styles; all identity when colour is off. */
export interface Styles {
  heading(text: string): string;
  dim(text: string): string;
}

/** No styling, for pipes, logs and `NO_COLOR`. */
export const plain: Styles = { heading: (text) => text, dim: (text) => text };

/** Bold headings and dim notes, for a terminal. */
export const ansi: Styles = {
  heading: (text) => `\x1b[1m${text}\x1b[22m`,
  dim: (text) => `\x1b[2m${text}\x1b[22m`,
};

/** Styles for stdout: ANSI only on a terminal without `NO_COLOR`. */
export function stylesFor(isTerminal: boolean, noColor: string | undefined): Styles {
  return isTerminal && (noColor === undefined || noColor === "") ? ansi : plain;
}

/**
 * The first `max` lines of `text`, then `… N more lines` when some were
 * left out. Lines are never cut in half.
 */
export function clipLines(text: string, max: number): string[] {
  const lines = text.split("\n");
  if (lines.length <= max) return lines;
  const rest = lines.length - max;
  return [...lines.slice(0, max), `… ${rest} more line${rest === 1 ? "" : "s"}`];
}

/** Tool arguments on one line, long strings shortened so the line stays readable. */
export function compactArgs(args: Record<string, unknown>, maxString = 48): string {
  return JSON.stringify(
    args,
    (_key, value) =>
      typeof value === "string" && value.length > maxString
        ? `${value.slice(0, maxString - 1)}…`
        : value,
  );
}

/** Prints numbered steps. */
export class StepPrinter {
  readonly #write: Write;
  readonly #styles: Styles;
  #step = 0;

  constructor(write: Write, styles: Styles = plain) {
    this.#write = write;
    this.#styles = styles;
  }

  /** A step's heading: `[n] tool {args}` and what it is for. */
  call(tool: string, args: Record<string, unknown>, why: string): void {
    this.#step++;
    this.#write("");
    this.#write(this.#styles.heading(`[${this.#step}] ${tool} ${compactArgs(args)}`));
    this.#write(this.#styles.dim(`    ${why}`));
  }

  /** A result's text, at most `max` lines, indented under its step. */
  result(text: string, max = 12): void {
    for (const line of clipLines(text, max)) this.#write(`    │ ${line}`);
  }

  /** One line of the demo's own commentary. */
  note(text: string): void {
    this.#write(this.#styles.dim(`    → ${text}`));
  }

  /** A line outside any step. */
  line(text = ""): void {
    this.#write(text);
  }

  /** A section heading outside any step. */
  heading(text: string): void {
    this.#write(this.#styles.heading(text));
  }
}
