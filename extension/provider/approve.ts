/**
 * What a claim and an open share before anything is granted: the names
 * the approval window would show must be showable, and in restricted mode
 * the person decides, unless a standing grant they gave covers this client
 * on this origin (an origin lease only: tab scope is never standing).
 *
 * @module
 */
import { clientNameProblem } from "../../contracts/display_text.ts";
import { LeashError } from "../../contracts/errors.ts";
import type { ProviderContext } from "./context.ts";

/** What a claim or an open says about itself. */
export interface Asked {
  scope: "origin" | "tab";
  clientName: string;
  mcpClientName?: string;
  reason?: string;
}

/**
 * `UNSUPPORTED` for tab scope outside personal mode; `INVALID_PARAMS` for
 * a name that passes for Leash itself or shows nothing (the Broker refuses
 * such claims, and the extension does not count on it).
 */
export function checkAsked(context: ProviderContext, asked: Asked): void {
  if (asked.scope === "tab" && context.link.mode !== "personal") {
    throw new LeashError("UNSUPPORTED");
  }
  for (const name of [asked.clientName, asked.mcpClientName]) {
    if (name !== undefined && clientNameProblem(name) !== undefined) {
      throw new LeashError("INVALID_PARAMS");
    }
  }
}

/** Whether a standing grant the person gave covers `asked` on `origin`. */
async function standing(context: ProviderContext, asked: Asked, origin: string): Promise<boolean> {
  if (asked.scope !== "origin") return false;
  return await context.grants.covers({
    clientName: asked.clientName,
    ...(asked.mcpClientName === undefined ? {} : { mcpClientName: asked.mcpClientName }),
  }, origin);
}

/**
 * Ask the person about `asked` on `origin` (the window shows `title`, and
 * `opens` for a tab not open yet), unless the Broker runs in personal mode
 * or a standing grant covers it; throws `CLAIM_TIMEOUT` or `CLAIM_DENIED`
 * unless they allow.
 */
export async function approve(
  context: ProviderContext,
  asked: Asked,
  shown: { origin: string; title: string; opens?: true },
  signal: AbortSignal,
): Promise<void> {
  if (context.link.mode === "personal") return;
  if (await standing(context, asked, shown.origin)) return;
  const decision = await context.approvals.ask({
    clientName: asked.clientName,
    ...(asked.mcpClientName === undefined ? {} : { mcpClientName: asked.mcpClientName }),
    title: shown.title,
    origin: shown.origin,
    scope: asked.scope,
    reason: asked.reason,
    ...(shown.opens === undefined ? {} : { opens: shown.opens }),
  }, signal);
  if (decision === "timeout") throw new LeashError("CLAIM_TIMEOUT");
  if (decision !== "allow") throw new LeashError("CLAIM_DENIED");
}
