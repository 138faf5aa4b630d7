/**
 * The keyboard the action engine types on: a US layout's keys as DevTools
 * names them (`key`, `code`, virtual key code, the text a key types), key
 * chords such as `Control+A`, and the chords that are never sent because
 * their default reaches the clipboard or the browser rather than the page.
 *
 * One table for both sides: the Broker builds key events from it, and the
 * extension accepts exactly the keys in it, so what the engine may send and
 * what the provider lets through cannot drift apart.
 *
 * @module
 */

/** A modifier key an action may hold. */
export type Modifier = "Alt" | "Control" | "Meta" | "Shift";

/** The modifier keys, in the order a chord names them. */
export const modifierNames: readonly Modifier[] = ["Control", "Alt", "Shift", "Meta"];

/** DevTools' modifier bits. */
export const modifierBits: Readonly<Record<Modifier, number>> = {
  Alt: 1,
  Control: 2,
  Meta: 4,
  Shift: 8,
};

/** What DevTools needs to press one key. */
export interface KeyDefinition {
  key: string;
  code: string;
  keyCode: number;
  /** The text the key types, when it types any. */
  text?: string;
}

/** Keys an action may press by name (besides the characters of {@linkcode characterKeys}). */
export const namedKeys = {
  Enter: { key: "Enter", code: "Enter", keyCode: 13, text: "\r" },
  Tab: { key: "Tab", code: "Tab", keyCode: 9 },
  Escape: { key: "Escape", code: "Escape", keyCode: 27 },
  Backspace: { key: "Backspace", code: "Backspace", keyCode: 8 },
  Delete: { key: "Delete", code: "Delete", keyCode: 46 },
  Space: { key: " ", code: "Space", keyCode: 32, text: " " },
  ArrowUp: { key: "ArrowUp", code: "ArrowUp", keyCode: 38 },
  ArrowDown: { key: "ArrowDown", code: "ArrowDown", keyCode: 40 },
  ArrowLeft: { key: "ArrowLeft", code: "ArrowLeft", keyCode: 37 },
  ArrowRight: { key: "ArrowRight", code: "ArrowRight", keyCode: 39 },
  Home: { key: "Home", code: "Home", keyCode: 36 },
  End: { key: "End", code: "End", keyCode: 35 },
  PageUp: { key: "PageUp", code: "PageUp", keyCode: 33 },
  PageDown: { key: "PageDown", code: "PageDown", keyCode: 34 },
} as const satisfies Record<string, KeyDefinition>;

/** The name of a named key. */
export type NamedKey = keyof typeof namedKeys;

/** The named keys' names. */
export const namedKeyNames = Object.keys(namedKeys) as [NamedKey, ...NamedKey[]];

/** Keys pressed only as the modifiers they are, sent around nothing. */
const modifierKeys: Readonly<Record<Modifier, KeyDefinition>> = {
  Alt: { key: "Alt", code: "AltLeft", keyCode: 18 },
  Control: { key: "Control", code: "ControlLeft", keyCode: 17 },
  Meta: { key: "Meta", code: "MetaLeft", keyCode: 91 },
  Shift: { key: "Shift", code: "ShiftLeft", keyCode: 16 },
};

/** A printable key of the US layout: its character unshifted and shifted. */
const printable: readonly [code: string, keyCode: number, plain: string, shifted: string][] = [
  ["Backquote", 192, "`", "~"],
  ["Minus", 189, "-", "_"],
  ["Equal", 187, "=", "+"],
  ["BracketLeft", 219, "[", "{"],
  ["BracketRight", 221, "]", "}"],
  ["Backslash", 220, "\\", "|"],
  ["Semicolon", 186, ";", ":"],
  ["Quote", 222, "'", '"'],
  ["Comma", 188, ",", "<"],
  ["Period", 190, ".", ">"],
  ["Slash", 191, "/", "?"],
  ...[..."0123456789"].map((digit, i): [string, number, string, string] => [
    `Digit${digit}`,
    48 + i,
    digit,
    ")!@#$%^&*("[i],
  ]),
  ...[..."abcdefghijklmnopqrstuvwxyz"].map((letter, i): [string, number, string, string] => [
    `Key${letter.toUpperCase()}`,
    65 + i,
    letter,
    letter.toUpperCase(),
  ]),
];

/** A character a US keyboard types with one key, and whether Shift is held for it. */
export interface CharacterKey extends KeyDefinition {
  text: string;
  shift: boolean;
}

/** Every character one key of a US keyboard types (space included), by character. */
export const characterKeys: ReadonlyMap<string, CharacterKey> = new Map([
  [" ", { ...namedKeys.Space, shift: false }],
  ...printable.flatMap(([code, keyCode, plain, shifted]): [string, CharacterKey][] => [
    [plain, { key: plain, code, keyCode, text: plain, shift: false }],
    [shifted, { key: shifted, code, keyCode, text: shifted, shift: true }],
  ]),
]);

/**
 * The key that types `character` on a US keyboard; a line break is Enter.
 * `undefined` for a character no key types (accents, other scripts, emoji):
 * the engine inserts those as text instead.
 */
export function keyForCharacter(character: string): CharacterKey | undefined {
  if (character === "\n" || character === "\r") return { ...namedKeys.Enter, shift: false };
  return characterKeys.get(character);
}

