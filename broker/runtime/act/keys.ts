/**
 * Keys as DevTools key events, from the US keyboard of
 * `contracts/keyboard.ts`: the `key`, `code`, virtual key code and text a
 * key produces under the modifiers held.
 *
 * @module
 */
import {
  characterKeys,
  type KeyDefinition,
  type Modifier,
  modifierMask,
  type NamedKey,
  namedKeys,
} from "../../../contracts/keyboard.ts";

export type { KeyDefinition, Modifier, NamedKey };
export { modifierMask };

/** Every named key. */
export const keyDefinitions: Readonly<Record<NamedKey, KeyDefinition>> = namedKeys;

/** Each character key's shifted side, by `code`. */
const shiftedKeys: ReadonlyMap<string, KeyDefinition> = new Map(
  [...characterKeys.values()].filter((key) => key.shift).map((key) => [key.code, key]),
);

/** A DevTools key event's params. */
export type KeyEventParams = Record<string, string | number>;

/**
 * The `keyDown`/`keyUp` pair for `key` under `modifiers`. A key that types
 * text sends it on `keyDown` (so `keypress`, `beforeinput`, `input`,
 * implicit form submission and typing happen) unless Alt, Control or Meta
 * is held, which types nothing; Shift turns a character key into its
 * shifted side (`a` → `A`, `1` → `!`).
 *
 * No native key code is sent: without one, DevTools marks the event as one
 * the browser never handles when the page leaves it unhandled, so no key
 * the engine sends can reach a browser shortcut.
 */
export function keyEvents(
  key: NamedKey | KeyDefinition,
  modifiers: readonly Modifier[] = [],
): [down: KeyEventParams, up: KeyEventParams] {
  const mask = modifierMask(modifiers);
  const plain = typeof key === "string" ? keyDefinitions[key] : key;
  const definition = (mask & 8) !== 0 ? shiftedKeys.get(plain.code) ?? plain : plain;
  const types = definition.text !== undefined && (mask & 0b0111) === 0;
  const common = {
    key: definition.key,
    code: definition.code,
    windowsVirtualKeyCode: definition.keyCode,
    modifiers: mask,
  };
  const down = types && definition.text !== undefined
    ? { type: "keyDown", ...common, text: definition.text, unmodifiedText: definition.text }
    : { type: "rawKeyDown", ...common };
  return [down, { type: "keyUp", ...common }];
}
