/**
 * Pointer actions: click, wheel and scroll. A click (and a wheel on an
 * element) waits until its target is actionable — scrolled into view, the
 * same box over two reads a frame apart, and hit by the hit test at the
 * centre of its first visible quad — before any input is sent.
 *
 * Where to aim: the centre of the element's own first visible quad (of an
 * item holding items of its role, a tree's open folder, its own row's; of
 * an element holding controls, a row, a card or a tab, its own first
 * text's, as the centre may be its checkbox, its edit or close button); a
 * control whose own box is too small to take a click (a visually hidden
 * checkbox, clipped to a pixel or moved off the page) is aimed at through
 * its first visible label instead, which the browser forwards the click
 * from, or, without one, through its face: the box around it that a
 * person clicks, holding no other control (a select drawn around its
 * visually hidden input). The hit test then accepts the label or the face
 * (see `hit_test.ts`).
 *
 * The scroll into view also scrolls ancestors that hide their overflow (a
 * carousel's track, a tab strip), which no person can scroll; a click puts
 * them back once its input is in, unless the page moved them itself.
 *
 * @module
 */
import { clickPressOf } from "../../../contracts/methods/click.ts";
import type { Action, ClickPress } from "../../../contracts/methods/mod.ts";
import { z } from "zod";
import { isLeashError, LeashError } from "../../../contracts/errors.ts";
import { delay } from "../../../contracts/delay.ts";
import {
  type Probe,
  ready,
  sameQuads,
  stableGapMs,
  type Unready,
  unready,
  untilActionable,
} from "./actionability.ts";
import { AnyAnswer, call, ContentQuadsAnswer } from "./cdp.ts";
import { isPageRefusal, refusalAs } from "./faults.ts";
import {
  type Aim,
  elementAim,
  hasArea,
  insideQuad,
  type Point,
  readViewport,
  toPage,
  type Viewport,
  viewportCentre,
  visibleCentre,
} from "./geometry.ts";
import { assertHit, hitAt } from "./hit_test.ts";
import { pickerFieldRowRoles } from "../../../contracts/picker_fields.ts";
import { hoverAt, pressAt, wheelAt } from "./input.ts";
import { type Postcondition, requireTarget, type StepContext } from "./step.ts";
import { type PreparedTarget, prepareTarget, probeTarget } from "./target.ts";

type ActionOf<K extends Action["kind"]> = Extract<Action, { kind: K }>;

const LabelBoxAnswer = z.array(z.array(z.number().finite()).length(8)).max(8).nullable();

/**
 * Roles whose items may hold items of their own role below their own row
 * (a tree's expanded folder, a menu item with its submenu): a click goes
 * to the row (`headBox`).
 */
const nestingRoles: ReadonlySet<string> = new Set(["treeitem", "menuitem"]);

/**
 * Roles of elements aimed at as a whole, whatever they hold: fields a
 * click puts the caret in or opens the list of. Any other element that
 * holds a control drawn inside it (a mail row, a card, a tab with its close
 * button, a card drawn as one button holding another) is aimed at on its
 * own text (`looseTextBox`): its centre may be that control.
 */
const wholeRoles: ReadonlySet<string> = new Set([
  "textbox",
  "searchbox",
  "combobox",
  "spinbutton",
  "slider",
  "listbox",
  "scrollbar",
  ...pickerFieldRowRoles,
]);

/** Where an element's box is, in the viewport: its own quads, or its label's. */
interface Box {
  quads: number[][];
  via: "self" | "label";
  viewport: Viewport;
  /** When its answer arrived (`performance.now()`): the stability gap counts from there. */
  at: number;
}

/**
 * A pointer action's first scroll to its target and read of its own box,
 * sent before the look at it (`prepareTarget`): they need only the node,
 * so they go out at once and the look's round trip runs beside them and
 * the stability gap. The aim's first probe takes them instead of sending
 * its own; a look that finds the target not ready, or no longer the one
 * observed, leaves them unused (a scroll is no input: nothing is
 * dispatched before the look and the hit test pass).
 */
