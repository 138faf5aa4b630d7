/**
 * Origins of ordinary web pages. Only HTTP(S) pages can be leased: other
 * schemes are browser or extension surfaces the debugger must not touch.
 *
 * @module
 */

/**
 * The origin of an `http:` or `https:` URL (lowercase host, default port
 * left out), or `undefined` for anything else, including text that is not
 * a URL. A `blob:` URL names an HTTP(S) origin but is not a page: `undefined`.
 *
 * @example
 * ```ts
 * httpOrigin("https://Shop.Example:443/cart"); // "https://shop.example"
 * httpOrigin("chrome://settings"); // undefined
 * ```
 */
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
