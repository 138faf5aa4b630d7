/**
 * The frames family: a tab's frame inventory as validated public metadata,
 * and the provider's bounded reads, searches and clicks in same-origin
 * child documents. None of these accept caller-chosen sessions, objects or
 * scripts; source identities stay between Broker and provider.
 *
 * @module
 */
import { z } from "zod";
import { IdSchema } from "../envelope.ts";
import {
  CallerTextSchema,
  DocumentEpochSchema,
  FrameIdSchema,
  LeaseHandleSchema,
  LeaseTokenSchema,
  OriginSchema,
  TabIdSchema,
  UrlSchema,
} from "./common.ts";
import { defineMethod } from "./define.ts";
import { AxFindResultSchema, AxSnapshotSchema, BackendNodeIdSchema } from "./observe.ts";
import { AxWindowSchema } from "./page.ts";
import {
  ClickPressSchema,
  InputTextSchema,
  ModifierSchema,
  PressKeySchema,
  TypeTextSchema,
} from "./act.ts";

/** The most frames one inventory lists; a provider that finds more says `truncated`. */
export const maxFrames = 64;

/** One frame of a tab's public inventory. */
export const FrameInfoSchema = z.strictObject({
  id: FrameIdSchema,
  parentId: FrameIdSchema.optional(),
  documentEpoch: DocumentEpochSchema.optional(),
  origin: OriginSchema.optional(),
  isMain: z.boolean(),
  contextStatus: z.enum(["known", "unavailable"]),
  originRelation: z.enum(["same-origin", "cross-origin", "opaque"]),
});

/** A tab's frames, validated and projected to public fields only. */
export const FrameInventorySchema = z.strictObject({
  tab: TabIdSchema,
  documentEpoch: DocumentEpochSchema,
  truncated: z.boolean(),
  frames: z.array(FrameInfoSchema).max(maxFrames),
});

/** The five-field identity of a child document and its root document. */
export const FrameBindingSchema = z.strictObject({
  frameId: IdSchema,
  loaderId: IdSchema,
  contextUniqueId: IdSchema,
  rootFrameId: IdSchema,
  rootLoaderId: IdSchema,
});

/** A semantic root taken from the provider's current child ref cache. */
export const SemanticRootSchema = z.strictObject({
  backendNodeId: BackendNodeIdSchema,
  role: z.string().min(1).max(64),
  name: CallerTextSchema,
  editable: z.boolean(),
});

/**
 * A frame as the provider sees it, before the Broker projects it. A frame
 * in the root document's renderer (`root`, `same-process`) carries its
 * loader, URL and the identity of its document (`contextUniqueId`); one in
 * another renderer (`out-of-process`) carries only what its owner element
 * in the parent document tells. `origin` is the document's serialized
 * origin, `"null"` for an opaque one (a sandboxed frame), absent when
 * unknown; the Broker validates it again. `owner` is the backend node of
 * the frame's element in its parent document, so the Broker can name the
 * frame on that element's row. None of it crosses to a client.
 */
export const SourceFrameSchema = z.strictObject({
  frameId: IdSchema,
  parentFrameId: IdSchema.optional(),
  loaderId: IdSchema.optional(),
  url: UrlSchema.optional(),
  origin: z.string().min(1).max(2048).optional(),
  contextUniqueId: IdSchema.optional(),
  owner: BackendNodeIdSchema.optional(),
  session: z.enum(["root", "same-process", "out-of-process"]),
});

/** What `frames.list` answers: the root document and every frame found, root first. */
export const SourceFramesSchema = z.strictObject({
  rootFrameId: IdSchema,
  rootLoaderId: IdSchema,
  truncated: z.boolean(),
  frames: z.array(SourceFrameSchema).min(1).max(maxFrames),
});

const frameTarget = {
  binding: FrameBindingSchema,
  backendNodeId: BackendNodeIdSchema,
};

const frameClickRequest = z.strictObject({
  lease: LeaseTokenSchema,
  request: z.strictObject({
    ...frameTarget,
    role: z.string().min(1).max(64),
    name: CallerTextSchema,
    /** How the click presses; default the left button once. */
    press: ClickPressSchema.optional(),
  }),
});

/**
 * Text entry in a child-document element, Leash's own beyond the spec:
 * `fill` replaces what the element holds (a field's value, an editor's
 * content) with `text` as one insertion; `type` sends `text` key by key,
 * after emptying the element when `clear`; `press` sends one key or chord.
 */
export const FrameInputSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("fill"), text: InputTextSchema }),
  z.strictObject({ kind: z.literal("type"), text: TypeTextSchema, clear: z.boolean().optional() }),
  z.strictObject({
    kind: z.literal("press"),
    key: PressKeySchema,
    modifiers: z.array(ModifierSchema).max(4).optional(),
  }),
]);

const frameInputRequest = z.strictObject({
  lease: LeaseTokenSchema,
  request: z.strictObject({
    ...frameTarget,
    role: z.string().min(1).max(64),
    name: CallerTextSchema,
    input: FrameInputSchema,
  }),
});

