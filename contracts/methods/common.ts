/**
 * Identities and small shapes shared by many methods.
 *
 * @module
 */
import { z } from "zod";
import { IdSchema } from "../envelope.ts";
import { limits } from "../limits.ts";

/** A browser instance, as its provider named it. */
export const InstanceIdSchema = IdSchema;
/** A tab, opaque and instance-qualified (e.g. `instance:7`). */
export const TabIdSchema = IdSchema;
/** A lease. */
export const LeaseIdSchema = IdSchema;
/** A client-chosen session: the owner scope of its leases within one connection. */
export const SessionIdSchema = IdSchema;
/** A durable action request ID, separate from transport IDs. */
export const RequestIdSchema = IdSchema;
/** An opaque identity of one document in one lease. */
export const DocumentEpochSchema = IdSchema;
/** An opaque frame identity inside a tab. */
export const FrameIdSchema = IdSchema;

/** A short element reference valid inside one document epoch. */
export const RefSchema = z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/);

/** A fencing token: grows with every grant, so a stale holder is detectable. */
export const FenceSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** A web origin such as `https://example.com:8443` (no path, query or fragment). */
export const OriginSchema = z
  .string()
  .max(2048)
  .regex(/^[a-z][a-z0-9+.-]*:\/\/[^/?#\s]+$/);

/** An absolute URL. */
export const UrlSchema = z.string().min(1).max(8192);

/** An ISO-8601 timestamp. */
export const TimestampSchema = z.string().max(64).regex(
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/,
);

/** Caller-named page text (expectations, queries, root names): bounded. */
export const CallerTextSchema = z.string().max(limits.maxTextUnits);

/** A non-negative integer count. */
export const CountSchema = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

/** What a lease covers: one exact origin in one tab, or the tab itself. */
export const LeaseScopeSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("origin"), origin: OriginSchema }),
  z.strictObject({ kind: z.literal("tab") }),
]);

/** A lease as the owning client sees it. The fence stays between Broker and provider. */
export const LeaseSchema = z.strictObject({
  leaseId: LeaseIdSchema,
  sessionId: SessionIdSchema,
  instance: InstanceIdSchema,
  tab: TabIdSchema,
  scope: LeaseScopeSchema,
  grantedAt: TimestampSchema,
});

/** The lease identity every Broker→provider operation carries and the provider checks. */
export const LeaseTokenSchema = z.strictObject({
  leaseId: LeaseIdSchema,
  fence: FenceSchema,
});

/** An owning session's handle on one of its leases. */
export const LeaseHandleSchema = z.strictObject({
  sessionId: SessionIdSchema,
  leaseId: LeaseIdSchema,
});

/** A child frame's document, named by the caller for frame-scoped work. */
export const FrameTargetSchema = z.strictObject({
  frameId: FrameIdSchema,
  documentEpoch: DocumentEpochSchema,
});

/** Page-derived text: bounded so one node cannot flood a result. */
export const PageTextSchema = z.string().max(10_000);

/** An empty params object. */
export const EmptySchema = z.strictObject({});

export type LeaseScope = z.infer<typeof LeaseScopeSchema>;
export type Lease = z.infer<typeof LeaseSchema>;
export type LeaseToken = z.infer<typeof LeaseTokenSchema>;
/** An owning session's handle on one of its leases: `{sessionId, leaseId}`. */
export type LeaseHandle = z.infer<typeof LeaseHandleSchema>;
export type FrameTarget = z.infer<typeof FrameTargetSchema>;
