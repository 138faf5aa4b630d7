/**
 * The act family: one fenced, journaled action on an observed element, what
 * the caller expects afterwards and what it is told; and the provider's
 * fenced `cdp`, the action engine's one way into the tab.
 *
 * @module
 */
import { z } from "zod";
import { JsonObjectSchema } from "../json.ts";
import { limits } from "../limits.ts";
import {
  CallerTextSchema,
  DocumentEpochSchema,
  FrameTargetSchema,
  LeaseIdSchema,
  LeaseTokenSchema,
  RefSchema,
  RequestIdSchema,
  SessionIdSchema,
  TabIdSchema,
  UrlSchema,
} from "./common.ts";
import { CdpMethodSchema } from "./cdp.ts";
import { defineMethod } from "./define.ts";
import { OpenDialogSchema, PromptTextSchema } from "./dialog.ts";
import { ElementExpectationSchema } from "./element_expectation.ts";
import { BackendNodeIdSchema, ObservationSchema } from "./observe.ts";
import {
  chordRefusal,
  maxChordLength,
  type Modifier,
  modifierMask,
  namedKeyNames,
  parseChord,
} from "../keyboard.ts";

/** Text a caller types into a field. */
export const InputTextSchema = z.string().max(100_000);

/** Keys an action may press by name. */
export const NamedKeySchema = z.enum(namedKeyNames);

export const ModifierSchema = z.enum(["Alt", "Control", "Meta", "Shift"]);

/** A mouse button a click presses. */
export const MouseButtonSchema = z.enum(["left", "right", "middle"]);

export type MouseButton = z.infer<typeof MouseButtonSchema>;

/** How a click presses, each part optional. */
const clickPress = {
  /** The mouse button; default left. */
  button: MouseButtonSchema.optional(),
  /** Clicks in a row: 2 is a double click, 3 a triple click; default 1. */
  count: z.number().int().min(1).max(3).optional(),
  /** Keys held during the click (Control or Meta to add to a selection, Shift for a range). */
  modifiers: z.array(ModifierSchema).max(4).optional(),
};

/** How a click presses: its button, how many times in a row, with which keys held. */
export const ClickPressSchema = z.strictObject(clickPress);

export type ClickPress = z.infer<typeof ClickPressSchema>;

/**
 * A key or chord to press: a named key, one character a US key types, or
 * modifiers and a key joined by `+` (`Control+A`, `Shift+Tab`).
 */
export const PressKeySchema = z.string().min(1).max(maxChordLength);

/** Text `type` sends key by key; bounded, as each character is its own key press. */
export const TypeTextSchema = z.string().max(1_000);

/**
 * A press whose key is no key, or a chord whose default reaches the
 * clipboard or the browser rather than the page (see `chordRefusal`), is
 * refused as invalid params before anything is sent.
 */
function checkPress(
  press: { key: string; modifiers?: readonly Modifier[] },
  context: z.core.$RefinementCtx,
): void {
  const chord = parseChord(press.key);
  if (chord === undefined) {
    context.addIssue({ code: "custom", path: ["key"], message: "not a key or chord" });
    return;
  }
  const mask = modifierMask([...chord.modifiers, ...(press.modifiers ?? [])]);
  const refusal = chordRefusal(chord.key.code, mask);
  if (refusal !== undefined) {
    context.addIssue({
      code: "custom",
      path: ["key"],
      message: refusal === "clipboard"
        ? "the chord would reach the clipboard"
        : "the chord belongs to the browser, not the page",
    });
  }
}

const scrollDelta = z.number().finite().min(-100_000).max(100_000);

/**
 * The most bytes an upload's files hold together: what crosses to the
 * browser in one message (Chrome's cap for a message to an extension is
 * 1 MiB, and base64 takes a third more).
 */
export const maxUploadBytes = 512 * 1024;

/** The most files one upload sets. */
export const maxUploadFiles = 16;

/** How many bytes `base64` decodes to. */
export function base64Bytes(base64: string): number {
  const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
  return Math.floor(base64.length / 4) * 3 - padding;
}

/**
 * One file of an upload, by value: its name (no folder), its media type
 * when known, and its bytes in base64. The page gets a `File` of these;
 * no path on this machine ever reaches it.
 */
export const UploadFileSchema = z.strictObject({
  name: z.string().min(1).max(255).regex(/^[^/\\\p{Cc}]+$/u, "a file name, without folders"),
  type: z.string().max(255).regex(/^[\w.+-]+\/[\w.+-]+$/, "a media type").optional(),
  data: z.string().max(Math.ceil(maxUploadBytes / 3) * 4).regex(
    /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/,
    "base64",
  ),
});

export type UploadFile = z.infer<typeof UploadFileSchema>;

