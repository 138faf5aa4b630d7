/**
 * The `dialog` family on the provider: no leased call ever waits on a
 * JavaScript dialog, and `dialog.answer` answers one.
 *
 * While a dialog is open on a leased tab its renderer is blocked: reads,
 * input and even `Page.getFrameTree` wait until someone answers it. So
 * {@linkcode gateDialogs} answers every leased call on that tab
 * `DIALOG_OPEN` at once, and a call already waiting when a dialog opens
 * (the click that opened it) stops waiting and answers the same. The
 * error's detail names the dialog's type and, for a dialog of the lease's
 * scope, its message (page text; a dialog of another origin — a framed ad
 * — keeps its words to itself). When the person answers the dialog, calls
 * go through again: the lease goes on.
 *
 * @module
 */
import { z } from "zod";
import { LeashError } from "../../contracts/errors.ts";
import type { HandlerContext } from "../../contracts/methods/define.ts";
import type { LeaseScope } from "../../contracts/methods/common.ts";
import { LeaseTokenSchema } from "../../contracts/methods/common.ts";
import type { ParamsOf, ProviderMethods, ResultOf } from "../../contracts/methods/mod.ts";
import { inLeaseScope } from "../../contracts/scope.ts";
import type { LeaseRecord, ProviderContext, TabDialog } from "./context.ts";
import { operationSignal, untilAborted } from "./guard.ts";

/** Methods the gate lets through: they do not touch the page, or they answer the dialog. */
const ungated: ReadonlySet<string> = new Set([
  "tabs.list",
  "lease.grant",
  "lease.open",
  "lease.revoke",
  "dialog.answer",
]);

/** How long answering a dialog may take. */
const answerTimeoutMs = 5_000;

const LeasedParamsSchema = z.object({ lease: LeaseTokenSchema });

/** Whether the dialog was opened by a frame inside the lease's scope. */
export function dialogInScope(scope: LeaseScope, dialog: TabDialog): boolean {
  return inLeaseScope(scope, dialog.url);
}

/** The `DIALOG_OPEN` error for `dialog` as a lease with `scope` may be told of it. */
export function dialogOpen(scope: LeaseScope, dialog: TabDialog): LeashError {
  const message = dialogInScope(scope, dialog) ? dialog.message : "";
  return new LeashError("DIALOG_OPEN", {
    detail: { reason: "dialog", by: { role: dialog.type, name: message }, use: "dialog" },
  });
}

type Handler = (params: never, context: HandlerContext) => unknown;

/** The live lease `params` names, or `undefined` when it names none (the handler will say why). */
function leaseOf(context: ProviderContext, params: unknown): LeaseRecord | undefined {
  const parsed = LeasedParamsSchema.safeParse(params);
  if (!parsed.success) return undefined;
  try {
    return context.leases.check(parsed.data.lease, context.link.generation);
  } catch {
    return undefined;
  }
}

/** `handler`, answering `DIALOG_OPEN` instead of waiting while a dialog blocks the lease's tab. */
function gated<H extends Handler>(context: ProviderContext, handler: H): H {
  const wrapped = async (params: never, call: HandlerContext) => {
    const record = leaseOf(context, params);
    if (record === undefined) return await handler(params, call);
    const open = context.dialogs.open(record.tabId);
    if (open !== undefined) throw dialogOpen(record.scope, open);
    const opened = new AbortController();
    const stop = context.dialogs.watch(
      record.tabId,
      (dialog) => opened.abort(dialogOpen(record.scope, dialog)),
    );
    try {
      const signal = AbortSignal.any([call.signal, opened.signal]);
      return await untilAborted(
        Promise.resolve(handler(params, { ...call, signal })),
        opened.signal,
      );
    } finally {
      stop();
    }
  };
  // The wrapper takes and returns exactly what `handler` does.
  return wrapped as unknown as H;
}

/**
 * Every handler of `handlers` behind the dialog gate (see the module doc),
 * except those that do not touch the page or answer the dialog.
 */
export function gateDialogs<T extends Record<string, Handler>>(
  context: ProviderContext,
  handlers: T,
): T {
  const entries = Object.entries(handlers).map(([name, handler]) =>
    [name, ungated.has(name) ? handler : gated(context, handler)] as const
  );
  // Same keys, each handler replaced by one of its own type.
  return Object.fromEntries(entries) as T;
}

/**
 * Accept or dismiss the dialog open on the leased tab. `STALE_TARGET` when
 * none is open (the person answered it already), `OUT_OF_SCOPE` when it
 * belongs to a frame outside the lease's scope; `promptText` reaches only a
 * `prompt`.
 */
export async function answerDialog(
  context: ProviderContext,
  params: ParamsOf<ProviderMethods, "dialog.answer">,
  signal: AbortSignal,
): Promise<ResultOf<ProviderMethods, "dialog.answer">> {
  const record = context.leases.check(params.lease, context.link.generation);
  const dialog = context.dialogs.open(record.tabId);
  if (dialog === undefined) {
    throw new LeashError("STALE_TARGET", { cause: new Error("no dialog is open") });
  }
  if (!dialogInScope(record.scope, dialog)) {
    throw new LeashError("OUT_OF_SCOPE", { cause: new Error("the dialog is of another origin") });
  }
  const command: Record<string, unknown> = { accept: params.accept };
  if (dialog.type === "prompt" && params.promptText !== undefined) {
    command.promptText = params.promptText;
  }
  const operation = operationSignal(signal, record.signal, answerTimeoutMs);
  try {
    await untilAborted(
      context.browser.sendCommand(record.tabId, "Page.handleJavaScriptDialog", command),
      operation,
    );
  } catch (error) {
    if (error instanceof LeashError) throw error;
    // DevTools says no dialog is showing: it closed between the check and the command.
    throw new LeashError("STALE_TARGET", { cause: error });
  }
  // The closing event may come after this answer: the Broker's next read must not wait for it.
  context.dialogs.answered(record.tabId, dialog);
  return { type: dialog.type };
}
