/**
 * Redaction of what a leased tab's console and network logs show: headers,
 * request and response bodies and free text. It follows the URL rule of
 * `redact.ts` in its leased view — credentials become `[redacted]`,
 * everything else stays readable — and like it is idempotent, so the
 * extension redacts before anything leaves the browser and the Broker
 * redacts again before anything reaches a client.
 *
 * - Headers: `Authorization`, `Proxy-Authorization`, `Cookie` and
 *   `Set-Cookie` always; any header named like a credential (`X-Api-Key`,
 *   `X-CSRF-Token`) or whose value looks like one (a JWT, a long random
 *   string); URLs in `Location`, `Referer` and the like by the URL rule.
 * - Bodies: JSON values under credential names or shaped like credentials,
 *   form fields (URL-encoded or multipart) named like passwords, tokens or
 *   keys, and in any other text what {@linkcode redactText} catches.
 * - Text (console messages, other bodies): JWTs, `Bearer`/`Basic`
 *   credentials, `name=value` and `"name": "value"` pairs under credential
 *   names, long random strings, and credential parts of URLs.
 *
 * @module
 */
import { isSecretName, looksLikeSecret, redacted, redactParameters, redactUrl } from "./redact.ts";

/** Headers that carry credentials whatever their value looks like. */
const credentialHeaders = new Set(["authorization", "proxy-authorization", "cookie", "set-cookie"]);

/** Headers whose value is a URL, shown by the URL rule. */
const urlHeaders = new Set(["location", "referer", "content-location", "origin", "refresh"]);

/** Headers whose values are never credentials, though some look random (a digest, an ID). */
const plainHeaders = new Set([
  "accept",
  "accept-encoding",
  "accept-language",
  "cache-control",
  "content-encoding",
  "content-length",
  "content-type",
  "date",
  "etag",
  "if-none-match",
  "last-modified",
  "user-agent",
  "sec-ch-ua",
  "vary",
]);

/**
 * `value` of header `name` as a client may see it.
 *
 * @example
 * ```ts
 * redactHeader("Authorization", "Bearer abc"); // "[redacted]"
 * redactHeader("Content-Type", "application/json"); // "application/json"
 * ```
 */
export function redactHeader(name: string, value: string): string {
  const lower = name.toLowerCase();
  if (credentialHeaders.has(lower) || isSecretName(name)) return redacted;
  if (urlHeaders.has(lower)) return URL.canParse(value) ? redactUrl(value, "leased") : value;
  if (plainHeaders.has(lower)) return value;
  return redactText(value);
}

/** A JWT anywhere in text. */
const jwtPattern = /eyJ[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]{2,}(?:\.[A-Za-z0-9_-]*)?/g;
/** An HTTP credential scheme and its credential. */
const schemePattern = /\b(Bearer|Basic|Digest|Token|Negotiate)\s+[A-Za-z0-9+/=._~-]{6,}/gi;
/** `"name": "value"` (JSON or JS) with a string, number or bare value. */
const quotedPairPattern =
  /(["'])([^"'\n]{1,80})\1(\s*:\s*)("(?:[^"\\\n]|\\.)*"|'[^'\n]*'|[^\s,}\]]+)/g;
