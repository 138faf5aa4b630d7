/**
 * Command-line flags derived from a tool's input schema, so a CLI verb takes
 * exactly what its MCP tool takes: `leaseId` is `--lease-id`, a string or
 * enum field takes a string, a number field a number, a boolean field is a
 * switch, and anything structured (`action`, `expect`, `frame`) takes JSON.
 * The tool's own schema then validates the result.
 *
 * @module
 */
import { z } from "zod";
import { isRecord } from "../../contracts/json.ts";
import { parseStrict, UsageError } from "../../local/cli_args.ts";

/** How a flag's text becomes a field's value. */
export type FlagKind = "string" | "number" | "boolean" | "json";

/** One flag of a verb. */
export interface FlagSpec {
  /** The input field. */
  key: string;
  /** The flag without dashes, e.g. `lease-id`. */
  name: string;
  kind: FlagKind;
  /** Whether the tool requires the field. */
  required: boolean;
  description?: string;
}

/** An extra flag a verb takes besides its tool's fields (`--json`, `--out`, …). */
export interface ExtraFlag {
  type: "string" | "boolean";
  description: string;
}

/** `leaseId` → `lease-id`. */
export function kebab(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

function kindOf(schema: unknown): FlagKind {
  if (!isRecord(schema)) return "json";
  switch (schema.type) {
    case "string":
      return "string";
    case "integer":
    case "number":
      return "number";
    case "boolean":
      return "boolean";
    default:
      return "json";
  }
}

/**
 * Tool arguments only the MCP server reads: `nodes` shapes `structuredContent`,
 * and the CLI's `--json` prints the whole structured result anyway.
 */
const mcpOnlyArguments: readonly string[] = ["nodes"];

/** The flags of `input`'s fields, in declaration order, leaving out `omit`. */
export function flagSpecs(input: z.ZodObject, omit: readonly string[] = []): FlagSpec[] {
  const schema = z.toJSONSchema(input, { io: "input", target: "draft-7" });
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const specs: FlagSpec[] = [];
  for (const key of Object.keys(input.shape)) {
    if (omit.includes(key) || mcpOnlyArguments.includes(key)) continue;
    const property = properties[key];
    const description = isRecord(property) && typeof property.description === "string"
      ? property.description
      : undefined;
    specs.push({
      key,
      name: kebab(key),
      kind: kindOf(property),
      required: required.has(key),
      description,
    });
  }
  return specs;
}

/** What {@linkcode parseFlags} read. */
export interface ParsedFlags {
  /** Tool arguments, keyed by input field. */
  args: Record<string, unknown>;
  /** The extra flags, by flag name. */
  extras: Record<string, string | boolean | undefined>;
}

function convert(spec: FlagSpec, text: string): unknown {
  if (spec.kind === "number") {
    const value = Number(text);
    if (text.trim() === "" || !Number.isFinite(value)) {
      throw new UsageError(`Cannot read --${spec.name}: ${JSON.stringify(text)} is not a number`);
    }
    return value;
  }
  if (spec.kind === "json") {
    try {
      return JSON.parse(text);
    } catch {
      throw new UsageError(`Cannot read --${spec.name}: it is not JSON`);
    }
  }
  return text;
}

/**
 * Parse `argv` (flags only, no positionals) into tool arguments and extras.
 * Unknown flags, positionals, malformed values and missing required flags
 * are `UsageError`s; the rest of the tool's rules are left to its schema.
 */
export function parseFlags(
  specs: readonly FlagSpec[],
  extras: Readonly<Record<string, ExtraFlag>>,
  argv: readonly string[],
): ParsedFlags {
  const options: Record<string, { type: "string" | "boolean" }> = {};
  for (const spec of specs) {
    options[spec.name] = { type: spec.kind === "boolean" ? "boolean" : "string" };
  }
  for (const [name, extra] of Object.entries(extras)) options[name] = { type: extra.type };
  const { values } = parseStrict(argv, options);
  const args: Record<string, unknown> = {};
  for (const spec of specs) {
    const value = values[spec.name];
    if (value === undefined) {
      if (spec.required) throw new UsageError(`Cannot run: --${spec.name} is required`);
      continue;
    }
    args[spec.key] = typeof value === "string" ? convert(spec, value) : value;
  }
  const read: ParsedFlags["extras"] = {};
  for (const name of Object.keys(extras)) {
    const value = values[name];
    if (typeof value === "string" || typeof value === "boolean") read[name] = value;
  }
  return { args, extras: read };
}

/** A one-line synopsis of the flags: required ones bare, the rest in brackets. */
export function synopsis(
  specs: readonly FlagSpec[],
  extras: Readonly<Record<string, ExtraFlag>> = {},
): string {
  const placeholder = (spec: FlagSpec) =>
    spec.kind === "boolean" ? "" : spec.kind === "json" ? " <json>" : ` <${spec.kind}>`;
  const parts = specs.map((spec) => {
    const flag = `--${spec.name}${placeholder(spec)}`;
    return spec.required ? flag : `[${flag}]`;
  });
  for (const [name, extra] of Object.entries(extras)) {
    parts.push(extra.type === "boolean" ? `[--${name}]` : `[--${name} <string>]`);
  }
  return parts.join(" ");
}