export interface Reach {
  backendNodeId: number;
  /** Rejects `TARGET_NOT_INTERACTABLE` when the node has no box to scroll to. */
  scrolled: Promise<void>;
  own: OwnBox;
  /** For a click: the clipping ancestors' scroll positions around the scroll, to put back. */
  clip?: Promise<ClipHold>;
}

/**
 * The element a click aims at, and where its clipping ancestors stood
 * before and after the scroll into view (`clipScrolls`): Chromium scrolls a
 * carousel's track or a tab strip that hides its overflow to bring an
 * element inside into view, which no person can, and which leaves the
 * widget drawn out of step with its own state (a carousel showing slide 6
 * while it counts slide 1). The click puts them back once its input is in.
 */
interface ClipHold {
  objectId: string;
  before: ClipScroll[];
  after: ClipScroll[];
}

/** [steps up, scrollLeft, scrollTop] of one clipping ancestor. */
type ClipScroll = [number, number, number];

const ClipScrollsAnswer = z.array(z.tuple([z.number().int(), z.number(), z.number()])).max(256);

/** An element's own box read and the viewport, sent together. */
interface OwnBox {
  /** Its quads ([] without layout) and when they arrived. */
  quads: Promise<Stamped<number[][]>>;
  viewport: Promise<Viewport>;
}

/**
 * Scroll to `backendNodeId` and read its box, now (see {@linkcode Reach}).
 * For a click (`holdClip`), the scroll positions of the element's clipping
 * ancestors are read right before the scroll and right after it
 * ({@linkcode ClipHold}): the scroll then waits for the element's remote
 * object, and the reads, the scroll and the box read go out in that order.
 */
export function reachFor(
  context: StepContext,
  backendNodeId: number,
  options: { holdClip?: boolean; align?: Alignment } = {},
): Reach {
  if (options.holdClip !== true) {
    const scrolled = options.align === undefined
      ? scrollIntoView(context, backendNodeId)
      : scrollAligned(context, options.align);
    scrolled.catch(() => {});
    return { backendNodeId, scrolled, own: readOwnBox(context, backendNodeId) };
  }
  const readClip = (objectId: string) =>
    context.objects.run("clipScrolls", objectId, [], ClipScrollsAnswer).catch(() => []);
  const sent = context.objects.resolve(backendNodeId).then((objectId) => {
    const before = readClip(objectId);
    const scrolled = scrollIntoView(context, backendNodeId);
    scrolled.catch(() => {});
    const own = readOwnBox(context, backendNodeId);
    const after = readClip(objectId);
    return { objectId, before, scrolled, own, after };
  });
  sent.catch(() => {});
  const clip = sent.then(async ({ objectId, before, after }) => ({
    objectId,
    before: await before,
    after: await after,
  }));
  clip.catch(() => {});
  // Each is awaited only by the probe that uses it, if one does: a look that finds the target
  // stale leaves them.
  const scrolled = sent.then(({ scrolled }) => scrolled);
  const quads = sent.then(({ own }) => own.quads);
  const viewport = sent.then(({ own }) => own.viewport);
  for (const promise of [scrolled, quads, viewport]) promise.catch(() => {});
  return { backendNodeId, scrolled, own: { quads, viewport }, clip };
}

/**
 * Where the probes after a covered one scroll the target, in turn: a plain
 * scroll into view leaves a target that shows where it is, though a sticky
 * header or a fixed footer covers it; Playwright's clicks go round the same
 * alignments.
 */
const alignments = ["center", "end", "start"] as const;

/** A scroll of the target to an alignment, by its remote object. */
interface Alignment {
  block: (typeof alignments)[number];
  objectId: string;
}

/**
 * Scroll to `align` (the `scrollAligned` page function). Only a second try
 * after a plain scroll: when it fails, the look after it finds the target
 * where it was, or tells what became of it.
 */
async function scrollAligned(context: StepContext, align: Alignment): Promise<void> {
  try {
    await context.objects.run(
      "scrollAligned",
      align.objectId,
      [{ value: align.block }],
      z.boolean(),
    );
  } catch {
    context.signal?.throwIfAborted();
  }
}

/**
 * Put back the clipping ancestors the click's scroll moved (see
 * {@linkcode ClipHold}), those still where the scroll left them. Nothing is
 * sent when the scroll moved none, the common case; a failure leaves them.
 */
