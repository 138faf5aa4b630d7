/**
 * Deterministic, seeded mutations of JSON values, for twin and fuzz tests:
 * the same options always yield the same mutants, so a failure names a seed
 * and an index that reproduce it.
 *
 * Mutations target what validators get wrong: missing and extra fields
 * (including keys that live on `Object.prototype`), wrong types, empty and
 * boundary-length strings (astral characters count once per code point in
 * JSON Schema but twice in UTF-16), integer and range edges, `null`, arrays
 * in place of objects and back, duplicates and oversized lists.
 *
 * Half the mutants are single, systematic edits: every edit of every node,
 * shuffled, so each field meets each boundary even in a short run. The other
 * half stack one to `maxSteps` random edits at random nodes, nested fields as
 * often as top-level ones.
 *
 * @module
 */
import type { JsonValue } from "../json.ts";

/**
 * The mulberry32 generator: a fast 32-bit PRNG whose whole state is the
 * seed, returning floats in [0, 1).
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One mutated value and the steps that made it, for failure messages. */
export interface Mutant {
  value: JsonValue;
  steps: string[];
}

/** How many mutants to make, from which seed, and around which boundaries. */
export interface MutateOptions {
  seed: number;
  count: number;
  /** Most random edits stacked on one mutant; default 3. */
  maxSteps?: number;
  /**
   * String lengths (in code points) to try, e.g. every `minLength` and
   * `maxLength` of the schema under test and their neighbours. Without
   * them, a built-in list of common caps is used.
   */
  lengths?: readonly number[];
  /** List sizes to try, e.g. every `minItems` and `maxItems` and their neighbours. */
  counts?: readonly number[];
  /** Numbers to try, e.g. every `minimum` and `maximum` and their neighbours. */
  numbers?: readonly number[];
}

type JsonObject = { [key: string]: JsonValue };
type Path = (string | number)[];
type Random = () => number;

/** One edit of one node: what it does and the node's replacement. */
interface Edit {
  label: string;
  apply(node: JsonValue): JsonValue;
}

/** Lengths around every cap the protocol uses. */
const builtInLengths = [0, 1, 63, 64, 65, 127, 128, 129, 255, 256, 257, 999, 1000, 1001];

/** List sizes around the version, capability and batch caps. */
const builtInCounts = [0, 1, 7, 8, 9, 63, 64, 65];

/** Numbers at integer, sign and safe-integer edges. */
const builtInNumbers = [-1, 0, 1, 2 ** 31, 2 ** 53 - 1, 2 ** 53];

/** Keys that a validator using `in` or plain property reads might take for known. */
const extraKeys = ["extra", "toString", "constructor", "__proto__", "hasOwnProperty", "", "0"];

/** Type changes every node is put through systematically. */
const typeChanges: readonly JsonValue[] = [null, true, 0, "", [], {}];

/** Replacement values of every JSON type, edges included, for random edits. */
const replacements: readonly JsonValue[] = [
  ...typeChanges,
  false,
  -1,
  1,
  2,
  1.5,
  -0.5,
  2 ** 31,
  2 ** 53 - 1,
  2 ** 53,
  1e308,
  -1e308,
  "a",
  "1a",
  "A-b_c.d:e",
  " ",
  "😀",
  "\ud83d",
  [null],
  ["a"],
  { a: 1 },
];

function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)];
}

function isObject(value: JsonValue): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Set an own, enumerable property even for `__proto__`, the way
 * `JSON.parse` does, instead of changing the prototype.
 */
function setKey(target: JsonObject, key: string, value: JsonValue): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

function clone(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(clone);
  if (isObject(value)) {
    const out: JsonObject = {};
    for (const [key, item] of Object.entries(value)) setKey(out, key, clone(item));
    return out;
  }
  return value;
}

/** Every path into `value`, the root (`[]`) included. */
function paths(value: JsonValue, prefix: Path = [], out: Path[] = []): Path[] {
  out.push(prefix);
  if (Array.isArray(value)) {
    value.forEach((item, index) => paths(item, [...prefix, index], out));
  } else if (isObject(value)) {
    for (const [key, item] of Object.entries(value)) paths(item, [...prefix, key], out);
  }
  return out;
}

