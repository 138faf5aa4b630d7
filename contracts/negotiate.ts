/**
 * Pure negotiation of a validated hello against what a Broker offers.
 * Authentication (the token) is the Broker's job and happens before this.
 *
 * @module
 */
import {
  personalModeCapability,
  providerCapabilities,
  runtimeCapabilities,
} from "./capabilities.ts";
import type { ErrorCode } from "./errors.ts";
import type { Hello } from "./hello.ts";

/** The only wire version this implementation speaks. */
export const wireVersion = 1;

/** How the person lets the Broker reach their tabs. */
export type AccessMode = "restricted" | "personal";

/** What a Broker offers; `capabilities` defaults to the full runtime set. */
export interface BrokerOffer {
  accessMode: AccessMode;
  capabilities?: readonly string[];
}

/** A successful negotiation. */
export interface Agreement {
  ok: true;
  version: typeof wireVersion;
  /** What the welcome lists. */
  capabilities: string[];
  /** A client without `journalKey`: recovery is isolated to its connection. */
  legacy: boolean;
}

/** A refused negotiation, with the code the hello is answered with. */
export interface Refusal {
  ok: false;
  code: ErrorCode;
}

/** Capabilities a Broker in `mode` advertises, given its runtime set. */
export function offeredCapabilities(
  mode: AccessMode,
  runtime: readonly string[] = runtimeCapabilities,
): string[] {
  return mode === "personal" ? [...runtime, personalModeCapability] : [...runtime];
}

/**
 * Negotiate a schema-valid hello. Wire version 1 must be offered; every
 * required capability must be one the Broker offers (unknown requirements
 * are a mismatch, never silently dropped); a provider must advertise the
 * full provider set, while unknown optional advertisements are tolerated.
 */
export function negotiate(hello: Hello, offer: BrokerOffer): Agreement | Refusal {
  if (!hello.versions.includes(wireVersion)) return { ok: false, code: "PROTOCOL_MISMATCH" };
  const offered = offeredCapabilities(offer.accessMode, offer.capabilities);
  const required = "requiredCapabilities" in hello ? hello.requiredCapabilities : [];
  if (!required.every((name) => offered.includes(name))) {
    return { ok: false, code: "PROTOCOL_MISMATCH" };
  }
  if (hello.role === "provider") {
    const advertised = new Set(hello.capabilities);
    if (!providerCapabilities.every((name) => advertised.has(name))) {
      return { ok: false, code: "PROTOCOL_MISMATCH" };
    }
  }
  const legacy = hello.role === "client" && !("journalKey" in hello);
  return { ok: true, version: wireVersion, capabilities: offered, legacy };
}