const pointSchema = z.strictObject({ x: z.number().finite(), y: z.number().finite() });

/** The frames methods. */
export const framesMethods = {
  "browser.frames": defineMethod({
    direction: "client→broker",
    title: "List the leased tab's frames as validated metadata.",
    capability: "runtime.frames.v1",
    params: LeaseHandleSchema,
    result: FrameInventorySchema,
  }),
  "frames.list": defineMethod({
    direction: "broker→provider",
    title: "List the leased tab's frames with their source identities.",
    capability: "frame.sessions.v1",
    params: z.strictObject({ lease: LeaseTokenSchema }),
    result: SourceFramesSchema,
  }),
  "ax.frame": defineMethod({
    direction: "broker→provider",
    title: "Read a same-origin child document's accessibility tree within bounds.",
    capability: "ax.frame.v1",
    params: z.strictObject({ lease: LeaseTokenSchema, binding: FrameBindingSchema }),
    result: AxSnapshotSchema,
  }),
  "ax.frame.page": defineMethod({
    direction: "broker→provider",
    title: "Read one live window of a same-origin child document.",
    capability: "ax.frame-page.v1",
    params: z.strictObject({
      lease: LeaseTokenSchema,
      request: z.strictObject({
        binding: FrameBindingSchema,
        root: SemanticRootSchema.optional(),
        continuation: IdSchema.optional(),
      }),
    }),
    result: AxWindowSchema,
  }),
  "ax.frame.text": defineMethod({
    direction: "broker→provider",
    title: "Tell whether text is present in a same-origin child document.",
    capability: "ax.frame-text.v1",
    params: z.strictObject({
      lease: LeaseTokenSchema,
      request: z.strictObject({
        binding: FrameBindingSchema,
        text: CallerTextSchema.regex(/\S/),
      }),
    }),
    result: z.strictObject({ present: z.boolean() }),
  }),
  "ax.frame.find": defineMethod({
    direction: "broker→provider",
    title: "Find nodes in a same-origin child document by literal name or role.",
    capability: "ax.frame-find.v1",
    params: z.strictObject({
      lease: LeaseTokenSchema,
      request: z.strictObject({
        binding: FrameBindingSchema,
        query: CallerTextSchema.min(1),
        root: SemanticRootSchema.optional(),
      }),
    }),
    result: AxFindResultSchema,
  }),
  "ax.frame.subtree": defineMethod({
    direction: "broker→provider",
    title: "Read the subtree under a known semantic root of a same-origin child document.",
    capability: "ax.frame-subtree.v1",
    params: z.strictObject({
      lease: LeaseTokenSchema,
      request: z.strictObject({ binding: FrameBindingSchema, root: SemanticRootSchema }),
    }),
    result: AxSnapshotSchema,
  }),
  "frame.click.prepare": defineMethod({
    direction: "broker→provider",
    title: "Check, without input, that a child-document element can be clicked.",
    capability: "input.frame-click.v1",
    params: frameClickRequest,
    result: z.strictObject({ acknowledged: z.literal(false) }),
  }),
  "frame.click": defineMethod({
    direction: "broker→provider",
    title: "Revalidate and click a child-document element with one pointer pair.",
    capability: "input.frame-click.v1",
    params: frameClickRequest,
    result: z.strictObject({ acknowledged: z.literal(true) }),
  }),
  "frame.input.prepare": defineMethod({
    direction: "broker→provider",
    title: "Check, without input, that a child-document element can take text entry.",
    capability: "input.frame-input.v1",
    params: frameInputRequest,
    result: z.strictObject({ acknowledged: z.literal(false) }),
  }),
  "frame.input": defineMethod({
    direction: "broker→provider",
    title: "Revalidate, focus and enter text or a key in a child-document element.",
    capability: "input.frame-input.v1",
    params: frameInputRequest,
    result: z.strictObject({ acknowledged: z.literal(true) }),
  }),
  "frame.geometry": defineMethod({
    direction: "broker→provider",
    title: "Locate a child-document element in page and frame coordinates.",
    capability: "input.frame-click.v1",
    params: z.strictObject({
      lease: LeaseTokenSchema,
      request: z.strictObject(frameTarget),
    }),
    result: z.strictObject({
      point: pointSchema,
      local: pointSchema,
      depth: z.number().int().nonnegative().max(64),
    }),
  }),
};

export type FrameBinding = z.infer<typeof FrameBindingSchema>;
export type FrameInfo = z.infer<typeof FrameInfoSchema>;
export type FrameInventory = z.infer<typeof FrameInventorySchema>;
export type SourceFrame = z.infer<typeof SourceFrameSchema>;
export type SourceFrames = z.infer<typeof SourceFramesSchema>;
export type FrameInput = z.infer<typeof FrameInputSchema>;
export type SemanticRoot = z.infer<typeof SemanticRootSchema>;
