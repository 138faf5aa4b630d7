/**
 * Judging one hello: authenticate, then validate, then negotiate, in that
 * order, as the spec requires. The token is checked before anything else is
 * looked at, so an unauthenticated peer learns nothing about schemas or
 * capabilities; it is compared through fixed-length digests whatever its
 * shape.
 *
 * Outcomes and what the connection does next:
 * - wrong or missing token → `UNAUTHENTICATED`; another hello may follow
 *   inside the window when this one was schema-valid, else the peer closes;
 * - schema-invalid hello (right token) → `INVALID_PARAMS`, then close: only
 *   a schema-valid rejection earns a retry;
 * - negotiation refused (no version 1, unknown requirement, provider lacking
 *   a capability) → `PROTOCOL_MISMATCH`; retry allowed inside the window.
 *
 * @module
 */
import type { ErrorCode } from "../../contracts/errors.ts";
import { type Hello, HelloSchema, type Welcome } from "../../contracts/hello.ts";
import type { JsonObject } from "../../contracts/json.ts";
import { type Agreement, type BrokerOffer, negotiate } from "../../contracts/negotiate.ts";
import type { TokenVerifier } from "../../local/token.ts";

/** A hello the Broker accepted. */
export interface Accepted {
  ok: true;
  hello: Hello;
  agreement: Agreement;
}

/** A hello the Broker refused. */
export interface Refused {
  ok: false;
  code: ErrorCode;
  /** Whether another hello may follow inside the original window. */
  retry: boolean;
}

/** Judge the params of one `hello` request. */
export async function judgeHello(
  params: JsonObject,
  verifier: TokenVerifier,
  offer: BrokerOffer,
): Promise<Accepted | Refused> {
  // Hash something even when the token is absent, so every refusal costs the same.
  const presented = typeof params.token === "string" ? params.token : "";
  const authentic = await verifier.verify(presented);
  const parsed = HelloSchema.safeParse(params);
  if (!authentic) return { ok: false, code: "UNAUTHENTICATED", retry: parsed.success };
  if (!parsed.success) return { ok: false, code: "INVALID_PARAMS", retry: false };
  const agreement = negotiate(parsed.data, offer);
  if (!agreement.ok) return { ok: false, code: agreement.code, retry: true };
  return { ok: true, hello: parsed.data, agreement };
}

/** The welcome for an accepted hello: version 1, a fresh epoch, the agreed capabilities. */
export function welcomeFor(agreement: Agreement): Welcome {
  return {
    version: agreement.version,
    connectionEpoch: crypto.randomUUID(),
    capabilities: agreement.capabilities,
  };
}