function formatPath(path: Path): string {
  return "$" + path.map((part) => (typeof part === "number" ? `[${part}]` : `.${part}`)).join("");
}

function getAt(root: JsonValue, path: Path): JsonValue {
  let node: JsonValue = root;
  for (const part of path) {
    if (Array.isArray(node) && typeof part === "number") node = node[part];
    else if (isObject(node) && typeof part === "string") node = node[part];
    else return null;
  }
  return node;
}

/** Replace the node at `path` in place; returns the (possibly new) root. */
function setAt(root: JsonValue, path: Path, value: JsonValue): JsonValue {
  if (path.length === 0) return value;
  const parent = getAt(root, path.slice(0, -1));
  const last = path[path.length - 1];
  if (Array.isArray(parent) && typeof last === "number") parent[last] = value;
  else if (isObject(parent) && typeof last === "string") setKey(parent, last, value);
  return root;
}

function replaceWith(value: JsonValue): Edit {
  return { label: `replace with ${JSON.stringify(value)}`, apply: () => clone(value) };
}

/** Boundary-length strings; repeating the first character keeps a pattern-valid string valid. */
function stringEdits(text: string, lengths: readonly number[]): Edit[] {
  const edits: Edit[] = [];
  for (const length of lengths) {
    const ascii = Math.floor(length / 2);
    edits.push(
      { label: `ascii string of ${length}`, apply: () => (text[0] ?? "a").repeat(length) },
      { label: `astral string of ${length} code points`, apply: () => "😀".repeat(length) },
      {
        // UTF-16 length and code-point count differ here.
        label: `mixed string of ${length} code points`,
        apply: () => "a".repeat(ascii) + "😀".repeat(length - ascii),
      },
    );
  }
  edits.push(
    { label: "append character", apply: () => `${text}x` },
    { label: "append astral character", apply: () => `${text}😀` },
    { label: "prefix digit", apply: () => `1${text}` },
  );
  return edits;
}

function numberEdits(value: number, numbers: readonly number[]): Edit[] {
  const edits: [string, number][] = [
    ["plus one", value + 1],
    ["minus one", value - 1],
    ["negate", -value],
    ["plus half", value + 0.5],
    ["huge", 1e21],
    ...numbers.map((n): [string, number] => [`set to ${n}`, n]),
  ];
  return edits.map(([label, result]) => ({ label, apply: () => result }));
}

/** An item to add to `list`, distinct from its others when it can be. */
function freshItem(list: JsonValue[], index: number): JsonValue {
  const first = list[0];
  if (typeof first === "string") return `${first || "a"}${index}`;
  if (typeof first === "number") return first + index;
  return first === undefined ? index : clone(first);
}

function arrayEdits(list: JsonValue[], counts: readonly number[]): Edit[] {
  const edits: Edit[] = counts.map((count) => ({
    label: `resize list to ${count} distinct items`,
    apply: () => {
      const resized = list.slice(0, count).map(clone);
      while (resized.length < count) resized.push(freshItem(list, resized.length));
      return resized;
    },
  }));
  if (list.length > 0) {
    edits.push(
      { label: "drop first item", apply: () => list.slice(1).map(clone) },
      { label: "duplicate first item", apply: () => [...list, list[0]].map(clone) },
    );
  }
  edits.push({
    label: "array to object",
    apply: () => {
      const object: JsonObject = {};
      list.forEach((item, index) => setKey(object, String(index), clone(item)));
      return object;
    },
  });
  return edits;
}

