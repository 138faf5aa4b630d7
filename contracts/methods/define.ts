/**
 * The shape of the method table. Each method is declared once, with its
 * direction, the capability it needs, a one-line title and zod schemas for
 * its params and result; validation, dispatch, handler types, the published
 * JSON Schema and the docs all derive from these declarations.
 *
 * @module
 */
import type { z } from "zod";

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
> {
  direction: Direction;
  /** One line, imperative, for docs and tool descriptions. */
  title: string;
  /** The negotiated capability the method needs; `null` when none. */
  capability: string | null;
  params: P;
  result: R;
}

/** One event: who emits it and its value. */
export interface EventSpec<V extends z.ZodType = z.ZodType> {
  direction: Direction;
  title: string;
  capability: string | null;
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

/** Declare a method, keeping its exact schema types. */
export function defineMethod<P extends z.ZodType, R extends z.ZodType>(
  spec: MethodSpec<P, R>,
): MethodSpec<P, R> {
  return spec;
}

/** Declare an event, keeping its exact schema type. */
export function defineEvent<V extends z.ZodType>(spec: EventSpec<V>): EventSpec<V> {
  return spec;
}
