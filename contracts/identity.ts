/**
 * The fixed identity of the Leash extension and its native-messaging host.
 * The manifest `key` pins the extension ID, so the Native Host can compile
 * in the one origin it serves.
 *
 * @module
 */

/** The manifest `key`: base64 DER SubjectPublicKeyInfo of the extension's RSA key. */
export const extensionKey =
  "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAkWCpVGKLkdkNT2LE+ZKUIIOWK545tdpbhQkoMEbWz38jKm4z3qhaPwmeRXzjU+BK15wpoYWjJr7u3skHdANtd0cuZGdgZX45uMKoqCi5rqo1lQtAanxLBi7nU96N58kXLdaJgWrDsKbTUh2/3f3BIFiiXVn348+N/NitVlZNfW37DlN0LC6Kjy5l+5pWIc94JSCD3whMVZ8LC4lYDv+lttxNA62N6HiToKY9oXHCidwcrQit9PTjmmKuun+kVdu8sg3JZCuj6fr9XY0PyCv1WxT6lA9n5+WRI7kk//0/fj7BpE1PEr0U4jiLIzpJmwF54llF0k98JcN+Q84sm2V2uwIDAQAB";

/** The ID Chrome derives from {@linkcode extensionKey}. */
export const extensionId = "eoijildolnmgmfgdgjflhdkjachcdkfm";

/** The origin Chrome passes to the Native Host for our extension. */
export const extensionOrigin = `chrome-extension://${extensionId}/`;

/** The shape of any extension origin: 32 letters a–p, then a slash. */
export const extensionOriginPattern = /^chrome-extension:\/\/[a-p]{32}\/$/;

/** The native-messaging host name the extension connects to. */
export const nativeHostName = "dev.leash.host";

/** DeskBridge's own native-messaging host name (`leash-desk`), apart from the relay's. */
export const deskHostName = "dev.leash.desk";

/**
 * Derive a Chrome extension ID from a manifest key: the first 128 bits of
 * the SHA-256 of the DER key, written with the letters a–p for 0–f.
 */
export async function extensionIdFromKey(key: string): Promise<string> {
  const der = Uint8Array.from(atob(key), (char) => char.charCodeAt(0));
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", der));
  let id = "";
  for (const byte of digest.subarray(0, 16)) {
    id += String.fromCharCode(97 + (byte >> 4), 97 + (byte & 15));
  }
  return id;
}
