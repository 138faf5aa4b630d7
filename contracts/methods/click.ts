/**
 * The input events of one click, as the Broker's engine and the provider's
 * frame click both send them: the button pressed and released `count`
 * times in a row, each press carrying its place in the row (the browser
 * makes the second a `dblclick`), with the held keys in every event.
 *
 * @module
 */
import { modifierMask } from "../keyboard.ts";
import type { ClickPress, InputEvent, MouseButton } from "./act.ts";

/** DevTools' `buttons` bit of each button. */
const buttonBits: Readonly<Record<MouseButton, number>> = { left: 1, right: 2, middle: 4 };

/** The events of a click at `point` (viewport CSS pixels), where the mouse already is. */
export function clickEvents(point: { x: number; y: number }, press: ClickPress = {}): InputEvent[] {
  const button = press.button ?? "left";
  const base = {
    x: point.x,
    y: point.y,
    modifiers: modifierMask(press.modifiers),
    pointerType: "mouse",
    button,
  };
  const events: InputEvent[] = [];
  for (let clickCount = 1; clickCount <= (press.count ?? 1); clickCount++) {
    events.push(
      {
        method: "Input.dispatchMouseEvent",
        params: { type: "mousePressed", ...base, buttons: buttonBits[button], clickCount },
      },
      {
        method: "Input.dispatchMouseEvent",
        params: { type: "mouseReleased", ...base, buttons: 0, clickCount },
      },
    );
  }
  return events;
}
