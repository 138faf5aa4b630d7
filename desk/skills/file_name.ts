/**
 * A safe file name for a saved asset: one segment of plain characters, no
 * leading dot, no name Windows reserves, with the extension of the kind the
 * bytes were found to be, so a name never makes a file open as something
 * else.
 *
 * @module
 */

const reserved = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i;

/** The name part of `name` made safe, and given `extension`. */
export function safeFileName(name: string, extension: string): string {
  let decoded = name;
  try {
    decoded = decodeURIComponent(name);
  } catch {
    // A malformed escape stays as written; its `%` is replaced below.
  }
  const last = decoded.split(/[/\\]/).at(-1) ?? "";
  const dot = last.lastIndexOf(".");
  let stem = (dot > 0 ? last.slice(0, dot) : last).normalize("NFC")
    .replace(/[^\p{L}\p{N}._-]+/gu, "_")
    .replace(/^[._-]+/, "")
    .replace(/[._ -]+$/, "")
    .slice(0, 100);
  if (stem === "" || reserved.test(stem)) stem = stem === "" ? "download" : `_${stem}`;
  return `${stem}.${extension}`;
}

/** The file name a URL suggests, made safe with `extension`. */
export function fileNameFromUrl(url: URL, extension: string): string {
  return safeFileName(url.pathname.split("/").filter(Boolean).at(-1) ?? "", extension);
}
