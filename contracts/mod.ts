/**
 * The Leash wire: envelopes, handshake, errors, capabilities, limits,
 * framing, the RPC peer and the method table. Pure TypeScript, shared
 * unchanged by the Broker, the Native Host and the MV3 extension.
 *
 * @module
 */
export * from "./capabilities.ts";
export * from "./envelope.ts";
export * from "./errors.ts";
export * from "./hello.ts";
export * from "./json.ts";
export * from "./limits.ts";
export * from "./negotiate.ts";
export * from "./transport.ts";
export * from "./methods/mod.ts";
export * from "./identity.ts";
