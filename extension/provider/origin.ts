/**
 * Origins of ordinary web pages. Only HTTP(S) tabs can be leased: other
 * schemes are browser or extension surfaces the debugger must not touch.
 *
 * @module
 */

/** The origin of an `http:` or `https:` URL, or `undefined` for anything else. */
export function httpOrigin(url: string | undefined): string | undefined {
  if (url === undefined || !URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return undefined;
  return parsed.origin;
}

/** Whether `url` is an ordinary web page. */
export function isHttpUrl(url: string | undefined): boolean {
  return httpOrigin(url) !== undefined;
}
