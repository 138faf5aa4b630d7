/**
 * The input events of one click, as the Broker's engine and the provider's
 * frame click both send them: the button pressed and released `count`
 * times in a row, each press carrying its place in the row (the browser
 * makes the second a `dblclick`), with the held keys in every event.
 *
 * @module
 */
import { modifierMask } from "../keyboard.ts";
import type { Action, ClickPress, InputEvent, MouseButton } from "./act.ts";

/** DevTools' `buttons` bit of each button. */
const buttonBits: Readonly<Record<MouseButton, number>> = { left: 1, right: 2, middle: 4 };

/** The mouse moving to `point` (viewport CSS pixels) with no button down: how a click begins. */
export function moveEvent(point: { x: number; y: number }): InputEvent {
  return {
    method: "Input.dispatchMouseEvent",
    params: {
      type: "mouseMoved",
      x: point.x,
      y: point.y,
      modifiers: 0,
      pointerType: "mouse",
      button: "none",
      buttons: 0,
    },
  };
}

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

/**
 * How a click action presses, with only the parts it names; undefined for
 * a plain click (and for any other action), which a provider that predates
 * click options takes too.
 */
export function clickPressOf(action: Action): ClickPress | undefined {
  if (action.kind !== "click") return undefined;
  const { button, count, modifiers } = action;
  const press: ClickPress = {
    ...(button === undefined ? {} : { button }),
    ...(count === undefined ? {} : { count }),
    ...(modifiers === undefined ? {} : { modifiers }),
  };
  return Object.keys(press).length === 0 ? undefined : press;
}
