/**
 * The redaction rule: what of a URL, a parameter or a field value may be
 * shown to a client without handing it a credential. Tab listings use it
 * now; console and network logs of a leased tab use the same rule.
 *
 * A URL keeps its scheme, host, port and path (userinfo is always dropped):
 *
 * - `"unleased"` — for a tab the caller holds no lease on: every query
 *   parameter value and the fragment become `[redacted]`; parameter names
 *   stay, unless a name itself looks like a credential.
 * - `"leased"` — for the caller's leased tab (and tabs it opened): only
 *   credential-like parts become `[redacted]`: values of parameters whose
 *   names say credential (`access_token`, `code`, `state`, `sid`, `key`, …)
 *   and values that look like one (a JWT, a long random string, a nested
 *   URL carrying either). Ordinary parameters (`q=`, `page=`, `id=`) stay.
 *
 * In both views a path segment that looks like a credential is redacted
 * too, and a URL that is not HTTP(S) shows its scheme only (`chrome:`,
 * `file:`), since its path may name local files or browser internals.
 * The rule is idempotent and a leased view redacted again as unleased
 * equals the unleased view, so the extension and the Broker can both apply
 * it to the same listing. Headers, bodies and console text use it through
 * `redact_http.ts`.
 *
 * @module
 */

/** What stands where a value was left out. */
export const redacted = "[redacted]";

/** Whose eyes a URL is redacted for; see the module documentation. */
export type UrlView = "leased" | "unleased";

/** Parts that make a name a credential's name wherever they appear in it (`PHPSESSID`). */
const secretFragments = [
  "token",
  "secret",
  "passw",
  "pwd",
  "session",
  "sessid",
  "jwt",
  "apikey",
  "credential",
  "signature",
  "bearer",
  "cookie",
  "csrf",
  "xsrf",
  "saml",
  "nonce",
  "oauth",
  "privatekey",
  "accesskey",
];

/** Short words that name a credential only as a whole word of the name. */
const secretWords = new Set([
  "auth",
  "authorization",
  "code",
  "state",
  "sid",
  "ssid",
  "key",
  "pass",
  "passcode",
  "pin",
  "otp",
  "sig",
  "hmac",
  "hash",
  "ticket",
  "assertion",
  "verifier",
]);

/** The words of a name: split at separators and camelCase humps, lowercase. */
function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);
}

/**
 * Whether `name` (a query parameter, form field or header name) names a
 * credential, such as `access_token`, `code`, `state`, `sessionId`,
 * `X-Api-Key` or `Authorization`.
 *
 * @example
 * ```ts
 * isSecretName("id_token"); // true
 * isSecretName("X-Amz-Signature"); // true
 * isSecretName("page"); // false
 * ```
 */
export function isSecretName(name: string): boolean {
  const words = nameWords(decoded(name));
  const compact = words.join("");
  return words.some((word) => secretWords.has(word)) ||
    secretFragments.some((fragment) => compact.includes(fragment));
}

