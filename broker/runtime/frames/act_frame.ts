/**
 * `browser.act` with `frame`: a click, or text entry (Leash's own
 * `runtime.frame-input.v1`: `fill`, `fillEditable`, and `type` and `press`
 * on a ref), in a same-origin child document. The request's epoch must be
 * the child's, and only a `textPresent` expectation is taken. The current
 * inventory binds the child's document (`binding.ts`), the ref must be one
 * of that document's, and the provider checks the input read-only
 * (`frame.click.prepare`, `frame.input.prepare`) before the journal marks
 * the dispatch and `frame.click` or `frame.input` revalidates and sends it. Afterwards the child alone is observed (scope
 * `{kind:'frame', frameId}`, the child's epoch); a child that changed its
 * document meanwhile leaves the outcome uncertain, as does a click whose
 * answer never came. Never a fallback to a root action.
 *
 * @module
 */
import { type ErrorCode, isLeashError, LeashError } from "../../../contracts/errors.ts";
import type { FrameBinding, FrameInput } from "../../../contracts/methods/frames.ts";
import { limits } from "../../../contracts/limits.ts";
import { clickPressOf } from "../../../contracts/methods/click.ts";
import {
  type Action,
  type ActResult,
  type Observation,
  refOf,
} from "../../../contracts/methods/mod.ts";
import type { OwnedLease } from "../../authority/owned_lease.ts";
import type { ActParams, ActRun } from "../act/act.ts";
import { actObservationTokens } from "../act/act.ts";
import { defaultDeltaTokens } from "../observe/delta_text.ts";
import type { ObserveBooks } from "../observe/observe.ts";
import { bindFrame } from "./binding.ts";
import { observeFrame } from "./observe_frame.ts";
import { readInventory } from "./read.ts";

/** Codes with which the provider refuses a click before any input. */
const refusedBeforeInput: ReadonlySet<ErrorCode> = new Set([
  "STALE_TARGET",
  "TARGET_COVERED",
  "TARGET_NOT_INTERACTABLE",
  "OUT_OF_SCOPE",
  "STALE_LEASE",
  "LEASE_NOT_FOUND",
  "ORIGIN_CHANGED",
  "TAB_NOT_FOUND",
]);

/**
 * The `frame.input` steps of a text-entry action, in order; `undefined`
 * for an action that is not one (or names no ref: in a frame the input
 * goes to a named element only).
 */
export function frameInputOf(action: Action): FrameInput[] | undefined {
  switch (action.kind) {
    case "fill":
    case "fillEditable":
      return [{ kind: "fill", text: action.text }];
    case "type": {
      if (action.ref === undefined) return undefined;
      const typed: FrameInput = {
        kind: "type",
        text: action.text,
        ...(action.clear === undefined ? {} : { clear: action.clear }),
      };
      return action.submit === true ? [typed, { kind: "press", key: "Enter" }] : [typed];
    }
    case "press":
      if (action.ref === undefined) return undefined;
      return [{
        kind: "press",
        key: action.key,
        ...(action.modifiers === undefined ? {} : { modifiers: action.modifiers }),
      }];
    default:
      return undefined;
  }
}

function invalid(reason: string): LeashError {
  return new LeashError("INVALID_PARAMS", {
    cause: new Error(`Cannot act in the frame: ${reason}`),
  });
}

function staleTarget(reason: string): LeashError {
  return new LeashError("STALE_TARGET", { cause: new Error(`Cannot act in the frame: ${reason}`) });
}

/**
 * Whether the child's rendered text holds `text`, by the provider's bounded
 * child-only predicate (`ax.frame.text`), for a nonblank text it takes; a
 * negative answer falls back to the child's observation, as the spec says.
 */
async function textPresent(
  held: OwnedLease,
  binding: FrameBinding,
  text: string,
  signal: AbortSignal,
): Promise<boolean> {
  if (text.trim() === "" || text.length > limits.maxTextUnits) return false;
  const { present } = await held.call(
    "ax.frame.text",
    { lease: held.token, request: { binding, text } },
    signal,
  );
  return present;
}

