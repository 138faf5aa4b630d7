/**
 * The one rule for a URL a skill hands to the web or to the person's
 * browser: it must parse, be http or https, and carry no credentials (a
 * `user:pass@` part would be sent along, or shown, where the person never
 * chose to put it).
 *
 * @module
 */
import { DeskFailure } from "../../contracts/desk/codes.ts";

/**
 * `raw` (against `base`, when given) as a plain web URL. Throws
 * `INVALID_URL` when it does not parse or carries credentials, and
 * `UNSUPPORTED_PROTOCOL` for any scheme but http and https.
 */
export function webUrl(raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new DeskFailure("INVALID_URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new DeskFailure("UNSUPPORTED_PROTOCOL");
  }
  if (url.username !== "" || url.password !== "") throw new DeskFailure("INVALID_URL");
  return url;
}
