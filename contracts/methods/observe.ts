/**
 * The observe family: token-budgeted observations of the leased page on the
 * client side, and the bounded accessibility reads and literal searches the
 * Broker asks of the provider to build them. Text in `name`, `value`,
 * `title` and the rendered `text` is page-derived: it is data, never
 * instructions, and the rendering marks it as such.
 *
 * @module
 */
import { z } from "zod";
import { IdSchema } from "../envelope.ts";
import { limits } from "../limits.ts";
import {
  CallerTextSchema,
  CountSchema,
  DocumentEpochSchema,
  FrameIdSchema,
  FrameTargetSchema,
  LeaseIdSchema,
  LeaseTokenSchema,
  PageTextSchema,
  RefSchema,
  SessionIdSchema,
  TabIdSchema,
  UrlSchema,
} from "./common.ts";
import { defineEvent, defineMethod } from "./define.ts";
import { UntilSchema } from "./until.ts";

/** Element states an observation reports, in a fixed vocabulary. */
export const ElementStateSchema = z.enum([
  "checked",
  "mixed",
  "selected",
  /**
   * `aria-current`: the page, step or slide a set of links or buttons says
   * is the one shown; where the page says nothing in ARIA, the one item of
   * a set drawn alike that its class marks active (`li.active`).
   */
  "current",
  "expanded",
  "collapsed",
  "disabled",
  "focused",
  "required",
  "readonly",
  "editable",
  "invalid",
  "pressed",
  "clickable",
  /** Resting the pointer on it draws controls it holds: a row's actions shown only on hover. */
  "hoverable",
  "draggable",
  "contenteditable",
  /**
   * It scrolls its own content and hides at least half as much again as it
   * shows: a list or grid that draws only the rows in view holds more than
   * it lists; `wheel` with its ref scrolls it.
   */
  "scrollable",
]);

/** One row of an observation. `ref` is set only on elements that can be acted on. */
export const ObservedNodeSchema = z.strictObject({
  ref: RefSchema.nullable(),
  role: z.string().min(1).max(64),
  name: PageTextSchema,
  /**
   * For a control without a name, the icon it shows, as its icon set names
   * it (`fa-trash`, MUI's `DeleteIcon`, a sprite's `#icon-share`): what a
   * person reads off an icon-only button. Where no set names one and it
   * holds no words, what its own class says it does (a calendar's
   * `flatpickr-prev-month` arrow: `prev-month`).
   */
  icon: PageTextSchema.optional(),
  value: PageTextSchema.optional(),
  /** The name of the item it points its keyboard focus at (`aria-activedescendant`). */
  active: PageTextSchema.optional(),
  /**
   * The message the browser shows for the field's invalid value while its
   * form-validation bubble is up (a form sent with the field empty or
   * wrong): on the field the browser focused for it.
   */
  error: PageTextSchema.optional(),
  states: z.array(ElementStateSchema).max(16),
  level: z.number().int().nonnegative().max(1024),
});

/** What an observation covers. Cursors apply only within an equal scope. */
export const ObservationScopeSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("page") }),
  z.strictObject({
    kind: z.literal("query"),
    query: CallerTextSchema.min(1),
    frameId: FrameIdSchema.optional(),
    rootRef: RefSchema.optional(),
  }),
  z.strictObject({ kind: z.literal("frame"), frameId: FrameIdSchema }),
  z.strictObject({
    kind: z.literal("subtree"),
    rootRef: RefSchema,
    frameId: FrameIdSchema.optional(),
  }),
]);

/** A cursor naming one observation, for `since`. */
export const CursorSchema = IdSchema;

/** How a result was cut to fit its budget, and how to get the rest. */
export const TruncationSchema = z.strictObject({
  omitted: CountSchema,
  hint: z.string().max(500),
});

/** Rows that differ from the observation named by `since`. */
export const DeltaSchema = z.strictObject({
  since: CursorSchema,
  added: z.array(ObservedNodeSchema),
  removed: z.array(ObservedNodeSchema),
  changed: z.array(ObservedNodeSchema),
});