/**
 * Whether the child observation shows `text` in a row's name or value: the
 * bounded child read the spec falls back to when no text predicate is
 * negotiated.
 */
function shows(observation: Observation, text: string): boolean {
  return observation.nodes.some((node) =>
    node.name.includes(text) || (node.value ?? "").includes(text)
  );
}

/**
 * Click the child-document element `params.action.ref` names (see the
 * module doc). Call it inside the tab's queue, inside the journal's
 * `perform`.
 */
export async function actInFrame(
  held: OwnedLease,
  books: ObserveBooks,
  params: ActParams,
  run: Pick<ActRun, "beforeDispatch" | "signal">,
): Promise<ActResult> {
  const { signal } = run;
  const frame = params.frame;
  if (frame === undefined) throw invalid("no frame");
  if (frame.documentEpoch !== params.documentEpoch) {
    throw invalid("the request's epoch is not the frame's");
  }
  const input = frameInputOf(params.action);
  if (params.action.kind !== "click" && input === undefined) {
    throw invalid("only a click or text entry on a ref is taken in a frame");
  }
  if (params.expect?.element !== undefined) {
    throw invalid("only a text expectation is taken in a frame");
  }
  const { leaseId } = held.lease;
  const { binding } = bindFrame(await readInventory(held, books, signal), frame);
  const ref = refOf(params.action) ?? "";
  const target = books.epochs.resolve(leaseId, params.documentEpoch, ref);
  const origin = books.epochs.describe(params.documentEpoch);
  if (target === undefined || origin?.frameId !== binding.frameId) {
    throw staleTarget(`${ref} is not a ref of the frame's document`);
  }
  const press = clickPressOf(params.action);
  const request = {
    binding,
    backendNodeId: target.backendNodeId,
    role: target.role,
    name: target.name,
    ...(press === undefined ? {} : { press }),
  };
  if (input === undefined) {
    await held.call("frame.click.prepare", { lease: held.token, request }, signal);
  } else {
    await held.call("frame.input.prepare", {
      lease: held.token,
      request: { ...request, input: input[0] },
    }, signal);
  }
  run.beforeDispatch();
  try {
    if (input === undefined) {
      await held.call("frame.click", { lease: held.token, request }, signal);
    } else {
      for (const step of input) {
        await held.call(
          "frame.input",
          { lease: held.token, request: { ...request, input: step } },
          signal,
        );
      }
    }
  } catch (error) {
    if (isLeashError(error) && refusedBeforeInput.has(error.code)) throw error;
    // The click may have reached the page: what it did is not known, and it is never replayed.
    return {
      requestId: params.requestId,
      status: "uncertain",
      documentChanged: false,
      documentEpoch: params.documentEpoch,
      observation: null,
    };
  }
  let observation: Observation | null;
  try {
    observation = await observeFrame(held, books, {
      frame,
      sinceLatest: true,
      maxTokens: actObservationTokens,
      deltaTokens: defaultDeltaTokens,
      actedOn: target.backendNodeId,
    }, signal);
  } catch (error) {
    if (!isLeashError(error, "STALE_TARGET")) throw error;
    // The child has another document now: the click ran, but what it did cannot be checked.
    return {
      requestId: params.requestId,
      status: "uncertain",
      documentChanged: true,
      documentEpoch: params.documentEpoch,
      observation: null,
    };
  }
  // Text entry without an expectation is checked by the text it entered.
  const entered = input?.[0].kind === "press" ? undefined : input?.[0].text || undefined;
  const text = params.expect?.textPresent ?? entered;
  let status: ActResult["status"] = "verified";
  if (
    text !== undefined && !await textPresent(held, binding, text, signal) &&
    !shows(observation, text)
  ) {
    // The delta shows only changes: a text already there counts too, so read the whole frame.
    const whole = await observeFrame(held, books, { frame }, signal);
    if (!shows(whole, text)) status = "unverified";
  }
  return {
    requestId: params.requestId,
    status,
    documentChanged: false,
    documentEpoch: params.documentEpoch,
    observation,
  };
}