async function restoreClip(context: StepContext, reach: Reach): Promise<void> {
  const hold = await reach.clip?.catch(() => undefined);
  if (hold === undefined) return;
  const moved = hold.after.flatMap(([steps, left, top]) => {
    const was = hold.before.find((entry) => entry[0] === steps);
    if (was === undefined || (was[1] === left && was[2] === top)) return [];
    return [[steps, was[1], was[2], left, top]];
  });
  if (moved.length === 0) return;
  await context.objects.run(
    "restoreClipScrolls",
    hold.objectId,
    [{ value: moved }],
    z.number(),
  ).catch(() => {});
}

/**
 * Wait until `prepared` can take pointer input and return the hit-tested
 * aim at it; sends no input. Each probe checks again everything the step
 * needs of the target (see `prepareTarget`), scrolls it into view, reads
 * its box twice a frame apart and hit-tests the centre. After the
 * action's deadline: `TARGET_COVERED` naming the cover, or
 * `TARGET_NOT_INTERACTABLE` with the condition that failed.
 */
export async function aimAt(
  context: StepContext,
  prepared: PreparedTarget,
  reach?: Reach,
): Promise<Aim> {
  let fresh = true;
  let covered = 0;
  let moving = 0;
  return await untilActionable(context.patience, async () => {
    // The first probe starts from the look `prepareTarget` has just taken, and from the scroll
    // and box read sent beside it.
    const first = fresh ? ready(prepared) : undefined;
    const sent = fresh && reach?.backendNodeId === prepared.backendNodeId ? reach : undefined;
    fresh = false;
    // A target found covered is scrolled to another place before the next look.
    const align = covered === 0
      ? undefined
      : { block: alignments[(covered - 1) % alignments.length], objectId: prepared.objectId };
    const answer = await probeAim(context, prepared, first, sent, align, moving >= movingProbes);
    if (!answer.ready && answer.unready.code === "TARGET_COVERED") covered++;
    moving = !answer.ready && answer.unready.reason === "moving" ? moving + 1 : 0;
    return answer;
  });
}

/** One look at whether `prepared` can take pointer input now. */
async function probeAim(
  context: StepContext,
  prepared: PreparedTarget,
  looked: Probe<PreparedTarget> | undefined,
  reach: Reach | undefined,
  align?: Alignment,
  restless = false,
): Promise<Probe<Aim>> {
  const { target, needs } = prepared;
  const first = looked ?? await probeTarget(context, target, needs);
  if (!first.ready) return first;
  // Each command is a round trip to the page, and the page runs a session's commands in the
  // order they were sent: the box read goes out right behind the scroll and reads the box where
  // the scroll left it. A scroll that failed makes its answer moot.
  const { scrolled, own } = reach ?? reachFor(context, target.backendNodeId, { align });
  const boxed = readBox(context, first.value, own);
  boxed.catch(() => {});
  try {
    await scrolled;
  } catch (error) {
    if (!isLeashError(error, "TARGET_NOT_INTERACTABLE")) throw error;
    return unready({ code: "TARGET_NOT_INTERACTABLE", reason: "hidden" });
  }
  const before = await boxed;
  if ("reason" in before) return unready(before);
  // At least the gap between the first box's answer and the second read going out, so the page
  // reads them a frame apart; a box sent beside the look has waited part of it already.
  await delay(Math.max(0, before.at + stableGapMs - performance.now()), context.signal);
  // The second look also makes the page bring its layout up to date: a
  // transform transition runs on the compositor, and the box DevTools reads
  // lags behind it until script touches the element's layout. The second box read goes out
  // right behind it (in order, as above), and beside them the hit test at the point the first
  // box gives: a box that held still is aimed at that very point, so the answer stands; else
  // it is not used. Should the look find the target no longer ready, neither answer is used.
  const looking = probeTarget(context, target, needs, {
    identity: false,
    objectId: first.value.objectId,
  });
  const early = aimInto(before);
  const reading = readBox(context, first.value);
  reading.catch(() => {});
  const hitting = early === undefined
    ? undefined
    : hitAt(context.cdp, context.objects, first.value, early, context.signal);
  hitting?.catch(() => {});
  const second = await looking;
  if (!second.ready) return second;
  const after = await reading;
  if ("reason" in after) return unready(after);
  const still = before.via === after.via &&
    (sameQuads(before.quads, after.quads) || (restless && steady(before, after)));
  if (!still) return unready({ code: "TARGET_NOT_INTERACTABLE", reason: "moving" });
  const aim = aimInto(after);
  if (aim === undefined) return unready({ code: "TARGET_NOT_INTERACTABLE", reason: "offscreen" });
  const hit = hitting !== undefined && sameAim(early, aim)
    ? await hitting
    : await hitAt(context.cdp, context.objects, second.value, aim, context.signal);
  if (hit.kind === "nothing") {
    return unready({ code: "TARGET_NOT_INTERACTABLE", reason: "offscreen" });
  }
  if (hit.kind === "covered") {
    return unready({ code: "TARGET_COVERED", reason: "covered", coveredBy: hit.by });
  }
  return ready(aim);
}

