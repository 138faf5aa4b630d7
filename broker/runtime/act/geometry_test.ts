import assert from "node:assert/strict";
import { clampQuad, insideQuad, quadArea, toPage, visibleCentre } from "./geometry.ts";

const viewport = { width: 800, height: 600 };

Deno.test("quadArea() measures a rectangle and ignores corner order direction", () => {
  assert.equal(quadArea([0, 0, 10, 0, 10, 5, 0, 5]), 50);
  assert.equal(quadArea([0, 5, 10, 5, 10, 0, 0, 0]), 50);
  assert.equal(quadArea([3, 3, 3, 3, 3, 3, 3, 3]), 0);
});

Deno.test("clampQuad() keeps every corner inside the viewport", () => {
  assert.deepEqual(clampQuad([-10, -10, 900, -10, 900, 700, -10, 700], viewport), [
    0,
    0,
    800,
    0,
    800,
    600,
    0,
    600,
  ]);
});

Deno.test("visibleCentre() rounds the centre of the first quad that shows", () => {
  const offscreen = [0, -100, 50, -100, 50, -50, 0, -50];
  const shown = [10, 10.5, 31, 10.5, 31, 20.5, 10, 20.5];
  assert.deepEqual(visibleCentre([offscreen, shown], viewport), { x: 21, y: 16 });
});

Deno.test("visibleCentre() aims at the visible part of a partly scrolled-out element", () => {
  assert.deepEqual(visibleCentre([[100, 500, 200, 500, 200, 900, 100, 900]], viewport), {
    x: 150,
    y: 550,
  });
});

Deno.test("visibleCentre() finds nothing for zero-size or fully hidden boxes", () => {
  assert.equal(visibleCentre([], viewport), undefined);
  assert.equal(visibleCentre([[5, 5, 5, 5, 5, 5, 5, 5]], viewport), undefined);
  assert.equal(visibleCentre([[0, 700, 10, 700, 10, 710, 0, 710]], viewport), undefined);
});

Deno.test("toPage() adds the layout viewport's scroll offset", () => {
  assert.deepEqual(toPage({ x: 40, y: 256 }, { ...viewport, pageX: 0, pageY: 3850 }), {
    x: 40,
    y: 4106,
  });
});

Deno.test("insideQuad() tells a point inside a quad, on its edge or outside, turned or not", () => {
  const square = [10, 10, 30, 10, 30, 30, 10, 30];
  assert.equal(insideQuad({ x: 20, y: 20 }, square), true);
  assert.equal(insideQuad({ x: 10, y: 20 }, square), true);
  assert.equal(insideQuad({ x: 31, y: 20 }, square), false);
  assert.equal(insideQuad({ x: 20, y: 9 }, square), false);
  // A square turned 45 degrees: its bounding box's corner is not in it.
  const diamond = [20, 0, 40, 20, 20, 40, 0, 20];
  assert.equal(insideQuad({ x: 20, y: 20 }, diamond), true);
  assert.equal(insideQuad({ x: 3, y: 3 }, diamond), false);
  // Corners listed the other way round.
  assert.equal(insideQuad({ x: 20, y: 20 }, [10, 10, 10, 30, 30, 30, 30, 10]), true);
});
