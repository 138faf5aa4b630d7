/**
 * The seam between the action engine and a page. In production it is the
 * provider's internal `cdp` method (allowlisted, parameter-checked, fenced by
 * the lease); in tests it is a raw DevTools session on a real page. The
 * engine reads every answer through a schema: nothing that crossed the seam
 * is trusted by shape.
 *
 * @module
 */
import { z } from "zod";
import type { JsonObject } from "../../../contracts/json.ts";
import type { CdpMethod } from "../../../contracts/methods/cdp.ts";
import type { ClickPress, Hit, InputEvent } from "../../../contracts/methods/act.ts";

/** Options of one DevTools call. */
export interface CdpCallOptions {
  /** Aborts the call; the page may still have run it. */
  signal?: AbortSignal;
}

/**
 * Run one allowlisted DevTools method on the leased page and return its
 * result object; rejects on a DevTools error, a refused method or params,
 * or a lost lease. A seam that can also send a run of input events in one
 * exchange with the page (the provider's `cdp.input`) has `input`; one that
 * hit-tests where the page is (`cdp.hit`) has `hit`, and one that ends a
 * click there (`cdp.click`: move, hit-test again, press) has `click`. Those
 * two answer `undefined` when the provider does not serve them, before it
 * sent anything: the engine then does the same over plain commands.
 */
export type Cdp =
  & ((
    method: CdpMethod,
    params: JsonObject,
    options?: CdpCallOptions,
  ) => Promise<JsonObject>)
  & {
    input?: (events: readonly InputEvent[], options?: CdpCallOptions) => Promise<void>;
    hit?: (aimed: Aimed, options?: CdpCallOptions) => Promise<Hit | undefined>;
    click?: (
      aimed: Aimed & { press?: ClickPress },
      options?: CdpCallOptions,
    ) => Promise<true | undefined>;
  };

/** An element and the viewport point an action aims at it. */
export interface Aimed {
  backendNodeId: number;
  point: { x: number; y: number };
}

/**
 * Send `events` to the page in order: in one exchange where the seam can,
 * else one call after another. Rejects with the first event's failure;
 * the events before it reached the page.
 */
export async function sendInput(
  cdp: Cdp,
  events: readonly InputEvent[],
  signal?: AbortSignal,
): Promise<void> {
  signal?.throwIfAborted();
  if (events.length === 0) return;
  if (cdp.input !== undefined) return await cdp.input(events, { signal });
  for (const event of events) await call(cdp, event.method, event.params, AnyAnswer, signal);
}

/** Call `method` and read its answer through `schema`. */
export async function call<S extends z.ZodType>(
  cdp: Cdp,
  method: CdpMethod,
  params: JsonObject,
  schema: S,
  signal?: AbortSignal,
): Promise<z.infer<S>> {
  signal?.throwIfAborted();
  const answer = await cdp(method, params, { signal });
  const parsed = schema.safeParse(answer);
  if (!parsed.success) {
    throw new TypeError(`Cannot read ${method}: the answer has an unexpected shape`, {
      cause: parsed.error,
    });
  }
  return parsed.data;
}

/** Any answer: for methods whose result the engine does not read. */
export const AnyAnswer = z.object({});

const finite = z.number().finite();

/** `DOM.getContentQuads`: quads as 8 numbers each (x1,y1 … x4,y4). */
export const ContentQuadsAnswer = z.object({ quads: z.array(z.array(finite).length(8)) });

/** `Page.getLayoutMetrics`: the CSS layout viewport's size and scroll offset. */
export const LayoutMetricsAnswer = z.object({
  cssLayoutViewport: z.object({
    clientWidth: finite,
    clientHeight: finite,
    pageX: finite,
    pageY: finite,
  }),
});

/** `DOM.getNodeForLocation`. */
export const NodeForLocationAnswer = z.object({ backendNodeId: z.number().int() });

/** `DOM.resolveNode`. */
export const ResolveNodeAnswer = z.object({ object: z.object({ objectId: z.string().min(1) }) });

/** `DOM.getDocument`. */
export const DocumentAnswer = z.object({ root: z.object({ backendNodeId: z.number().int() }) });

/** `Page.navigate`. */
export const NavigateAnswer = z.object({
  loaderId: z.string().optional(),
  errorText: z.string().optional(),
});

/** `Runtime.callFunctionOn` with `returnByValue`. */
export const CallFunctionAnswer = z.object({
  result: z.object({ type: z.string(), value: z.unknown().optional() }),
  exceptionDetails: z.object({}).optional(),
});

/** An accessibility value (a role, a name) as DevTools sends it; only `value` is read. */
export const AxValue = z.object({ value: z.unknown().optional() }).optional();
/** An AX name, with where it came from (read by `axNodeName`). */
export const AxName = z.object({
  value: z.unknown().optional(),
  sources: z.array(z.unknown()).optional(),
}).optional();

/** `Accessibility.getPartialAXTree` with `fetchRelatives: false`. */
export const PartialAxTreeAnswer = z.object({
  nodes: z.array(
    z.object({
      ignored: z.boolean(),
      role: AxValue,
      name: AxName,
      properties: z.array(
        z.object({ name: z.string(), value: z.object({ value: z.unknown().optional() }) }),
      )
        .optional(),
      backendDOMNodeId: z.number().int().optional(),
      ignoredReasons: z.array(z.object({ name: z.string() })).optional(),
    }),
  ),
});
