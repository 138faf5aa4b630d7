/**
 * Leash through its MCP server: `browser_claim` on a tab the harness opened
 * (its answer carries the first observation), `browser_observe` (narrowed
 * with `query` when the budget left rows out; after a step that revealed
 * UI, the call the action's answer named for a region it summarized
 * (`observe rootRef=…` or `query "…"`), or, when the answer showed the
 * region's first rows, those, narrowed by name like a cut read where they
 * lack a target; nothing when the answer showed
 * every change whole, else `since: "last"` when the rows the agent holds
 * are whole; a target in a
 * same-origin frame is narrowed in that frame, as its `Iframe` row says),
 * and `browser_act` on a ref, which the server fences with the epoch of
 * the observation that showed it. Like a model, the adapter keeps the rows
 * it was told and applies each delta to them.
 *
 * @module
 */
import { ClaimResultSchema } from "../../../broker/mcp/tools/lease.ts";
import { LeanActResultSchema, LeanObservationSchema } from "../../../broker/mcp/structured.ts";
import { leashServerCommand } from "../../../scripts/bench/agents/leash.ts";
import { connectStdio, type StdioSession } from "../../../scripts/bench/agents/mcp_stdio.ts";
import type { ActOptions, Adapter, Meter, Observed } from "../agent.ts";
import {
  applyLeashDelta,
  leashRows,
  type RegionHint,
  regionHint,
  type Row,
  withRegion,
} from "../rows.ts";
import type { Intent, Step } from "../tasks.ts";

/** What the Leash side needs from the end-to-end world. */
export interface LeashWorld {
  runtimeDir: string;
  /** Open `url` in a new tab; its Leash tab ID, and how to close it again. */
  openTab(url: string): Promise<{ tab: string; close(): Promise<void> }>;
}

type Action = Record<string, unknown>;

/**
 * Each intent as a `browser_act` action. Where Leash has no action of that
 * kind yet, the closest ordinary one stands in, so adding the real kind is
 * a change of one line here.
 */
const actions: Record<
  Intent,
  (step: Step, ref: string | undefined, to: string | undefined) => Action
> = {
  click: (_step, ref) => ({ kind: "click", ref }),
  fill: (step, ref) => ({ kind: "fill", ref, text: textOf(step) }),
  type: (step, ref) => ({
    kind: "type",
    ref,
    text: textOf(step),
    ...(step.intent === "type" && step.clear === true ? { clear: true } : {}),
  }),
  select: (step, ref) => ({
    kind: "select",
    ref,
    option: step.intent === "select" ? step.option : "",
  }),
  check: (_step, ref) => ({ kind: "check", ref, checked: true }),
  hover: (_step, ref) => ({ kind: "hover", ref }),
  press: (step, ref) => ({
    kind: "press",
    key: step.intent === "press" ? step.key : "",
    ...(ref === undefined ? {} : { ref }),
  }),
  drag: (_step, ref, to) => ({ kind: "drag", from: ref, to }),
  upload: (step, ref) => ({
    kind: "upload",
    ref,
    files: step.intent === "upload"
      ? [{
        name: step.file.name,
        type: step.file.type,
        data: btoa(String.fromCharCode(...new TextEncoder().encode(step.file.text))),
      }]
      : [],
  }),
};

function textOf(step: Step): string {
  return step.intent === "fill" || step.intent === "type" ? step.text : "";
}

/** Start the Leash MCP server on `world`'s Broker, its calls counted by `meter`. */
export async function startLeashAdapter(world: LeashWorld, meter: Meter): Promise<Adapter> {
  const session = await connectStdio(leashServerCommand(world.runtimeDir));
  return new LeashAdapter(world, meter.wrap(session));
}

