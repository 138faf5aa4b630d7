/**
 * How big a reliability run is. `deno task test` runs the CI size; with
 * `LEASH_STRESS=1` (`deno task test:stress`) every part runs its long size.
 * Seeds are fixed in CI so a run is reproducible; a stress run draws a fresh
 * seed unless `LEASH_SEED` names one, and prints it, so a failure found in a
 * long run can be replayed.
 *
 * @module
 */

/** Whether this is a stress run (`LEASH_STRESS=1`). */
export const stress: boolean = Deno.env.get("LEASH_STRESS") === "1";

/** `ci` in a CI run, `long` in a stress run. */
export function sized(ci: number, long: number): number {
  return stress ? long : ci;
}

/** A fixed seed in CI; `LEASH_SEED`, else a fresh one, in a stress run. */
export function seedFor(ciSeed: number): number {
  const chosen = Deno.env.get("LEASH_SEED");
  if (chosen !== undefined && /^\d+$/.test(chosen)) return Number(chosen) >>> 0;
  return stress ? crypto.getRandomValues(new Uint32Array(1))[0] : ciSeed;
}

/**
 * Print one part's figure on one line, e.g.
 * `fuzz frames: 120000 inputs, 0 crashes, 0 hangs, max alloc ≤ cap, lost: nothing`.
 */
export function figure(part: string, text: string): void {
  console.log(`${part}: ${text}${stress ? " [stress]" : ""}`);
}