function objectEdits(object: JsonObject): Edit[] {
  const keys = Object.keys(object);
  const without = (key: string): JsonObject => {
    const out: JsonObject = {};
    for (const other of keys) if (other !== key) setKey(out, other, clone(object[other]));
    return out;
  };
  const withKey = (key: string, value: JsonValue): JsonObject => {
    const out = without(key);
    setKey(out, key, clone(value));
    return out;
  };
  return [
    ...keys.map((key) => ({ label: `drop field ${key}`, apply: () => without(key) })),
    ...extraKeys.map((key) => ({
      label: `add field ${JSON.stringify(key)}`,
      apply: () => withKey(key, 1),
    })),
    // A copy of a known field under a new name: right type, unknown key.
    ...keys.map((key) => ({
      label: `copy field ${key} to ${key}X`,
      apply: () => withKey(`${key}X`, object[key]),
    })),
    { label: "object to array", apply: () => Object.values(object).map(clone) },
  ];
}

/** Every edit that fits `node`. */
function editsFor(node: JsonValue, bounds: Bounds): Edit[] {
  const edits = typeChanges.map(replaceWith);
  edits.push(
    { label: "wrap in array", apply: (value) => [clone(value)] },
    { label: "wrap in object", apply: (value) => ({ value: clone(value) }) },
  );
  if (typeof node === "string") edits.push(...stringEdits(node, bounds.lengths));
  else if (typeof node === "number") edits.push(...numberEdits(node, bounds.numbers));
  else if (typeof node === "boolean") edits.push(replaceWith(!node));
  else if (Array.isArray(node)) edits.push(...arrayEdits(node, bounds.counts));
  else if (isObject(node)) edits.push(...objectEdits(node));
  return edits;
}

/** The boundaries one run draws from. */
interface Bounds {
  lengths: readonly number[];
  counts: readonly number[];
  numbers: readonly number[];
}

/** The caller's boundaries that `valid` admits, each once and in order, or the built-in ones. */
function boundaries(
  extra: readonly number[] | undefined,
  builtIn: readonly number[],
  valid: (n: number) => boolean,
): number[] {
  const kept = (extra ?? []).filter(valid);
  return kept.length === 0 ? [...builtIn] : [...new Set(kept)].sort((a, b) => a - b);
}

const isSize = (n: number) => Number.isSafeInteger(n) && n >= 0;

function shuffle<T>(random: Random, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

/**
 * `count` mutants of `golden`: half single systematic edits, half one to
 * `maxSteps` stacked random ones. `golden` is not modified.
 *
 * @example
 * ```ts
 * const [first] = mutants({ a: 1 }, { seed: 7, count: 1 });
 * console.log(first.steps, first.value);
 * ```
 */
export function mutants(golden: JsonValue, options: MutateOptions): Mutant[] {
  const random = mulberry32(options.seed);
  const maxSteps = options.maxSteps ?? 3;
  const bounds: Bounds = {
    lengths: boundaries(options.lengths, builtInLengths, isSize),
    counts: boundaries(options.counts, builtInCounts, isSize),
    numbers: boundaries(options.numbers, builtInNumbers, Number.isFinite),
  };
  const out: Mutant[] = [];

  const systematic = paths(golden).flatMap((path) =>
    editsFor(getAt(golden, path), bounds).map((edit) => ({ path, edit }))
  );
  const systematicCount = Math.min(systematic.length, Math.ceil(options.count / 2));
  for (const { path, edit } of shuffle(random, systematic).slice(0, systematicCount)) {
    const value = setAt(clone(golden), path, edit.apply(getAt(golden, path)));
    out.push({ value, steps: [`${formatPath(path)}: ${edit.label}`] });
  }

  while (out.length < options.count) {
    let value = clone(golden);
    const steps: string[] = [];
    const stepCount = 1 + Math.floor(random() * maxSteps);
    for (let step = 0; step < stepCount; step++) {
      const path = pick(random, paths(value));
      const node = getAt(value, path);
      const edit = random() < 0.25
        ? replaceWith(pick(random, replacements))
        : pick(random, editsFor(node, bounds));
      value = setAt(value, path, edit.apply(node));
      steps.push(`${formatPath(path)}: ${edit.label}`);
    }
    out.push({ value, steps });
  }
  return out;
}
