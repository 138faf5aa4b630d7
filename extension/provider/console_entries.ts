/**
 * Console entries from DevTools events: a `console.*` call
 * (`Runtime.consoleAPICalled`), an uncaught exception or unhandled
 * rejection (`Runtime.exceptionThrown`) or a browser log entry
 * (`Log.entryAdded`), rendered by value — arguments as DevTools' console
 * shows them, bounded — and redacted, so nothing of the page's objects and
 * no credential is kept. Which events belong to a lease is the log's
 * concern (`extension/worker/page_logs.ts`); this only reads them.
 *
 * @module
 */
import { z } from "zod";
import {
  consoleCaps,
  type ConsoleEntry,
  type ConsoleLevel,
  type ConsoleSource,
} from "../../contracts/methods/console.ts";
import { redactUrl } from "../../contracts/redact.ts";
import { redactText } from "../../contracts/redact_http.ts";
import { boundText } from "../../contracts/text.ts";

/** A DevTools `RemoteObject` preview property, as far as the console shows one. */
const PropertyPreviewSchema = z.object({
  name: z.string(),
  type: z.string(),
  value: z.string().optional(),
  subtype: z.string().optional(),
});

const RemoteObjectSchema = z.object({
  type: z.string(),
  subtype: z.string().optional(),
  className: z.string().optional(),
  value: z.unknown().optional(),
  unserializableValue: z.string().optional(),
  description: z.string().optional(),
  preview: z.object({
    properties: z.array(PropertyPreviewSchema),
    overflow: z.boolean(),
    subtype: z.string().optional(),
    description: z.string().optional(),
  }).optional(),
});

const CallFrameSchema = z.object({
  functionName: z.string(),
  url: z.string(),
  lineNumber: z.number(),
  columnNumber: z.number(),
});

const StackTraceSchema = z.object({ callFrames: z.array(CallFrameSchema) });

/** `Runtime.consoleAPICalled`. */
export const ConsoleCalledSchema = z.object({
  type: z.string(),
  args: z.array(RemoteObjectSchema),
  executionContextId: z.number(),
  timestamp: z.number(),
  stackTrace: StackTraceSchema.optional(),
});

/** `Runtime.exceptionThrown`. */
export const ExceptionThrownSchema = z.object({
  timestamp: z.number(),
  exceptionDetails: z.object({
    text: z.string(),
    lineNumber: z.number(),
    columnNumber: z.number(),
    url: z.string().optional(),
    executionContextId: z.number().optional(),
    stackTrace: StackTraceSchema.optional(),
    exception: RemoteObjectSchema.optional(),
  }),
});

/** `Log.entryAdded`. */
export const LogEntryAddedSchema = z.object({
  entry: z.object({
    source: z.string(),
    level: z.string(),
    text: z.string(),
    timestamp: z.number(),
    url: z.string().optional(),
    lineNumber: z.number().optional(),
    networkRequestId: z.string().optional(),
    stackTrace: StackTraceSchema.optional(),
  }),
});

type RemoteObject = z.infer<typeof RemoteObjectSchema>;
type StackTrace = z.infer<typeof StackTraceSchema>;

/** An entry before the log numbers it. */
export type ConsoleDraft = Omit<ConsoleEntry, "seq">;

/** The level of a `console.*` call type; `undefined` for calls that log nothing. */
function callLevel(type: string): ConsoleLevel | undefined {
  switch (type) {
    case "debug":
      return "debug";
    case "info":
    case "count":
    case "timeEnd":
      return "info";
    case "warning":
      return "warn";
    case "error":
    case "assert":
      return "error";
    case "endGroup":
    case "clear":
    case "profile":
    case "profileEnd":
      return undefined;
    default:
      return "log";
  }
}

/** A primitive or a property preview's value, as the console shows it inside an object. */
function previewValue(property: z.infer<typeof PropertyPreviewSchema>): string {
  if (property.type === "string") return JSON.stringify(property.value ?? "");
  if (property.type === "object" && property.subtype === "null") return "null";
  return property.value ?? property.type;
}

/** One argument as the console shows it; a string at the top level shows bare. */
export function renderArgument(object: RemoteObject, top = true): string {
  switch (object.type) {
    case "string":
      return top ? String(object.value ?? "") : JSON.stringify(String(object.value ?? ""));
    case "undefined":
      return "undefined";
    case "number":
    case "boolean":
    case "bigint":
      return object.unserializableValue ?? object.description ?? String(object.value);
    case "symbol":
      return object.description ?? "Symbol()";
    case "function":
      return `ƒ ${(object.description ?? "").split("\n")[0].replace(/^function\s*/, "")}`;
  }
  if (object.subtype === "null") return "null";
  if (object.subtype === "error") return object.description ?? "Error";
  const preview = object.preview;
  if (preview === undefined) return object.description ?? object.className ?? "Object";
  const more = preview.overflow ? ", …" : "";
  if (object.subtype === "array" || preview.subtype === "array") {
    const items = preview.properties.map(previewValue).join(", ");
    const name = object.description ?? "Array";
    return `${name.startsWith("Array") ? "" : `${name} `}[${items}${more}]`;
  }
  const members = preview.properties.map((property) =>
    `${property.name}: ${previewValue(property)}`
  ).join(", ");
  const name = object.className === "Object" || object.className === undefined
    ? ""
    : `${object.className} `;
  return `${name}{${members}${more}}`;
}