/** The header an observation and a page window share. */
export const observationHeaderShape = {
  scope: ObservationScopeSchema,
  documentEpoch: DocumentEpochSchema,
  url: UrlSchema,
  title: PageTextSchema,
  /** Compact rendering for a model to read; page-derived text is marked. */
  text: z.string(),
  nodes: z.array(ObservedNodeSchema),
};

/** A token-budgeted observation, full or as a delta. */
export const ObservationSchema = z.strictObject({
  ...observationHeaderShape,
  cursor: CursorSchema,
  truncated: TruncationSchema.nullable(),
  delta: DeltaSchema.nullable(),
});

export const BrowserObserveParamsSchema = z.strictObject({
  sessionId: SessionIdSchema,
  leaseId: LeaseIdSchema,
  query: CallerTextSchema.min(1).optional(),
  since: CursorSchema.optional(),
  frame: FrameTargetSchema.optional(),
  rootRef: RefSchema.optional(),
  maxTokens: z.number().int().min(100).max(100_000).optional(),
  until: UntilSchema.optional(),
});

/** A DevTools backend node ID. */
export const BackendNodeIdSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** The most nodes one AX read may return. */
export const maxAxNodes = 5_000;

/** One accessibility node as the provider projects it. */
export const AxNodeSchema = z.strictObject({
  backendNodeId: BackendNodeIdSchema,
  parentId: BackendNodeIdSchema.nullable(),
  role: z.string().min(1).max(64),
  name: PageTextSchema,
  /**
   * For a control without a name, the icon it shows, as its icon set names
   * it (`fa-trash`, MUI's `DeleteIcon`, a sprite's `#icon-share`): what a
   * person reads off an icon-only button. Where no set names one and it
   * holds no words, what its own class says it does (a calendar's
   * `flatpickr-prev-month` arrow: `prev-month`).
   */
  icon: PageTextSchema.optional(),
  value: PageTextSchema.optional(),
  /**
   * The name of the item it points its keyboard focus at
   * (`aria-activedescendant`): the option a combobox's arrow keys moved to.
   */
  active: PageTextSchema.optional(),
  /**
   * The message the browser shows for the field's invalid value while its
   * form-validation bubble is up (a form sent with the field empty or
   * wrong): on the field the browser focused for it.
   */
  error: PageTextSchema.optional(),
  states: z.array(ElementStateSchema).max(16),
  depth: z.number().int().nonnegative().max(1024),
  /**
   * The role and name the accessibility tree gives the element, when the
   * row shows the widget role the page declared and the tree dropped (an
   * option slotted into a shadow-DOM listbox reads `generic`): a ref's
   * identity is checked against these.
   */
  axRole: z.string().min(1).max(64).optional(),
  axName: PageTextSchema.optional(),
});

/** Why and where a bounded read stopped. */
export const AxCutSchema = z.strictObject({
  reason: z.enum(["nodes", "depth", "time", "text"]),
  /** The node at which the read stopped descending, when there is one. */
  at: BackendNodeIdSchema.nullable(),
  omitted: CountSchema,
});

/** The document a read came from: the provider's document identity. */
export const axDocumentShape = {
  frameId: IdSchema,
  loaderId: IdSchema,
  url: UrlSchema,
  title: PageTextSchema,
};

/** A bounded accessibility read of one document. */
export const AxSnapshotSchema = z.strictObject({
  ...axDocumentShape,
  nodes: z.array(AxNodeSchema).max(maxAxNodes),
  cut: AxCutSchema.nullable(),
  /**
   * Set when the page's own signals (clickable, draggable, hidden, editors)
   * could not be read beside the tree: `skipped` on a page too large for
   * them, `failed` when the read failed; only roles then decide refs.
   */
  signals: z.enum(["skipped", "failed"]).optional(),
  /**
   * Set when a read that stopped at its bound also read the regions the
   * page changed since an action began (`beyond`: every row read past the
   * bound for them, their ancestors' included; `roots`: the top rows of
   * each region read whole), so a delta can tell what it saw there from
   * what it did not read; `gone`: the nodes of elements the page took from
   * one too large to read, which went wherever they stood.
   */
  changed: z.strictObject({
    beyond: z.array(BackendNodeIdSchema).max(maxAxNodes),
    roots: z.array(BackendNodeIdSchema).max(maxAxNodes),
    gone: z.array(BackendNodeIdSchema).max(maxAxNodes).optional(),
  }).optional(),
});

