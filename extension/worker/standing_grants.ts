/**
 * Standing grants: the person allowed a client on one origin for a while
 * ("for 1 hour", "for 8 hours") from the approval window, so its later
 * claims and opens on exactly that origin need no prompt until then. A
 * grant names the client as the window showed it (the name it gives and
 * its MCP program's name, both unverified, as the window says) and one
 * exact origin; it never covers another origin, another name or tab
 * scope, and never outlives its expiry, which is checked on every use.
 * The person sees them in the toolbar popup and revokes them there.
 *
 * Kept in `chrome.storage.local`, so a restart of the service worker or
 * the browser does not forget one before its time; what is read back is
 * validated, and anything malformed counts as no grant.
 *
 * @module
 */
import * as z from "zod/mini";
import type { StandingGrantCheck, Who } from "../provider/context.ts";
import type { SessionArea } from "./opened_tabs.ts";

/** The storage key of the list. */
export const standingGrantsKey = "leash.standingGrants";

/** How long the person may allow a client on an origin, by the window's choice. */
export const standingDurations = { "1h": 60 * 60_000, "8h": 8 * 60 * 60_000 } as const;

/** A choice of {@linkcode standingDurations}. */
export type StandFor = keyof typeof standingDurations;

const StandingGrantSchema = z.strictObject({
  grantId: z.string().check(z.minLength(1), z.maxLength(128)),
  clientName: z.string().check(z.maxLength(10_000)),
  mcpClientName: z.optional(z.string().check(z.maxLength(10_000))),
  origin: z.string().check(z.minLength(1), z.maxLength(2048)),
  /** In ms since the epoch. */
  expiresAt: z.number(),
});

/** One standing grant. */
export type StandingGrant = z.infer<typeof StandingGrantSchema>;

/** Most grants kept; the oldest go first. */
const maxGrants = 64;

function sameWho(grant: StandingGrant, who: Who): boolean {
  return grant.clientName === who.clientName && grant.mcpClientName === who.mcpClientName;
}

/** The standing grants, in a storage area. */
export class StandingGrants implements StandingGrantCheck {
  readonly #area: SessionArea;
  readonly #now: () => number;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(area: SessionArea, now: () => number = Date.now) {
    this.#area = area;
    this.#now = now;
  }

  /** Allow `who` on `origin` for `standFor` from now; returns the grant. */
  async add(who: Who, origin: string, standFor: StandFor): Promise<StandingGrant> {
    const grant: StandingGrant = {
      grantId: crypto.randomUUID(),
      clientName: who.clientName,
      ...(who.mcpClientName === undefined ? {} : { mcpClientName: who.mcpClientName }),
      origin,
      expiresAt: this.#now() + standingDurations[standFor],
    };
    await this.#update((grants) =>
      [
        ...grants.filter((held) => !(sameWho(held, who) && held.origin === origin)),
        grant,
      ].slice(-maxGrants)
    );
    return grant;
  }

  /** Whether a live grant allows `who` on exactly `origin`; expired grants are dropped. */
  async covers(who: Who, origin: string): Promise<boolean> {
    const now = this.#now();
    const grants = await this.#read();
    if (grants.some((grant) => grant.expiresAt <= now)) await this.#dropExpired();
    return grants.some((grant) =>
      grant.expiresAt > now && grant.origin === origin && sameWho(grant, who)
    );
  }

  /** The live grants, soonest to expire first. */
  async list(): Promise<StandingGrant[]> {
    const now = this.#now();
    return (await this.#read())
      .filter((grant) => grant.expiresAt > now)
      .sort((a, b) => a.expiresAt - b.expiresAt);
  }

  /** End grant `grantId`; whether it was there. */
  async revoke(grantId: string): Promise<boolean> {
    let found = false;
    await this.#update((grants) => {
      found = grants.some((grant) => grant.grantId === grantId);
      return grants.filter((grant) => grant.grantId !== grantId);
    });
    return found;
  }

  #dropExpired(): Promise<void> {
    const now = this.#now();
    return this.#update((grants) => grants.filter((grant) => grant.expiresAt > now));
  }

  async #read(): Promise<StandingGrant[]> {
    await this.#queue.catch(() => {});
    return await this.#stored();
  }

  async #stored(): Promise<StandingGrant[]> {
    const stored = (await this.#area.get(standingGrantsKey))[standingGrantsKey];
    if (!Array.isArray(stored)) return [];
    return stored.flatMap((entry) => {
      const parsed = StandingGrantSchema.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    });
  }

  #update(change: (grants: StandingGrant[]) => StandingGrant[]): Promise<void> {
    const next = this.#queue.catch(() => {}).then(async () => {
      await this.#area.set({ [standingGrantsKey]: change(await this.#stored()) });
    });
    this.#queue = next;
    return next;
  }
}
