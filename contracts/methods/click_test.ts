import assert from "node:assert/strict";
import { clickEvents } from "./click.ts";

const kinds = (events: ReturnType<typeof clickEvents>) =>
  events.map(({ params }) =>
    `${params.type} ${params.button} buttons=${params.buttons} count=${params.clickCount} mods=${params.modifiers}`
  );

Deno.test("a plain click is one left press and release, no keys held", () => {
  assert.deepEqual(kinds(clickEvents({ x: 3, y: 4 })), [
    "mousePressed left buttons=1 count=1 mods=0",
    "mouseReleased left buttons=0 count=1 mods=0",
  ]);
  assert.deepEqual(clickEvents({ x: 3, y: 4 })[0].params.x, 3);
});

Deno.test("a double right-click with Shift numbers each press and holds the key in every event", () => {
  assert.deepEqual(
    kinds(clickEvents({ x: 3, y: 4 }, { button: "right", count: 2, modifiers: ["Shift"] })),
    [
      "mousePressed right buttons=2 count=1 mods=8",
      "mouseReleased right buttons=0 count=1 mods=8",
      "mousePressed right buttons=2 count=2 mods=8",
      "mouseReleased right buttons=0 count=2 mods=8",
    ],
  );
  assert.deepEqual(
    kinds(clickEvents({ x: 0, y: 0 }, { button: "middle", modifiers: ["Control", "Meta"] })),
    [
      "mousePressed middle buttons=4 count=1 mods=6",
      "mouseReleased middle buttons=0 count=1 mods=6",
    ],
  );
});