/**
 * Probes in a row that find the target moving before one that finds it
 * moving on the spot is aimed at: an animation that never ends (a button
 * that pulses, a spinner inside it) never holds its box still, while one
 * that brings the target into place has ended by then (the probes are
 * about 400 ms apart by the third).
 */
const movingProbes = 3;

/**
 * Whether a target that moved between two box reads moved on the spot:
 * the centre of each box lies inside the other, so the point aimed at is
 * on the target wherever in its motion it is. The hit test before the press
 * still checks that it is.
 */
function steady(before: Box, after: Box): boolean {
  const [a, b] = [aimInto(before), aimInto(after)];
  return a !== undefined && b !== undefined &&
    after.quads.some((quad) => insideQuad(a.point, quad)) &&
    before.quads.some((quad) => insideQuad(b.point, quad));
}

/** Where to aim into `box`: the centre of its first visible quad, in the viewport and the page. */
function aimInto(box: Box): Aim | undefined {
  const point = visibleCentre(box.quads, box.viewport);
  return point === undefined ? undefined : { point, pagePoint: toPage(point, box.viewport) };
}

/** Whether two aims are at the same place. */
function sameAim(a: Aim | undefined, b: Aim): boolean {
  return a !== undefined && a.point.x === b.point.x && a.point.y === b.point.y &&
    a.pagePoint.x === b.pagePoint.x && a.pagePoint.y === b.pagePoint.y;
}

/**
 * The box to aim at: the element's own when part of it shows, else its
 * label's (scrolled towards when it is out of view). No usable box at all
 * is unready: hidden without one, offscreen with one out of view.
 */
async function readBox(
  context: StepContext,
  prepared: PreparedTarget,
  sent?: OwnBox,
): Promise<Box | Unready> {
  // The box and the viewport go out together: each is a round trip to the page.
  const ownBox = sent ?? readOwnBox(context, prepared.backendNodeId);
  // So does an item's own row, for a role whose items may hold items below their row.
  const heading = nestingRoles.has(prepared.target.role)
    ? stamped(context.objects.run("headBox", prepared.objectId, [], LabelBoxAnswer))
    : undefined;
  heading?.catch(() => {});
  // And, for a row or a card, its own text, where a click on it works no control it holds.
  const loose = heading === undefined && !wholeRoles.has(prepared.target.role)
    ? stamped(context.objects.run("looseTextBox", prepared.objectId, [], LabelBoxAnswer))
    : undefined;
  loose?.catch(() => {});
  const { value: own, at } = await ownBox.quads;
  const viewport = await ownBox.viewport;
  // A page function that fails leaves the element's own box, as for any element.
  const head = heading === undefined ? null : await heading.catch(() => null);
  if (head !== null && head.value !== null) {
    // An item holding items: its own row, never the middle of its branch, which is a child's.
    if (visibleCentre(head.value, viewport) !== undefined) {
      return { quads: head.value, via: "self", viewport, at: head.at };
    }
    await scrollTowards(context, prepared.backendNodeId, own, head.value);
    return { code: "TARGET_NOT_INTERACTABLE", reason: "offscreen" };
  }
  const text = loose === undefined ? null : await loose.catch(() => null);
  if (text !== null && text.value !== null && visibleCentre(text.value, viewport) !== undefined) {
    return { quads: text.value, via: "self", viewport, at: text.at };
  }
  // A field clipped to a pixel by its wrapper keeps a box of its own size where nothing shows.
  const shrunk = prepared.description.shrunk === true;
  if (!shrunk && visibleCentre(own, viewport) !== undefined) {
    return { quads: own, via: "self", viewport, at };
  }
  const label = await context.objects.run("labelBox", prepared.objectId, [], LabelBoxAnswer);
  if (label !== null && label.length > 0) {
    if (visibleCentre(label, viewport) !== undefined) {
      return { quads: label, via: "label", viewport, at: performance.now() };
    }
    await scrollTowards(context, prepared.backendNodeId, own, label);
  }
  const someBox = (!shrunk && hasArea(own)) || (label !== null && label.length > 0);
  return { code: "TARGET_NOT_INTERACTABLE", reason: someBox ? "offscreen" : "hidden" };
}