/** A console call's arguments as one line of text, format specifiers applied. */
export function renderArguments(args: readonly RemoteObject[]): string {
  const rest = [...args];
  const parts: string[] = [];
  const first = rest[0];
  if (first?.type === "string" && String(first.value ?? "").includes("%")) {
    rest.shift();
    parts.push(
      String(first.value ?? "").replace(/%([sdifoOc%])/g, (spec, kind: string) => {
        if (kind === "%") return "%";
        const next = rest.shift();
        if (next === undefined) return spec;
        if (kind === "c") return "";
        if (kind === "d" || kind === "i") {
          return String(Math.trunc(Number(next.value ?? next.description)));
        }
        if (kind === "f") return String(Number(next.value ?? next.description));
        return renderArgument(next, kind === "s");
      }),
    );
  }
  for (const arg of rest) parts.push(renderArgument(arg));
  return parts.join(" ");
}

/** The innermost frames of `stack`, each `function (url:line:column)`, URLs redacted. */
function shortStack(stack: StackTrace | undefined): string[] | undefined {
  if (stack === undefined || stack.callFrames.length === 0) return undefined;
  return stack.callFrames.slice(0, consoleCaps.stackFrames).map((frame) =>
    boundText(
      `${frame.functionName || "(anonymous)"} (${shownUrl(frame.url)}:${frame.lineNumber + 1}:${
        frame.columnNumber + 1
      })`,
      consoleCaps.frameUnits,
    ).text
  );
}

function shownUrl(url: string): string {
  return url === "" ? "(inline)" : redactUrl(url, "leased");
}

/** The bounded, redacted text of an entry. */
function entryText(text: string): string {
  return boundText(
    redactText(boundText(text, consoleCaps.entryUnits * 4).text),
    consoleCaps.entryUnits,
  )
    .text;
}

/** Where an entry points: its first frame, or what the event names. */
function position(
  stack: StackTrace | undefined,
  url: string | undefined,
  line: number | undefined,
  column: number | undefined,
): Pick<ConsoleDraft, "url" | "line" | "column"> {
  const frame = stack?.callFrames[0];
  const at = frame === undefined
    ? { url, line, column }
    : { url: frame.url, line: frame.lineNumber, column: frame.columnNumber };
  if (at.url === undefined || at.url === "") return {};
  return {
    url: redactUrl(at.url, "leased"),
    ...(at.line === undefined ? {} : { line: at.line + 1 }),
    ...(at.column === undefined ? {} : { column: at.column + 1 }),
  };
}

/** The entry of a `console.*` call, or `undefined` for a call that logs nothing. */
export function consoleCallEntry(
  event: z.infer<typeof ConsoleCalledSchema>,
): ConsoleDraft | undefined {
  const level = callLevel(event.type);
  if (level === undefined) return undefined;
  const text = event.type === "assert"
    ? `Assertion failed: ${renderArguments(event.args)}`
    : renderArguments(event.args);
  const withStack = level === "error" || event.type === "trace";
  const stack = withStack ? shortStack(event.stackTrace) : undefined;
  return {
    time: event.timestamp,
    level,
    source: "console",
    text: entryText(text),
    ...position(event.stackTrace, undefined, undefined, undefined),
    ...(stack === undefined ? {} : { stack }),
  };
}

/** The entry of an uncaught exception or unhandled rejection. */
export function exceptionEntry(event: z.infer<typeof ExceptionThrownSchema>): ConsoleDraft {
  const details = event.exceptionDetails;
  const source: ConsoleSource = details.text.includes("(in promise)") ? "rejection" : "exception";
  const thrown = details.exception;
  // An Error's description is its stack; the message is its first line.
  const what = thrown === undefined
    ? ""
    : thrown.subtype === "error"
    ? (thrown.description ?? "").split("\n")[0]
    : renderArgument(thrown, false);
  const text = what === "" ? details.text : `${details.text} ${what}`;
  const stack = shortStack(details.stackTrace);
  return {
    time: event.timestamp,
    level: "error",
    source,
    text: entryText(text),
    ...position(details.stackTrace, details.url, details.lineNumber, details.columnNumber),
    ...(stack === undefined ? {} : { stack }),
  };
}

/** The level of a browser log entry. */
function logLevel(level: string): ConsoleLevel {
  if (level === "verbose") return "debug";
  if (level === "warning") return "warn";
  if (level === "error") return "error";
  return "info";
}

/** The entry of a browser log entry. */
export function browserLogEntry(event: z.infer<typeof LogEntryAddedSchema>): ConsoleDraft {
  const { entry } = event;
  const stack = entry.level === "error" ? shortStack(entry.stackTrace) : undefined;
  return {
    time: entry.timestamp,
    level: logLevel(entry.level),
    source: "browser",
    text: entryText(entry.text),
    ...position(entry.stackTrace, entry.url, entry.lineNumber, undefined),
    ...(stack === undefined ? {} : { stack }),
  };
}

/** Text units an entry holds, for the log's cap. */
export function entryUnits(entry: ConsoleDraft): number {
  return entry.text.length + (entry.url?.length ?? 0) +
    (entry.stack ?? []).reduce((sum, frame) => sum + frame.length, 0) + 32;
}
