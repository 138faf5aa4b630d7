/**
 * What the Broker asks of a provider (the extension) and what a provider
 * tells the Broker. Every leased operation carries the lease's fencing
 * token; the provider refuses a stale one with `STALE_LEASE`. None of these
 * accept caller-chosen sessions, objects or scripts.
 *
 * @module
 */
import { z } from "zod";
import { IdSchema } from "../envelope.ts";
import { JsonObjectSchema } from "../json.ts";
import { limits } from "../limits.ts";
import {
  CallerTextSchema,
  CountSchema,
  EmptySchema,
  LeaseIdSchema,
  LeaseScopeSchema,
  LeaseTokenSchema,
  TabIdSchema,
  UrlSchema,
} from "./common.ts";
import { CdpMethodSchema } from "./cdp.ts";
import { defineEvent, defineMethod } from "./define.ts";
import { ElementStateSchema, PageTextSchema } from "./observation.ts";
import { TabInfoSchema } from "./runtime.ts";

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
  value: PageTextSchema.optional(),
  states: z.array(ElementStateSchema).max(12),
  depth: z.number().int().nonnegative().max(1024),
});

/** Why and where a bounded read stopped. */
export const AxCutSchema = z.strictObject({
  reason: z.enum(["nodes", "depth", "time", "text"]),
  /** The node at which the read stopped descending, when there is one. */
  at: BackendNodeIdSchema.nullable(),
  omitted: CountSchema,
});

/** The document a read came from: the provider's document identity. */
const documentShape = {
  frameId: IdSchema,
  loaderId: IdSchema,
  url: UrlSchema,
  title: PageTextSchema,
};

/** A bounded accessibility read of one document. */
export const AxSnapshotSchema = z.strictObject({
  ...documentShape,
  nodes: z.array(AxNodeSchema).max(maxAxNodes),
  cut: AxCutSchema.nullable(),
});

/** A literal search's matches, verified against the current document. */
export const AxFindResultSchema = z.strictObject({
  ...documentShape,
  nodes: z.array(AxNodeSchema).max(limits.maxCandidates),
  truncated: z.boolean(),
});

/** One live window of a traversal, with a single-use continuation. */
export const AxWindowSchema = z.strictObject({
  ...documentShape,
  nodes: z.array(AxNodeSchema).max(maxAxNodes),
  continuation: IdSchema.nullable(),
  complete: z.boolean(),
});

/** Bounds on one AX read; the provider applies its defaults where absent. */
export const AxReadRequestSchema = z.strictObject({
  maxNodes: z.number().int().min(1).max(maxAxNodes).optional(),
  maxDepth: z.number().int().min(1).max(1024).optional(),
  maxTextUnits: z.number().int().min(1).max(10_000).optional(),
  timeoutMs: z.number().int().min(1).max(30_000).optional(),
  root: BackendNodeIdSchema.optional(),
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

/** A frame as the provider sees it, before the Broker projects it. */
export const SourceFrameSchema = z.strictObject({
  frameId: IdSchema,
  parentFrameId: IdSchema.optional(),
  loaderId: IdSchema,
  url: UrlSchema,
  contextUniqueId: IdSchema.optional(),
  session: z.enum(["root", "same-process", "out-of-process"]),
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
  }),
});

const pointSchema = z.strictObject({ x: z.number().finite(), y: z.number().finite() });

/** Methods the Broker calls on a provider. */
export const providerMethods = {
  "tabs.list": defineMethod({
    direction: "broker→provider",
    title: "List the browser's tabs, with titles and URLs only where discovery is permitted.",
    capability: "lease.tab-scope.v1",
    params: EmptySchema,
    result: z.array(TabInfoSchema),
  }),
  "lease.grant": defineMethod({
    direction: "broker→provider",
    title: "Grant a fenced lease on a tab, asking the person first in restricted mode.",
    capability: "lease.fencing.v1",
    params: z.strictObject({
      lease: LeaseTokenSchema,
      tab: TabIdSchema.optional(),
      scope: z.enum(["origin", "tab"]),
      clientName: z.string().min(1).max(64),
      reason: z.string().max(200).optional(),
    }),
    result: z.strictObject({
      tab: TabIdSchema,
      scope: LeaseScopeSchema,
      url: UrlSchema,
    }),
  }),
  "lease.revoke": defineMethod({
    direction: "broker→provider",
    title: "End a lease and detach from its tab.",
    capability: "lease.fencing.v1",
    params: z.strictObject({ lease: LeaseTokenSchema }),
    result: z.strictObject({ revoked: z.boolean() }),
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
  "ax.page": defineMethod({
    direction: "broker→provider",
    title: "Read one live window of the leased root document.",
    capability: "ax.page.v1",
    params: z.strictObject({
      lease: LeaseTokenSchema,
      request: z.strictObject({
        frameId: IdSchema,
        backendNodeId: BackendNodeIdSchema.optional(),
        continuation: IdSchema.optional(),
      }),
    }),
    result: AxWindowSchema,
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
  "frames.list": defineMethod({
    direction: "broker→provider",
    title: "List the leased tab's frames with their source identities.",
    capability: "frame.sessions.v1",
    params: z.strictObject({ lease: LeaseTokenSchema }),
    result: z.strictObject({
      rootFrameId: IdSchema,
      rootLoaderId: IdSchema,
      truncated: z.boolean(),
      frames: z.array(SourceFrameSchema),
    }),
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

/** Why a provider ended a lease on its own. */
export const RevocationReasonSchema = z.enum([
  "stop",
  "tab-closed",
  "navigated",
  "debugger-detached",
  "released",
]);

/** Events a provider sends the Broker. They carry no page content. */
export const providerEvents = {
  "lease.revoked": defineEvent({
    direction: "provider→broker",
    title: "A lease ended in the browser (Stop, tab closed, navigation, debugger detached).",
    capability: "lease.fencing.v1",
    value: z.strictObject({ leaseId: LeaseIdSchema, reason: RevocationReasonSchema }),
  }),
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

export type AxNode = z.infer<typeof AxNodeSchema>;
export type AxSnapshot = z.infer<typeof AxSnapshotSchema>;
export type FrameBinding = z.infer<typeof FrameBindingSchema>;
export type RevocationReason = z.infer<typeof RevocationReasonSchema>;