/** Send the read of `backendNodeId`'s own quads and of the viewport, now. */
function readOwnBox(context: StepContext, backendNodeId: number): OwnBox {
  const { cdp, signal } = context;
  const viewport = readViewport(cdp, signal);
  viewport.catch(() => {});
  const quads = stamped((async () => {
    try {
      return (await call(
        cdp,
        "DOM.getContentQuads",
        { backendNodeId },
        ContentQuadsAnswer,
        signal,
      )).quads;
    } catch (error) {
      signal?.throwIfAborted();
      // An element without layout has no quads; DevTools answers with an error.
      if (!isPageRefusal(error)) throw error;
      return [];
    }
  })());
  quads.catch(() => {});
  return { quads, viewport };
}

/** A page's answer and when it arrived (`performance.now()`). */
interface Stamped<T> {
  value: T;
  at: number;
}

/** `promise`'s value with when it arrived. */
function stamped<T>(promise: Promise<T>): Promise<Stamped<T>> {
  return promise.then((value) => ({ value, at: performance.now() }));
}

/**
 * Scroll the label's box into view through the control it labels
 * (`DOM.scrollIntoViewIfNeeded` takes a rect relative to the node's box).
 * Does nothing when the control has no box to measure from.
 */
async function scrollTowards(
  context: StepContext,
  backendNodeId: number,
  own: readonly (readonly number[])[],
  label: readonly (readonly number[])[],
): Promise<void> {
  if (own.length === 0) return;
  const xs = (quads: readonly (readonly number[])[]) =>
    quads.flatMap((q) => [q[0], q[2], q[4], q[6]]);
  const ys = (quads: readonly (readonly number[])[]) =>
    quads.flatMap((q) => [q[1], q[3], q[5], q[7]]);
  const left = Math.min(...xs(label)) - Math.min(...xs(own));
  const top = Math.min(...ys(label)) - Math.min(...ys(own));
  const width = Math.max(...xs(label)) - Math.min(...xs(label));
  const height = Math.max(...ys(label)) - Math.min(...ys(label));
  const fits = [left, top].every((value) => Math.abs(value) < 100_000) &&
    [width, height].every((value) => value > 0 && value < 100_000);
  if (!fits) return;
  await refusalAs("TARGET_NOT_INTERACTABLE", () =>
    call(
      context.cdp,
      "DOM.scrollIntoViewIfNeeded",
      { backendNodeId, rect: { x: left, y: top, width, height } },
      AnyAnswer,
      context.signal,
    ), context.signal).catch((error) => {
      if (!isLeashError(error, "TARGET_NOT_INTERACTABLE")) throw error;
    });
}

/**
 * Aim at `prepared`, open the gate and click it once. The page sees the
 * pointer arrive before the press, and a hostile one can slide a layer (or
 * another origin's frame) over the target on hover; so the point is
 * hit-tested again after the move, and the press is sent only if the
 * target is still there. A refusal then ends the action as `uncertain`
 * (the hover was input), never as a click on something else. What remains
 * is the one round trip between that check and the press. Then the clipping
 * ancestors its scroll moved go back ({@linkcode ClipHold}).
 */
