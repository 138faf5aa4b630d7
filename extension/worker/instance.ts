/**
 * Who this browser is, for the provider hello: a random instance ID kept in
 * `chrome.storage.local` (stable across restarts of this profile), the brand
 * from `navigator.userAgentData`, the user agent as version and a profile
 * label.
 *
 * @module
 */
import { z } from "zod";
import {
  providerCapabilities,
  providerRequiredCapabilities,
} from "../../contracts/capabilities.ts";
import type { Instance, ProviderHello } from "../../contracts/hello.ts";

/** The storage key of the instance ID. */
export const instanceIdKey = "leash.instanceId";
/** The storage key of an optional profile label the person chose. */
export const profileLabelKey = "leash.profileLabel";

const defaultProfileLabel = "User-authorized profile";
const StoredSchema = z.object({
  [instanceIdKey]: z.string().regex(/^[A-Za-z0-9-]{8,64}$/).optional(),
  [profileLabelKey]: z.string().min(1).max(256).optional(),
});
const BrandsSchema = z.array(z.object({ brand: z.string(), version: z.string() }));

/** The brand to report from `userAgentData.brands`: the real one, not GREASE or the engine. */
export function brandOf(brands: unknown): string {
  const parsed = BrandsSchema.safeParse(brands);
  if (!parsed.success) return "chromium";
  const names = parsed.data.map((entry) => entry.brand)
    .filter((name) => !/not.?a.?brand/i.test(name) && name.trim() !== "");
  const name = names.find((candidate) => candidate !== "Chromium") ?? names[0] ?? "Chromium";
  const known: Record<string, string> = {
    "Google Chrome": "chrome",
    "Microsoft Edge": "edge",
    "Chromium": "chromium",
    "Brave": "brave",
    "Opera": "opera",
  };
  return known[name] ?? name.toLowerCase().replace(/\s+/g, "-").slice(0, 64);
}

/** Read or create this profile's instance description. */
export async function loadInstance(): Promise<Instance> {
  const stored = StoredSchema.safeParse(
    await chrome.storage.local.get([instanceIdKey, profileLabelKey]),
  );
  let id = stored.success ? stored.data[instanceIdKey] : undefined;
  if (id === undefined) {
    id = crypto.randomUUID();
    await chrome.storage.local.set({ [instanceIdKey]: id });
  }
  const userAgentData = "userAgentData" in navigator ? navigator.userAgentData : undefined;
  const brands = typeof userAgentData === "object" && userAgentData !== null &&
      "brands" in userAgentData
    ? userAgentData.brands
    : undefined;
  return {
    id,
    family: "chromium",
    brand: brandOf(brands),
    version: navigator.userAgent.slice(0, 512) || "unknown",
    profileLabel: (stored.success ? stored.data[profileLabelKey] : undefined) ??
      defaultProfileLabel,
  };
}

/** The provider hello for `instance`: every provider capability, before token injection. */
export function providerHello(instance: Instance): ProviderHello {
  return {
    bootstrap: 1,
    versions: [1],
    role: "provider",
    capabilities: [...providerCapabilities],
    requiredCapabilities: [...providerRequiredCapabilities],
    instance,
  };
}
