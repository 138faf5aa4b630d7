/**
 * Named keys as DevTools key events: the `key`, `code`, virtual key code and
 * text a US keyboard produces, and the modifier bit mask.
 *
 * @module
 */
import type { z } from "zod";
import type { ModifierSchema, NamedKeySchema } from "../../../contracts/methods/mod.ts";

/** A key an action may press by name. */
export type NamedKey = z.infer<typeof NamedKeySchema>;
/** A modifier key an action may hold. */
export type Modifier = z.infer<typeof ModifierSchema>;

/** What DevTools needs to press one key. */
export interface KeyDefinition {
  key: string;
  code: string;
  keyCode: number;
  /** The text the key types, when it types any. */
  text?: string;
}

/** Every named key. */
export const keyDefinitions: Readonly<Record<NamedKey, KeyDefinition>> = {
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
};

const modifierBits: Readonly<Record<Modifier, number>> = { Alt: 1, Control: 2, Meta: 4, Shift: 8 };

/** The DevTools modifier bit mask (Alt=1, Control=2, Meta=4, Shift=8). */
export function modifierMask(modifiers: readonly Modifier[] = []): number {
  let mask = 0;
  for (const modifier of modifiers) mask |= modifierBits[modifier];
  return mask;
}

/**
 * The `keyDown`/`keyUp` pair for `key` under `modifiers`. A key that types
 * text sends it on `keyDown` (so `keypress`, implicit form submission and
 * typing happen) unless Alt, Control or Meta is held, which types nothing.
 */
export function keyEvents(
  key: NamedKey,
  modifiers: readonly Modifier[] = [],
): [down: Record<string, string | number>, up: Record<string, string | number>] {
  const definition = keyDefinitions[key];
  const mask = modifierMask(modifiers);
  const types = definition.text !== undefined && (mask & 0b0111) === 0;
  const common = {
    key: definition.key,
    code: definition.code,
    windowsVirtualKeyCode: definition.keyCode,
    nativeVirtualKeyCode: definition.keyCode,
    modifiers: mask,
  };
  const down = types && definition.text !== undefined
    ? { type: "keyDown", ...common, text: definition.text, unmodifiedText: definition.text }
    : { type: "rawKeyDown", ...common };
  return [down, { type: "keyUp", ...common }];
}