/** A JWT (or JWS/JWE): a base64url JSON header `eyJ…` and a dot-separated payload. */
const jwtPattern = /eyJ[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]{2,}/;
/** Runs of the characters tokens are written in (base64, base64url, hex, UUIDs). */
const tokenRuns = /[A-Za-z0-9+/=_~-]{20,}/g;
/** The letter-or-digit words of a run: a capitalised or all-caps word, lowercase, digits. */
const runWords = /[A-Z]?[a-z]+|[A-Z]+(?![a-z])|[0-9]+/g;
/** `name=` pairs nested in a value: a redirect URL's query, a matrix parameter. */
const nestedNames = /(?:^|[?&#;])([^=?&#;]+)=/g;

/**
 * Whether a run of token characters is random-looking rather than words:
 * a hex digest or UUID; letters and digits that change case and kind so
 * often that its "words" average under three characters (`dGhpcyBp…`); or
 * letters and digits that alternate at least once every four characters
 * (`a8f3k2l9…`). Text, slugs and camelCase names (`getUserAccount`,
 * `spring_sale_2024`) do neither.
 */
function randomRun(run: string): boolean {
  const alnum = run.replace(/[^A-Za-z0-9]/g, "");
  if (alnum.length < 16) return false;
  if (
    alnum.length >= 32 && /^[0-9a-f]+$/i.test(alnum) && /[0-9]/.test(alnum) && /[a-f]/i.test(alnum)
  ) {
    return true;
  }
  const words = alnum.match(runWords) ?? [];
  if (words.length > 0 && alnum.length / words.length < 3) return true;
  const kindChanges = alnum.match(/[0-9](?=[A-Za-z])|[A-Za-z](?=[0-9])/g)?.length ?? 0;
  return kindChanges >= 5 && kindChanges >= alnum.length / 4;
}

/**
 * Whether `value` looks like a credential whatever its name: a JWT, a long
 * random string, or something carrying a credential-named parameter (a
 * nested URL such as `https://app.example/cb?code=…`). Percent-encoding is
 * looked through.
 *
 * @example
 * ```ts
 * looksLikeSecret("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig"); // true
 * looksLikeSecret("dGhpcyBpcyBhIHNlY3JldCB0b2tlbg"); // true
 * looksLikeSecret("blue shoes"); // false
 * ```
 */
export function looksLikeSecret(value: string): boolean {
  const text = decoded(value);
  if (jwtPattern.test(text)) return true;
  for (const run of text.match(tokenRuns) ?? []) {
    if (randomRun(run)) return true;
  }
  for (const [, name] of text.matchAll(nestedNames)) {
    if (isSecretName(name)) return true;
  }
  return false;
}

/**
 * `url` as `view` may see it (see the module documentation). Text that is
 * not a URL becomes `[redacted]`.
 *
 * @example
 * ```ts
 * redactUrl("https://u:p@app.example/cb?code=XYZ&page=2#id_token=abc", "unleased");
 * // "https://app.example/cb?code=[redacted]&page=[redacted]#[redacted]"
 * redactUrl("https://app.example/cb?code=XYZ&page=2#id_token=abc", "leased");
 * // "https://app.example/cb?code=[redacted]&page=2#id_token=[redacted]"
 * redactUrl("file:///home/me/notes.txt", "leased"); // "file:"
 * ```
 */
export function redactUrl(url: string, view: UrlView): string {
  if (!URL.canParse(url)) return redacted;
  const parsed = new URL(url);
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return parsed.protocol;
  let shown = `${parsed.protocol}//${parsed.host}${redactPath(parsed.pathname)}`;
  const query = parsed.search.slice(1);
  if (query.length > 0) shown += `?${redactParameters(query, view)}`;
  const fragment = parsed.hash.slice(1);
  if (fragment.length > 0) shown += `#${view === "unleased" ? redacted : redactFragment(fragment)}`;
  return shown;
}

/** A `/`-separated path with each credential-like segment replaced. */
function redactPath(path: string): string {
  return path.split("/").map((segment) => looksLikeSecret(segment) ? redacted : segment).join("/");
}

/**
 * An `&`-separated parameter list (a query without its `?`, a form body),
 * names kept where they are not credentials themselves; in the leased view
 * only values named or shaped like credentials become `[redacted]`.
 *
 * @example
 * ```ts
 * redactParameters("user=ada&password=hunter2", "leased"); // "user=ada&password=[redacted]"
 * ```
 */
export function redactParameters(query: string, view: UrlView): string {
  return query
    .split("&")
    .filter((pair) => pair.length > 0)
    .map((pair) => {
      const equals = pair.indexOf("=");
      // A bare component (`?AbC123…`) may be the credential itself.
      if (equals < 0) return view === "unleased" || looksLikeSecret(pair) ? redacted : pair;
      const name = pair.slice(0, equals);
      if (looksLikeSecret(name)) return `${redacted}=${redacted}`;
      const value = pair.slice(equals + 1);
      const hidden = view === "unleased" || isSecretName(name) || looksLikeSecret(value);
      return `${name}=${hidden ? redacted : value}`;
    })
    .join("&");
}

/**
 * A fragment in the leased view: parameters (`#access_token=…&state=…`, or
 * a route's `#/path?x=1`) as a query, anything else as a path.
 */
function redactFragment(fragment: string): string {
  const question = fragment.indexOf("?");
  if (question >= 0) {
    return `${redactPath(fragment.slice(0, question))}?${
      redactParameters(fragment.slice(question + 1), "leased")
    }`;
  }
  return fragment.includes("=") ? redactParameters(fragment, "leased") : redactPath(fragment);
}

/** `text` with percent-encoding undone (nested encodings too), or as it is where that fails. */
function decoded(text: string): string {
  let current = text;
  for (let round = 0; round < 3 && current.includes("%"); round++) {
    try {
      current = decodeURIComponent(current);
    } catch {
      break;
    }
  }
  return current;
}