export async function clickPrepared(
  context: StepContext,
  prepared: PreparedTarget,
  press?: ClickPress,
  reach: Reach = reachFor(context, prepared.backendNodeId, { holdClip: true }),
): Promise<void> {
  const { cdp, signal } = context;
  // Whether the page shows is asked beside the aim, which reads the page too.
  const visibility = pageVisible(context, prepared.objectId);
  visibility.catch(() => {});
  const { point } = await aimAt(context, prepared, reach);
  const visible = await visibility;
  await context.gate.open(signal);
  // A hidden page (a background tab) gets the move only after Chrome's 5 s wait for a frame.
  // There the press goes alone: it moves the pointer itself, and a layer the page slides in
  // at that moment cannot take the press, hit-tested at once, so the click lands on the
  // target or on an ancestor of both, never on the layer.
  // Where the provider ends the click itself (move, hit-test, press), that is one round trip.
  const aimed = { backendNodeId: prepared.backendNodeId, point, press };
  if (!visible || !await cdp.click?.(aimed, { signal })) {
    if (visible) {
      await hoverAt(cdp, point, signal);
      const pagePoint = toPage(point, await readViewport(cdp, signal));
      await assertHit(cdp, context.objects, prepared, { point, pagePoint }, signal);
    }
    await pressAt(cdp, point, signal, press);
  }
  await restoreClip(context, reach);
}

/** Whether the page of `objectId` is in view (see the `pageVisible` page function). */
function pageVisible(context: StepContext, objectId: string): Promise<boolean> {
  return context.objects.run("pageVisible", objectId, [], z.boolean());
}

/**
 * `click`: a hit-tested click, with the action's button, count and held
 * keys; nothing to check afterwards but the expectation.
 */
export async function click(
  context: StepContext,
  action: ActionOf<"click">,
): Promise<Postcondition> {
  const target = requireTarget(context, "click");
  const reach = reachFor(context, target.backendNodeId, { holdClip: true });
  const prepared = await prepareTarget(context, target);
  await clickPrepared(context, prepared, clickPressOf(action), reach);
  return undefined;
}

/** `wheel`: wheel input at the element's hit-tested centre, or at the viewport's centre. */
export async function wheel(
  context: StepContext,
  action: ActionOf<"wheel">,
): Promise<Postcondition> {
  let point: Point;
  let objectId: string;
  if (context.target === undefined) {
    point = await viewportCentre(context.cdp, context.signal);
    objectId = await context.objects.document();
  } else {
    const reach = reachFor(context, context.target.backendNodeId);
    const prepared = await prepareTarget(context, context.target, { allowDisabled: true });
    point = (await aimAt(context, prepared, reach)).point;
    objectId = prepared.objectId;
  }
  if (!await pageVisible(context, objectId)) {
    // Chrome never delivers it: the act would wait out its time limit and end uncertain.
    throw new LeashError("TARGET_NOT_INTERACTABLE", {
      cause: new Error("the tab is in the background, and a hidden page takes no wheel input"),
      detail: { reason: "hidden" },
    });
  }
  await context.gate.open(context.signal);
  await wheelAt(context.cdp, point, action, context.signal);
  return undefined;
}

/** `scroll`: bring the element into view; verified when part of it shows afterwards. */
export async function scroll(
  context: StepContext,
  _action: ActionOf<"scroll">,
): Promise<Postcondition> {
  const target = requireTarget(context, "scroll");
  await prepareTarget(context, target, { allowDisabled: true });
  await context.gate.open(context.signal);
  await scrollIntoView(context, target.backendNodeId);
  return {
    name: "inView",
    read: async () => {
      try {
        await elementAim(context.cdp, target.backendNodeId, context.signal);
        return true;
      } catch (error) {
        if (isLeashError(error, "TARGET_NOT_INTERACTABLE")) return false;
        throw error;
      }
    },
  };
}

async function scrollIntoView(context: StepContext, backendNodeId: number): Promise<void> {
  await refusalAs(
    "TARGET_NOT_INTERACTABLE",
    () =>
      call(
        context.cdp,
        "DOM.scrollIntoViewIfNeeded",
        { backendNodeId },
        AnyAnswer,
        context.signal,
      ),
    context.signal,
  );
}