/** `name=value` (a query or form pair) in running text. */
const equalsPairPattern =
  /(?<![A-Za-z0-9_.\[\]-])([A-Za-z_][A-Za-z0-9_.\[\]-]{0,80})=([^\s&;,"'<>)}\]]+)/g;
/** `name: value` (an object or a header written out) in running text. */
const colonPairPattern =
  /(?<![A-Za-z0-9_.-])([A-Za-z_][A-Za-z0-9_.-]{0,80})(:\s?)("(?:[^"\\\n]|\\.)*"|'[^'\n]*'|[^\s&;,"'<>)}\]]+)/g;

/**
 * Words that name a credential in a query string (`?code=…&state=…`) but
 * mostly something else as a member or label (`state: "ready"`,
 * `{"code": "E_VALIDATION"}`); there, their values are redacted only when
 * they look like a credential.
 */
const queryOnlyWords = new Set(["code", "state", "key", "hash", "ticket", "pin", "sig", "pass"]);

/** Whether a member or label `name` names a credential (see {@linkcode queryOnlyWords}). */
function isSecretMember(name: string): boolean {
  return isSecretName(name) && !queryOnlyWords.has(name.toLowerCase());
}
/** Absolute HTTP(S) URLs in running text. */
const urlPattern = /https?:\/\/[^\s"'<>`]+/g;
/** An HTTP credential scheme's name, which stays beside its redacted credential. */
const schemeName = /^(Bearer|Basic|Digest|Token|Negotiate)$/i;
/** A value already redacted (a pattern's value stops at the closing bracket). */
const redactedStart = redacted.slice(0, -1);
/** Runs long enough to be a credential. */
const runPattern = /[A-Za-z0-9+/=_~.%-]{20,}/g;

/**
 * `text` with what looks like a credential replaced by `[redacted]` (see
 * the module documentation). Ordinary prose, numbers and names stay.
 *
 * @example
 * ```ts
 * redactText("retry with token=s3cr3t"); // "retry with token=[redacted]"
 * redactText("Save failed: 500"); // "Save failed: 500"
 * ```
 */
export function redactText(text: string): string {
  return text
    .replace(urlPattern, (url) => URL.canParse(url) ? redactUrl(url, "leased") : url)
    .replace(jwtPattern, redacted)
    .replace(schemePattern, (_, scheme: string) => `${scheme} ${redacted}`)
    .replace(
      quotedPairPattern,
      (pair, quote: string, name: string, colon: string, value: string) =>
        isSecretMember(name) && !isRedacted(value)
          ? `${quote}${name}${quote}${colon}"${redacted}"`
          : pair,
    )
    .replace(
      colonPairPattern,
      (pair, name: string, colon: string, value: string) =>
        isSecretMember(name) && !isRedacted(value) && !value.startsWith("//") &&
          !schemeName.test(value)
          ? `${name}${colon}${value.startsWith('"') ? `"${redacted}"` : redacted}`
          : pair,
    )
    .replace(
      equalsPairPattern,
      (pair, name: string, value: string) =>
        isSecretName(name) && !value.startsWith(redactedStart) ? `${name}=${redacted}` : pair,
    )
    .replace(runPattern, (run) => run.includes(redacted) || !looksLikeSecret(run) ? run : redacted);
}

function isRedacted(value: string): boolean {
  return value.startsWith(`"${redactedStart}`) || value.startsWith(redactedStart);
}

/** A JSON value with credential-named members and credential-shaped strings replaced. */
function redactJsonValue(value: unknown, depth: number): unknown {
  if (typeof value === "string") return redactText(value);
  if (typeof value !== "object" || value === null || depth > 64) return value;
  if (Array.isArray(value)) return value.map((item) => redactJsonValue(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [name, member] of Object.entries(value)) {
    out[name] = isSecretMember(name) && member !== null && member !== "" && member !== false
      ? redacted
      : redactJsonValue(member, depth + 1);
  }
  return out;
}

/** The multipart parts `name="…"` with their values, for form fields named like credentials. */
const multipartField = /(name="([^"]{1,200})"[^\r\n]*\r?\n(?:[^\r\n]+\r?\n)*\r?\n)([^\r\n]*)/g;

/**
 * A request or response body of type `mimeType` as a client may see it:
 * JSON member by member, forms field by field, anything else as text.
 *
 * @example
 * ```ts
 * redactBody('{"user":"ada","password":"x"}', "application/json"); // '{"user":"ada","password":"[redacted]"}'
 * redactBody("user=ada&pwd=x", "application/x-www-form-urlencoded"); // "user=ada&pwd=[redacted]"
 * ```
 */
export function redactBody(text: string, mimeType: string): string {
  const type = mimeType.toLowerCase();
  if (type.includes("json")) {
    try {
      return JSON.stringify(redactJsonValue(JSON.parse(text), 0));
    } catch {
      return redactText(text);
    }
  }
  if (type.includes("x-www-form-urlencoded")) return redactParameters(text.trim(), "leased");
  if (type.includes("multipart/form-data")) {
    return redactText(
      text.replace(
        multipartField,
        (part, head: string, name: string) => isSecretName(name) ? `${head}${redacted}` : part,
      ),
    );
  }
  return redactText(text);
}