/** Every key the engine may send, by `code`. */
const keysByCode: ReadonlyMap<string, KeyDefinition> = new Map([
  ...Object.values(namedKeys).map((key): [string, KeyDefinition] => [key.code, key]),
  ...Object.values(modifierKeys).map((key): [string, KeyDefinition] => [key.code, key]),
  ...[...characterKeys.values()].filter((key) => !key.shift).map((
    key,
  ): [string, KeyDefinition] => [key.code, key]),
]);

const codesByKeyCode: ReadonlyMap<number, string> = new Map(
  [...keysByCode.values()].map((key) => [key.keyCode, key.code]),
);

const codesByKey: ReadonlyMap<string, string> = new Map([
  ...[...keysByCode.values()].map((key): [string, string] => [key.key, key.code]),
  ...[...characterKeys.values()].map((key): [string, string] => [key.key, key.code]),
]);

/**
 * The `code` of the key each given name names — a `key` value, a `code`,
 * a virtual key code — in that order; `""` for a name of no key the engine
 * may send. A key event is one key only when all of them agree.
 */
export function codesNamed(name: { key?: string; code?: string; keyCode?: number }): string[] {
  const codes: (string | undefined)[] = [];
  if (name.key !== undefined) codes.push(codesByKey.get(name.key));
  if (name.code !== undefined) codes.push(keysByCode.has(name.code) ? name.code : undefined);
  if (name.keyCode !== undefined) codes.push(codesByKeyCode.get(name.keyCode));
  return codes.map((code) => code ?? "");
}

/** One key pressed with modifiers held. */
export interface Chord {
  key: KeyDefinition;
  modifiers: Modifier[];
}

/** The longest chord string: every modifier and the longest key name. */
export const maxChordLength = 40;

/**
 * Read a key or chord: a named key (`Enter`, `ArrowDown`), one character a
 * key types (`a`, `7`, `?`) or modifiers and a key joined by `+`
 * (`Control+A`, `Shift+Tab`, `Meta+Enter`, `Control++`). A letter names
 * its key whatever its case (`Control+a` is `Control+A`); a chord never
 * types a shifted character by itself (Shift is named). `undefined` when
 * the text names no such key.
 */
export function parseChord(text: string): Chord | undefined {
  if (text.length === 0 || text.length > maxChordLength) return undefined;
  const parts = text === "+"
    ? ["+"]
    : text.endsWith("++")
    ? [...text.slice(0, -2).split("+"), "+"]
    : text.split("+");
  const keyName = parts.pop() ?? "";
  const modifiers: Modifier[] = [];
  for (const part of parts) {
    if (!modifierNames.includes(part as Modifier) || modifiers.includes(part as Modifier)) {
      return undefined;
    }
    modifiers.push(part as Modifier);
  }
  const named = Object.hasOwn(namedKeys, keyName) ? namedKeys[keyName as NamedKey] : undefined;
  if (named !== undefined) return { key: named, modifiers };
  const character = characterKeys.get(keyName);
  if (character === undefined) return undefined;
  // A letter names its key; other shifted characters press their key with Shift.
  const isLetter = /^[A-Za-z]$/.test(keyName);
  const plain = isLetter ? characterKeys.get(keyName.toLowerCase()) : character;
  if (plain === undefined) return undefined;
  if (!isLetter && character.shift && !modifiers.includes("Shift")) modifiers.push("Shift");
  const { shift: _shift, ...key } = plain;
  return { key, modifiers };
}

/** The DevTools modifier bit mask of `modifiers`. */
export function modifierMask(modifiers: readonly Modifier[] = []): number {
  let mask = 0;
  for (const modifier of modifiers) mask |= modifierBits[modifier];
  return mask;
}

/** Why a chord is never sent. */
export type ChordRefusal = "clipboard" | "browser";

const ctrlOrMeta = modifierBits.Control | modifierBits.Meta;

/** Keys whose Ctrl/Meta chords copy, cut or paste. */
const clipboardKeys = new Set(["KeyC", "KeyV", "KeyX"]);
/** Keys whose Ctrl/Meta chords open, close or switch tabs and windows, quit or go to the address bar. */
const browserKeys = new Set(["KeyT", "KeyW", "KeyN", "KeyQ", "KeyL", "Tab", "PageUp", "PageDown"]);
/** Keys whose Alt chords navigate history, go home or open the browser's menus. */
const browserAltKeys = new Set(["ArrowLeft", "ArrowRight", "Home", "KeyD", "KeyE", "KeyF"]);

/**
 * Why the key of `code` under the modifier bits `mask` is never sent, or
 * `undefined` when it may be. Refused: Ctrl/Meta with C, V or X, Ctrl+Insert
 * and Shift+Insert (copy and paste), Shift+Delete (cut); Ctrl/Meta with T,
 * W, N, Q, L, Tab, PageUp or PageDown; Alt with the arrows Left and Right,
 * Home, D, E or F; and every function key (no named key is one).
 */
export function chordRefusal(code: string, mask: number): ChordRefusal | undefined {
  const command = (mask & ctrlOrMeta) !== 0;
  const shift = (mask & modifierBits.Shift) !== 0;
  const alt = (mask & modifierBits.Alt) !== 0;
  if (command && clipboardKeys.has(code)) return "clipboard";
  if (code === "Insert" && (command || shift)) return "clipboard";
  if (code === "Delete" && shift) return "clipboard";
  if (command && browserKeys.has(code)) return "browser";
  if (alt && !command && browserAltKeys.has(code)) return "browser";
  if (/^F\d{1,2}$/.test(code)) return "browser";
  return undefined;
}