/** One action on one element (or the page), by kind. */
export const ActionSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("click"), ref: RefSchema, ...clickPress }),
  z.strictObject({ kind: z.literal("fill"), ref: RefSchema, text: InputTextSchema }),
  z.strictObject({ kind: z.literal("append"), ref: RefSchema, text: InputTextSchema }),
  z.strictObject({ kind: z.literal("fillEditable"), ref: RefSchema, text: InputTextSchema }),
  z.strictObject({
    kind: z.literal("press"),
    key: PressKeySchema,
    ref: RefSchema.optional(),
    modifiers: z.array(ModifierSchema).max(4).optional(),
  }).superRefine(checkPress),
  z.strictObject({
    kind: z.literal("type"),
    ref: RefSchema.optional(),
    text: TypeTextSchema,
    clear: z.boolean().optional(),
    submit: z.boolean().optional(),
  }).refine((type) => type.clear !== true || type.ref !== undefined, {
    message: "clear needs a ref",
    path: ["clear"],
  }),
  z.strictObject({ kind: z.literal("hover"), ref: RefSchema }),
  z.strictObject({ kind: z.literal("check"), ref: RefSchema, checked: z.boolean() }),
  z.strictObject({ kind: z.literal("radio"), ref: RefSchema }),
  z.strictObject({
    kind: z.literal("select"),
    ref: RefSchema,
    // One option's label or value; for a multiple select, the list of those to leave selected.
    option: z.union([CallerTextSchema, z.array(CallerTextSchema).min(1).max(64)]),
  }),
  z.strictObject({
    kind: z.literal("wheel"),
    ref: RefSchema.optional(),
    deltaX: scrollDelta,
    deltaY: scrollDelta,
  }),
  z.strictObject({ kind: z.literal("scroll"), ref: RefSchema }),
  z.strictObject({ kind: z.literal("navigate"), url: UrlSchema }),
  z.strictObject({ kind: z.literal("drag"), from: RefSchema, to: RefSchema }),
  z.strictObject({
    kind: z.literal("upload"),
    ref: RefSchema,
    files: z.array(UploadFileSchema).min(1).max(maxUploadFiles),
  }).refine(
    (upload) =>
      upload.files.reduce((sum, file) => sum + base64Bytes(file.data), 0) <=
        maxUploadBytes,
    { message: "the files hold more than 512 KiB together", path: ["files"] },
  ),
  z.strictObject({ kind: z.literal("reload") }),
  z.strictObject({ kind: z.literal("back") }),
  z.strictObject({ kind: z.literal("forward") }),
  z.strictObject({
    kind: z.literal("dialog"),
    accept: z.boolean(),
    promptText: PromptTextSchema.optional(),
  }),
]);

/** What must hold after the action for it to count as verified. */
export const ExpectationSchema = z
  .strictObject({
    textPresent: CallerTextSchema.min(1).optional(),
    element: ElementExpectationSchema.optional(),
  });

/**
 * How long an action may wait for its target to become actionable
 * (attached, visible, stable, enabled, not covered) before it is refused;
 * 2,000 ms when absent, 0 looks once. Bounded well inside a call's time.
 * How long to wait changes nothing that is sent, so it is not part of the
 * payload an exact retry is compared by.
 */
export const ActionabilityTimeoutSchema = z.number().int().min(0).max(15_000);

/**
 * How long an action waits, at most, for the page's own reaction before
 * its observation is read (0: not at all); `settleDefaults.timeoutMs` when absent.
 */
export const SettleMsSchema = z.number().int().min(0).max(10_000);

/**
 * Present only when the wait for the page's reaction was cut at its bound:
 * how long it waited and what was still going on.
 */
export const UnsettledSchema = z.strictObject({
  afterMs: z.number().int().min(0).max(60_000),
  /** Requests the action started that were still open. */
  requests: z.number().int().min(0).max(10_000),
  /** Whether the document was still mutating. */
  mutating: z.boolean(),
  /** Whether transitions or animations started since the action were still running. */
  animating: z.boolean(),
});

/** How sure the runtime is that the action did what was asked. */
export const ActStatusSchema = z.enum(["verified", "unverified", "uncertain"]);

export const BrowserActParamsSchema = z.strictObject({
  sessionId: SessionIdSchema,
  leaseId: LeaseIdSchema,
  requestId: RequestIdSchema,
  documentEpoch: DocumentEpochSchema,
  action: ActionSchema,
  expect: ExpectationSchema.optional(),
  frame: FrameTargetSchema.optional(),
  timeoutMs: ActionabilityTimeoutSchema.optional(),
  settleMs: SettleMsSchema.optional(),
});