class LeashAdapter implements Adapter {
  readonly label = "Leash";
  readonly #world: LeashWorld;
  readonly #session: StdioSession;
  /** The lease's handle, as the claim's text shows it. */
  #lease: string | undefined;
  /** The readable frames the last whole look named (their rows are not in it). */
  #frames: string[] = [];
  /** Whether the last action's answer showed all it changed (no region summarized, nothing cut). */
  #wholeAnswer = false;
  /** Where the last action's answer said to look at a region it summarized. */
  #hint: RegionHint & { partial: boolean } | undefined;
  /** The claim's first observation, served to the first whole-page look. */
  #first: Observed | undefined;
  /** The page's rows as the answers so far told them (the first look, then each delta). */
  #rows: Observed | undefined;
  #closeTab: (() => Promise<void>) | undefined;

  constructor(world: LeashWorld, session: StdioSession) {
    this.#world = world;
    this.#session = session;
  }

  async open(url: string): Promise<void> {
    const { tab, close } = await this.#world.openTab(url);
    this.#closeTab = close;
    // One browser is connected and the page was just opened in front, so the claim names
    // neither: it takes the active tab, as "look at the tab I have open" would.
    const claimed = await this.#session.call("browser_claim", {
      reason: "Do one task on this page",
    }, 60_000);
    const lease = ClaimResultSchema.parse(claimed.structured);
    if (lease.tab !== tab) {
      throw new Error(`Cannot do the task: the claim took tab ${lease.tab}, not the page's ${tab}`);
    }
    // The model names the lease by the handle its text shows (`lease L3 on tab t3`).
    this.#lease = /^lease (\S+) /.exec(claimed.text)?.[1] ?? lease.leaseId;
    // The first line is the lease; the observation follows it.
    const look = claimed.text.slice(claimed.text.indexOf("\n") + 1);
    this.#frames = readableFrames(look);
    this.#first = lease.documentEpoch === undefined ? undefined : {
      rows: leashRows(look),
      partial: (lease.truncated ?? null) !== null || this.#frames.length > 0,
    };
    this.#rows = this.#first;
  }

  async observe(narrow?: string, why?: "reveal" | "retry"): Promise<Observed> {
    const first = this.#first;
    this.#first = undefined;
    if (first !== undefined && narrow === undefined) return first;
    const known = this.#rows;
    const hint = this.#hint;
    this.#hint = undefined;
    if (why === "reveal" && known !== undefined && hint?.head === true) {
      // The answer showed the region's first rows and said more are left out: like a page
      // read cut at its budget, they are the fresh look, narrowed by name where they lack the
      // next target. The rows held stay as whole as they were: a row of the rest asked for
      // later is not found, and the step's retry observes afresh.
      return { rows: known.rows, partial: true };
    }
    if (narrow === undefined && why === "reveal" && known !== undefined && hint !== undefined) {
      // The answer summarized the region the step changed and named the call that shows it.
      this.#assertClaimed();
      const reply = await this.#session.call("browser_observe", hint.args);
      const observation = LeanObservationSchema.parse(reply.structured);
      this.#rows = {
        rows: withRegion(known.rows, hint, leashRows(reply.text)),
        partial: hint.partial || observation.truncated !== null,
      };
      return this.#rows;
    }
    if (narrow === undefined && why === "reveal" && known !== undefined && !known.partial) {
      // The action's own answer said every change whole: it is the fresh look.
      if (this.#wholeAnswer) return known;
      // The last answer was whole: what changed since is a fresh look.
      this.#assertClaimed();
      const reply = await this.#session.call("browser_observe", { since: "last" });
      const observation = LeanObservationSchema.parse(reply.structured);
      if (observation.truncated === null) {
        this.#rows = { rows: applyLeashDelta(known.rows, reply.text), partial: false };
        return this.#rows;
      }
    }
    this.#assertClaimed();
    if (narrow !== undefined) {
      // A frame the page showed but nobody read yet may hold it: narrow there first, as the
      // frame's row says (`frame=f1 — observe with frame`).
      for (const frame of this.#frames) {
        const reply = await this.#session.call("browser_observe", { frame, query: narrow });
        const rows = leashRows(reply.text);
        if (rows.some((row) => row.name === narrow)) {
          this.#remember(rows);
          return { rows: [...(known?.rows ?? []), ...rows], partial: true };
        }
      }
    }
    const reply = await this.#session.call(
      "browser_observe",
      narrow === undefined ? {} : { query: narrow },
    );
    const observation = LeanObservationSchema.parse(reply.structured);
    const frames = narrow === undefined ? readableFrames(reply.text) : this.#frames;
    const observed = {
      rows: leashRows(reply.text),
      partial: observation.truncated !== null || frames.length > 0,
    };
    if (narrow === undefined) {
      this.#rows = observed;
      this.#frames = frames;
    } else {
      this.#remember(observed.rows);
    }
    return observed;
  }

  /** Rows a narrowed look showed join those held, as a model holds all it was shown. */
  #remember(rows: readonly Row[]): void {
    const known = this.#rows;
    if (known === undefined) return;
    const shown = new Set(rows.flatMap((row) => row.ref === undefined ? [] : [row.ref]));
    this.#rows = {
      rows: [...known.rows.filter((row) => row.ref === undefined || !shown.has(row.ref)), ...rows],
      partial: known.partial,
    };
  }

  async act(step: Step, ref: string | undefined, { to }: ActOptions): Promise<void> {
    // One lease at a time, as an agent doing one task holds: page tools need no leaseId.
    this.#assertClaimed();
    const reply = await this.#session.call("browser_act", {
      action: actions[step.intent](step, ref, to),
    });
    const result = LeanActResultSchema.parse(reply.structured);
    const hint = result.documentChanged ? undefined : regionHint(reply.text);
    // With the region read again, the rows are as whole as they were, unless the answer cut
    // rows elsewhere too (its `… ` line).
    this.#hint = hint === undefined || this.#rows === undefined ? undefined : {
      ...hint,
      partial: this.#rows.partial || /^… /m.test(reply.text),
    };
    this.#wholeAnswer = result.observation !== null && result.observation.truncated === null;
    const known = this.#rows;
    if (result.observation === null || known === undefined) {
      this.#rows = undefined;
    } else if (result.documentChanged) {
      this.#rows = { rows: leashRows(reply.text), partial: result.observation.truncated !== null };
    } else {
      // An answer that showed a region's first rows left out only the rest of that region,
      // which the next look narrows in (see `observe`).
      const cut = result.observation.truncated !== null &&
        (hint?.head !== true || /^… /m.test(reply.text));
      this.#rows = { rows: applyLeashDelta(known.rows, reply.text), partial: known.partial || cut };
    }
  }

  told(): Observed | undefined {
    return this.#rows;
  }

  redrawnRef(error: unknown): string | undefined {
    const text = error instanceof Error ? error.message : String(error);
    return /The page drew it again, reading as it did, as (e\d+): use that ref\./.exec(text)?.[1];
  }

  async leave(): Promise<void> {
    const leaseId = this.#lease;
    this.#lease = undefined;
    this.#first = undefined;
    this.#rows = undefined;
    this.#wholeAnswer = false;
    this.#hint = undefined;
    this.#frames = [];
    if (leaseId !== undefined) {
      await this.#session.call("browser_release", {}, 10_000).catch(() => {});
    }
    await this.#closeTab?.();
    this.#closeTab = undefined;
  }

  close(): Promise<void> {
    return this.#session.close();
  }

  #assertClaimed(): void {
    if (this.#lease === undefined) throw new Error("Cannot use the page: it is not claimed");
  }
}

/** The frames an observation's `Iframe` rows say can be read (`frame=f1 — observe with frame`). */
function readableFrames(text: string): string[] {
  return [...text.matchAll(/ frame=(f\d+) — observe with frame$/gm)].map((match) => match[1]);
}
