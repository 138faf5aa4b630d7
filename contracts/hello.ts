/**
 * Handshake payloads: the client and provider hellos and the welcome. A
 * `hello` is an ordinary request whose success value is the welcome.
 *
 * @module
 */
import { z } from "zod";
import { IdSchema, namePattern } from "./envelope.ts";
import { limits } from "./limits.ts";

function unique<T>(items: readonly T[]): boolean {
  return new Set(items).size === items.length;
}

/** The bootstrap revision of the hello itself; fixed at 1. */
export const BootstrapSchema = z.literal(1);

/** Offered wire versions: 1 to 8 unique positive integers. */
export const VersionsSchema = z
  .array(z.number().int().positive())
  .min(1)
  .max(limits.maxVersions)
  .refine(unique, { message: "versions must be unique" })
  .meta({ uniqueItems: true });

/** A capability name. */
export const CapabilityNameSchema = z.string().max(limits.maxNameLength).regex(namePattern);

/** Up to 64 unique capability names. */
export const CapabilityListSchema = z
  .array(CapabilityNameSchema)
  .max(limits.maxCapabilities)
  .refine(unique, { message: "capabilities must be unique" })
  .meta({ uniqueItems: true });

/**
 * The private IPC token as it appears in a hello. The Broker compares fixed
 * digests, so any length up to the cap is accepted here and judged there.
 */
export const TokenSchema = z.string().min(1).max(256);

/** A client's durable journal identity: 64 URL-safe characters. */
export const JournalKeySchema = z
  .string()
  .length(limits.journalKeyLength)
  .regex(/^[A-Za-z0-9_-]+$/);

const label = (max: number) => z.string().min(1).max(max);

/** Who a provider is: the browser instance it speaks for. */
export const InstanceSchema = z.strictObject({
  id: IdSchema,
  family: label(64),
  brand: label(64),
  version: label(512),
  profileLabel: label(256),
});

/** A current client's hello. */
export const ClientHelloSchema = z.strictObject({
  bootstrap: BootstrapSchema,
  versions: VersionsSchema,
  role: z.literal("client"),
  token: TokenSchema,
  journalKey: JournalKeySchema,
  requiredCapabilities: CapabilityListSchema,
});

/**
 * A legacy client's hello: no requirements and no journal key. Such a client
 * gets only connection-local recovery isolation.
 */
export const LegacyClientHelloSchema = z.strictObject({
  bootstrap: BootstrapSchema,
  versions: VersionsSchema,
  role: z.literal("client"),
  token: TokenSchema,
});

const providerHelloShape = {
  bootstrap: BootstrapSchema,
  versions: VersionsSchema,
  role: z.literal("provider"),
  capabilities: CapabilityListSchema,
  requiredCapabilities: CapabilityListSchema,
  instance: InstanceSchema,
};

/** A provider hello as the extension sends it: it never holds the token. */
export const ProviderHelloSchema = z.strictObject(providerHelloShape);

/** A provider hello after the Native Host injected the token. */
export const AuthenticatedProviderHelloSchema = z.strictObject({
  ...providerHelloShape,
  token: TokenSchema,
});

/**
 * Every hello payload the protocol shows: a client's, a legacy client's, and
 * a provider's before and after the Native Host injects the token. The
 * schema judges shape only; authentication is the Broker's own check, so a
 * provider hello without a token is schema-valid here and refused there
 * with `UNAUTHENTICATED`.
 */
export const HelloSchema = z.union([
  ClientHelloSchema,
  LegacyClientHelloSchema,
  AuthenticatedProviderHelloSchema,
  ProviderHelloSchema,
]);

/** The success value of a hello. */
export const WelcomeSchema = z.strictObject({
  version: z.literal(1),
  connectionEpoch: IdSchema,
  capabilities: CapabilityListSchema,
});

export type Instance = z.infer<typeof InstanceSchema>;
export type ClientHello = z.infer<typeof ClientHelloSchema>;
export type LegacyClientHello = z.infer<typeof LegacyClientHelloSchema>;
export type ProviderHello = z.infer<typeof ProviderHelloSchema>;
export type AuthenticatedProviderHello = z.infer<typeof AuthenticatedProviderHelloSchema>;
export type Hello = z.infer<typeof HelloSchema>;
export type Welcome = z.infer<typeof WelcomeSchema>;

/** The method name of the handshake request. */
export const helloMethod = "hello";
