/**
 * Checking what a caller expects after an action: text present in the
 * document and element states. States come from the accessibility tree (as
 * observations report them), except `focused` and `value`, which the page
 * answers (the accessibility tree reports focus only in a focused window,
 * and a value is compared inside the page so no page text comes back).
 * Expectations may come true a little after the input (a fetch, a
 * navigation), so the checker retries until they hold or time runs out.
 *
 * @module
 */
import { delay } from "../../../contracts/delay.ts";
import { z } from "zod";
import type { Expectation } from "../../../contracts/methods/mod.ts";
import { call, type Cdp, PartialAxTreeAnswer } from "./cdp.ts";
import { isPageRefusal } from "./faults.ts";
import { PageObjects } from "./page_objects.ts";
import { describe } from "./target.ts";
import type { Check, CheckName, ResolveRef } from "./types.ts";

/** How long to keep checking. */
export interface ExpectationOptions {
  signal?: AbortSignal;
  /** How long the expectation may take to come true; default 2,000 ms, 0 checks once. */
  timeoutMs?: number;
}

/** The answer of {@linkcode checkExpectation}. */
export interface ExpectationResult {
  /** `verified` when every check held in one pass. */
  status: "verified" | "unverified";
  /** The checks of the last pass, in a fixed order. */
  checks: Check[];
}

/** The default time an expectation may take to come true. */
export const defaultExpectTimeoutMs = 2_000;

/**
 * Check `expect` on the current document until every part holds or
 * `timeoutMs` passes. An unknown ref or an element that no longer resolves
 * fails its checks; it does not throw.
 */
export async function checkExpectation(
  cdp: Cdp,
  expect: Expectation,
  resolveRef: ResolveRef,
  options: ExpectationOptions = {},
): Promise<ExpectationResult> {
  const deadline = Date.now() + (options.timeoutMs ?? defaultExpectTimeoutMs);
  for (let pass = 0;; pass++) {
    const checks = await checkOnce(cdp, expect, resolveRef, options.signal);
    if (checks.every((check) => check.held)) return { status: "verified", checks };
    const wait = Math.min(50 * 2 ** pass, 250, deadline - Date.now());
    if (wait <= 0) return { status: "unverified", checks };
    await delay(wait, options.signal);
  }
}

/** One pass over every part of the expectation. */
async function checkOnce(
  cdp: Cdp,
  expect: Expectation,
  resolveRef: ResolveRef,
  signal?: AbortSignal,
): Promise<Check[]> {
  const objects = new PageObjects(cdp, signal);
  try {
    const checks: Check[] = [];
    if (expect.textPresent !== undefined) {
      const needle = expect.textPresent;
      checks.push({
        name: "textPresent",
        held: await attempt(signal, () => textPresent(objects, needle), false),
      });
    }
    if (expect.element !== undefined) {
      checks.push(...await elementChecks(cdp, objects, expect.element, resolveRef, signal));
    }
    return checks;
  } finally {
    await objects.release();
  }
}

async function textPresent(objects: PageObjects, needle: string): Promise<boolean> {
  return await objects.run(
    "textPresent",
    await objects.document(),
    [{ value: needle }],
    z.boolean(),
  );
}

type ElementExpectation = NonNullable<Expectation["element"]>;

const axStates = ["checked", "selected", "expanded", "disabled"] as const;
type AxStates = Record<(typeof axStates)[number], boolean | "mixed">;

async function elementChecks(
  cdp: Cdp,
  objects: PageObjects,
  expect: ElementExpectation,
  resolveRef: ResolveRef,
  signal?: AbortSignal,
): Promise<Check[]> {
  const wanted = axStates.filter((state) => expect[state] !== undefined);
  const names: CheckName[] = [
    ...wanted.map((state): CheckName => `element.${state}`),
    ...(expect.focused !== undefined ? ["element.focused" as const] : []),
    ...(expect.value !== undefined ? ["element.value" as const] : []),
  ];
  const target = await resolveRef(expect.ref);
  if (target === undefined) return names.map((name) => ({ name, held: false }));
  const id = target.backendNodeId;

  const checks: Check[] = [];
  if (wanted.length > 0) {
    const states = await attempt<AxStates | undefined>(
      signal,
      () => axStateOf(cdp, id, signal),
      undefined,
    );
    for (const state of wanted) {
      checks.push({ name: `element.${state}`, held: states?.[state] === expect[state] });
    }
  }
  if (expect.focused !== undefined) {
    const focused = await attempt<boolean | undefined>(
      signal,
      async () => (await describe(objects, id, signal)).description.focused,
      undefined,
    );
    checks.push({ name: "element.focused", held: focused === expect.focused });
  }
  if (expect.value !== undefined) {
    const value = expect.value;
    const equals = await attempt(signal, async () => {
      const objectId = await objects.resolve(id);
      const result = await objects.run(
        "compareValue",
        objectId,
        [{ value }],
        z.object({ equals: z.boolean() }),
      );
      return result.equals;
    }, false);
    checks.push({ name: "element.value", held: equals });
  }
  return checks;
}

/** An element's states as the accessibility tree reports them; absent means false. */
async function axStateOf(
  cdp: Cdp,
  backendNodeId: number,
  signal?: AbortSignal,
): Promise<AxStates> {
  const answer = await call(
    cdp,
    "Accessibility.getPartialAXTree",
    { backendNodeId, fetchRelatives: false },
    PartialAxTreeAnswer,
    signal,
  );
  const node = answer.nodes.find((n) => n.backendDOMNodeId === backendNodeId);
  const property = (name: string) => node?.properties?.find((p) => p.name === name)?.value.value;
  const flag = (name: string) => {
    const value = property(name);
    return value === true || value === "true";
  };
  const checked = property("checked");
  return {
    checked: checked === "mixed" ? "mixed" : checked === true || checked === "true",
    selected: flag("selected"),
    expanded: flag("expanded"),
    disabled: flag("disabled"),
  };
}

/**
 * Run a read; a page that cannot answer (navigating, node gone) counts as
 * `fallback`. Lease, link and cancel failures pass through.
 */
async function attempt<T>(
  signal: AbortSignal | undefined,
  read: () => Promise<T>,
  fallback: T,
): Promise<T> {
  try {
    return await read();
  } catch (error) {
    signal?.throwIfAborted();
    if (!isPageRefusal(error)) throw error;
    return fallback;
  }
}