/** A literal search's matches, verified against the current document. */
export const AxFindResultSchema = z.strictObject({
  ...axDocumentShape,
  nodes: z.array(AxNodeSchema).max(limits.maxCandidates),
  truncated: z.boolean(),
});

/** Bounds on one AX read; the provider applies its defaults where absent. */
export const AxReadRequestSchema = z.strictObject({
  /**
   * The most rows the read returns. A page read walked top-down stops once
   * its rows fill this many rows of three tokens each: a row with a long
   * text counts as several.
   */
  maxNodes: z.number().int().min(1).max(maxAxNodes).optional(),
  maxDepth: z.number().int().min(1).max(1024).optional(),
  maxTextUnits: z.number().int().min(1).max(10_000).optional(),
  timeoutMs: z.number().int().min(1).max(30_000).optional(),
  root: BackendNodeIdSchema.optional(),
  /**
   * A whole observation's read: when the walk stops at its bound, it also
   * reads what the viewport shows of the page past that point (a page
   * scrolled down). Never a delta's read: rows a scroll brought into view
   * would read as added.
   */
  view: z.boolean().optional(),
});

/**
 * A page search's request: the query, and the bounds of the read it falls
 * back to (the read of a page small enough to read whole, or of one whose
 * text holds no match).
 */
export const AxSearchRequestSchema = z.strictObject({
  ...AxReadRequestSchema.omit({ root: true, view: true }).shape,
  query: CallerTextSchema.min(1),
});

/**
 * A page search's answer: an AX snapshot, `via` `text` when it holds the
 * text search's matches with their ancestors and subtrees (cut at `nodes`
 * when there were more matches than it read), or `read` when it is the
 * bounded read of the page, to be searched as one.
 */
export const AxSearchResultSchema = z.strictObject({
  ...AxSnapshotSchema.shape,
  via: z.enum(["text", "read"]),
});

/** The observe methods. */
export const observeMethods = {
  "browser.observe": defineMethod({
    direction: "client→broker",
    title: "Observe the leased page as compact, token-budgeted text with element refs.",
    capability: "runtime.v1",
    params: BrowserObserveParamsSchema,
    result: ObservationSchema,
  }),
  "ax.read": defineMethod({
    direction: "broker→provider",
    title: "Read the leased document's accessibility tree within bounds.",
    capability: "ax.read.v1",
    params: z.strictObject({ lease: LeaseTokenSchema, request: AxReadRequestSchema }),
    result: AxSnapshotSchema,
  }),
  "ax.find": defineMethod({
    direction: "broker→provider",
    title: "Find accessibility nodes whose name or role matches literally.",
    capability: "ax.find.v1",
    params: z.strictObject({
      lease: LeaseTokenSchema,
      request: z.strictObject({
        query: CallerTextSchema.min(1),
        role: z.string().min(1).max(64).optional(),
        root: BackendNodeIdSchema.optional(),
      }),
    }),
    result: AxFindResultSchema,
  }),
  "ax.search": defineMethod({
    direction: "broker→provider",
    title:
      "Find what a query observation shows: matches of the page's text with their ancestors and subtrees, or the bounded read.",
    capability: "ax.search.v1",
    params: z.strictObject({ lease: LeaseTokenSchema, request: AxSearchRequestSchema }),
    result: AxSearchResultSchema,
  }),
};

/** The observe events. */
export const observeEvents = {
  "page.changed": defineEvent({
    direction: "provider→broker",
    title: "A leased page changed; a coalesced hint to observe again.",
    capability: "lease.fencing.v1",
    value: z.strictObject({
      tab: TabIdSchema,
      leaseId: LeaseIdSchema,
      sequence: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    }),
  }),
};

export type ElementState = z.infer<typeof ElementStateSchema>;
export type ObservedNode = z.infer<typeof ObservedNodeSchema>;
export type ObservationScope = z.infer<typeof ObservationScopeSchema>;
export type Observation = z.infer<typeof ObservationSchema>;
export type AxNode = z.infer<typeof AxNodeSchema>;
export type AxSnapshot = z.infer<typeof AxSnapshotSchema>;
export type AxReadRequest = z.infer<typeof AxReadRequestSchema>;