/**
 * What an `unverified` action's own check learned beyond its status:
 * `valueNotKept` — after `fill` the field did not keep the text, or put its
 * old value back a moment later (a widget that takes only key events: use
 * `type`).
 */
export const ActNoteSchema = z.enum(["valueNotKept"]);

/** The answer to an action; an exact retry gets the same answer back. */
export const ActResultSchema = z.strictObject({
  requestId: RequestIdSchema,
  status: ActStatusSchema,
  documentChanged: z.boolean(),
  documentEpoch: DocumentEpochSchema,
  observation: ObservationSchema.nullable(),
  note: ActNoteSchema.optional(),
  unsettled: UnsettledSchema.optional(),
  /**
   * The JavaScript dialog the action opened (or that opened while it ran):
   * the page is blocked until it is answered with the `dialog` action, so
   * the observation is `null`.
   */
  dialog: OpenDialogSchema.optional(),
  /**
   * Tabs the page opened while the action ran (popups, `target=_blank`
   * links): not leased; claim one with `browser.claim` to use it.
   */
  opened: z.array(TabIdSchema).max(limits.maxOpenedTabs).optional(),
});

/** The most input events one `cdp.input` call sends. */
export const maxInputEvents = 256;

/**
 * One input event of a `cdp.input` sequence: a key, a mouse button or
 * move, or inserted text, with the params `cdp` would take for it.
 */
export const InputEventSchema = z.strictObject({
  method: CdpMethodSchema.extract([
    "Input.dispatchKeyEvent",
    "Input.dispatchMouseEvent",
    "Input.insertText",
  ]),
  params: JsonObjectSchema,
});

export type InputEvent = z.infer<typeof InputEventSchema>;

/** A point in the leased tab's viewport, in CSS pixels. */
export const ViewportPointSchema = z.strictObject({
  x: z.number().finite().min(-1_000_000).max(1_000_000),
  y: z.number().finite().min(-1_000_000).max(1_000_000),
});

/**
 * What the hit test found at a point: the target or something that hands
 * it the input (`target`), something else (`covered`, by backend node), or
 * nothing at all (`nothing`: the point is off the document).
 */
export const HitSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("target") }),
  z.strictObject({ kind: z.literal("covered"), by: BackendNodeIdSchema }),
  z.strictObject({ kind: z.literal("nothing") }),
]);

export type Hit = z.infer<typeof HitSchema>;

/** The element a pointer call aims at and where, as the Broker's engine found them. */
const aimedParams = {
  lease: LeaseTokenSchema,
  backendNodeId: BackendNodeIdSchema,
  point: ViewportPointSchema,
};

/** The act methods. */
export const actMethods = {
  "browser.act": defineMethod({
    direction: "client→broker",
    title: "Perform one fenced, journaled action on an observed element.",
    capability: "runtime.v1",
    params: BrowserActParamsSchema,
    result: ActResultSchema,
  }),
  "cdp": defineMethod({
    direction: "broker→provider",
    title: "Run one allowlisted DevTools method on the leased tab.",
    capability: "lease.fencing.v1",
    params: z.strictObject({
      lease: LeaseTokenSchema,
      method: CdpMethodSchema,
      params: JsonObjectSchema,
    }),
    result: JsonObjectSchema,
  }),
  "cdp.input": defineMethod({
    direction: "broker→provider",
    title: "Send input events to the leased tab in order, each checked as `cdp` checks one.",
    capability: "lease.fencing.v1",
    params: z.strictObject({
      lease: LeaseTokenSchema,
      events: z.array(InputEventSchema).min(1).max(maxInputEvents),
    }),
    result: z.strictObject({ sent: z.number().int().nonnegative() }),
  }),
  "cdp.hit": defineMethod({
    direction: "broker→provider",
    title:
      "Hit-test a point of the leased tab: whether what is there hands pointer input to the element.",
    capability: "lease.fencing.v1",
    params: z.strictObject(aimedParams),
    result: HitSchema,
  }),
  "cdp.click": defineMethod({
    direction: "broker→provider",
    title:
      "Move the mouse to a point of the leased tab, hit-test it again and press there only if the element takes it.",
    capability: "lease.fencing.v1",
    params: z.strictObject({ ...aimedParams, press: ClickPressSchema.optional() }),
    result: z.strictObject({ sent: z.number().int().nonnegative() }),
  }),
};

export type Action = z.infer<typeof ActionSchema>;

/** The ref an action aims at, when it has one (a drag's: where it starts). */
export function refOf(action: Action): string | undefined {
  if (action.kind === "drag") return action.from;
  return "ref" in action ? action.ref : undefined;
}
export type Expectation = z.infer<typeof ExpectationSchema>;
export type ActResult = z.infer<typeof ActResultSchema>;
export type ActNote = z.infer<typeof ActNoteSchema>;
