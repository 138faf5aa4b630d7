/**
 * The shape of the method table. Each method is declared once, with its
 * direction, the capability it needs, a one-line title and zod schemas for
 * its params and result; validation, dispatch, handler types, the published
 * JSON Schema and the docs all derive from these declarations.
 *
 * @module
 */
import type { z } from "zod";
import { type Capability, isServed, type ServedCapability } from "../capabilities.ts";

/** Who sends a request to whom. */
export type Direction =
  | "peer→broker"
  | "client→broker"
  | "broker→client"
  | "broker→provider"
  | "provider→broker";

/** One method: who calls it, what it needs and what crosses the wire. */
export interface MethodSpec<
  P extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  D extends Direction = Direction,
  C extends Capability | null = Capability | null,
> {
  direction: D;
  /** One line, imperative, for docs and tool descriptions. */
  title: string;
  /**
   * The negotiated capability the method needs; `null` when none. A method
   * is served exactly when its capability is ({@linkcode isServedMethod}).
   */
  capability: C;
  params: P;
  result: R;
}

/** One event: who emits it and its value. */
export interface EventSpec<
  V extends z.ZodType = z.ZodType,
  D extends Direction = Direction,
> {
  direction: D;
  title: string;
  capability: Capability | null;
  value: V;
}

/** A set of methods keyed by wire name. */
export type MethodMap = Record<string, MethodSpec>;
/** A set of events keyed by wire name. */
export type EventMap = Record<string, EventSpec>;

/** The params a method takes, as validated. */
export type ParamsOf<M extends MethodMap, K extends keyof M> = z.infer<M[K]["params"]>;
/** The result a method returns, as validated. */
export type ResultOf<M extends MethodMap, K extends keyof M> = z.infer<M[K]["result"]>;
/** The value an event carries, as validated. */
export type EventValueOf<E extends EventMap, K extends keyof E> = z.infer<E[K]["value"]>;

/** What a handler gets besides its params. */
export interface HandlerContext {
  /** The transport ID of the request being served. */
  id: string;
  /** Aborted on cancel, on close and on the receiver's own deadline. */
  signal: AbortSignal;
}

/**
 * A handler for every method in `M`; leaving one out is a type error. A
 * handler returns the result or throws a `LeashError` for a wire code.
 */
export type Handlers<M extends MethodMap> = {
  [K in keyof M]: (
    params: ParamsOf<M, K>,
    context: HandlerContext,
  ) => ResultOf<M, K> | Promise<ResultOf<M, K>>;
};

/** The methods of `M` this build serves: those whose capability is served, or that need none. */
export type ServedKeys<M extends MethodMap> = {
  [K in keyof M]: M[K]["capability"] extends ServedCapability | null ? K : never;
}[keyof M];

/**
 * A handler for every method of `M` this build serves; leaving one out is a
 * type error. Methods it does not serve have no handler: the peer answers
 * them `UNSUPPORTED`.
 */
export type ServedHandlers<M extends MethodMap> = Handlers<Pick<M, ServedKeys<M>>>;

/** Whether this build serves `spec`: its capability is served, or it needs none. */
export function isServedMethod(spec: Pick<MethodSpec, "capability">): boolean {
  return spec.capability === null || isServed(spec.capability);
}

/** The entries of a method or event table `T` sent in `direction`. */
export type SentIn<T extends Record<string, { direction: Direction }>, D extends Direction> = {
  [K in keyof T as T[K]["direction"] extends D ? K : never]: T[K];
};

/** The entries of `table` sent in `direction`, in table order. */
export function sentIn<T extends Record<string, { direction: Direction }>, D extends Direction>(
  table: T,
  direction: D,
): SentIn<T, D> {
  const entries = Object.entries(table).filter(([, spec]) => spec.direction === direction);
  // The filter keeps exactly the keys `SentIn` names.
  return Object.fromEntries(entries) as SentIn<T, D>;
}

/** Declare a method, keeping its exact schema, direction and capability types. */
export function defineMethod<
  P extends z.ZodType,
  R extends z.ZodType,
  const D extends Direction,
  const C extends Capability | null,
>(spec: MethodSpec<P, R, D, C>): MethodSpec<P, R, D, C> {
  return spec;
}

/** Declare an event, keeping its exact schema and direction types. */
export function defineEvent<V extends z.ZodType, const D extends Direction>(
  spec: EventSpec<V, D>,
): EventSpec<V, D> {
  return spec;
}
