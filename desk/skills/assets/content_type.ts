/**
 * Which asset types DeskBridge accepts, by declared type and by the bytes
 * themselves: a file is taken only when both name one allowed kind. Markup
 * (HTML, SVG, XML) and executables are never taken, whatever they claim.
 *
 * @module
 */

/** One accepted kind of asset. */
export interface AssetKind {
  /** Its canonical media type. */
  readonly type: string;
  /** The extension a saved file gets, so nothing opens it as something else. */
  readonly extension: string;
  /** Media types servers declare for it. */
  readonly declared: readonly string[];
  /** Whether `head`, the file's first bytes, is this kind. */
  readonly sniff: (head: Uint8Array) => boolean;
}

/** How many leading bytes sniffing reads. */
export const SNIFF_BYTES = 512;

function at(head: Uint8Array, offset: number, signature: string): boolean {
  if (head.length < offset + signature.length) return false;
  for (let i = 0; i < signature.length; i++) {
    if (head[offset + i] !== signature.charCodeAt(i)) return false;
  }
  return true;
}

function ftyp(head: Uint8Array, brands: readonly string[]): boolean {
  return at(head, 4, "ftyp") && brands.some((brand) => at(head, 8, brand));
}

/** Markup a browser would render or run, in any of the forms it is sniffed by. */
function looksLikeMarkup(head: Uint8Array): boolean {
  const text = new TextDecoder().decode(head).replace(/^\uFEFF/, "").trimStart().toLowerCase();
  return /^<(!doctype|html|head|body|script|iframe|svg|\?xml|!--|a\s|div|style|title|meta|img)/
    .test(text);
}

/** UTF-8 text with no control bytes but whitespace, and no markup. */
function plainText(head: Uint8Array): boolean {
  if (head.some((byte) => byte < 0x20 && ![0x09, 0x0a, 0x0c, 0x0d].includes(byte))) return false;
  try {
    // `stream` lets the sniffed head end inside a character.
    new TextDecoder("utf-8", { fatal: true }).decode(head, { stream: true });
  } catch {
    return false;
  }
  return !looksLikeMarkup(head);
}

/** The accepted kinds. */
export const assetKinds: readonly AssetKind[] = [
  {
    type: "image/png",
    extension: "png",
    declared: ["image/png"],
    sniff: (h) => at(h, 0, "\x89PNG\r\n\x1a\n"),
  },
  {
    type: "image/jpeg",
    extension: "jpg",
    declared: ["image/jpeg", "image/jpg", "image/pjpeg"],
    sniff: (h) => at(h, 0, "\xff\xd8\xff"),
  },
  {
    type: "image/gif",
    extension: "gif",
    declared: ["image/gif"],
    sniff: (h) => at(h, 0, "GIF87a") || at(h, 0, "GIF89a"),
  },
  {
    type: "image/webp",
    extension: "webp",
    declared: ["image/webp"],
    sniff: (h) => at(h, 0, "RIFF") && at(h, 8, "WEBP"),
  },
  {
    type: "image/avif",
    extension: "avif",
    declared: ["image/avif"],
    sniff: (h) => ftyp(h, ["avif", "avis"]),
  },
  {
    type: "image/bmp",
    extension: "bmp",
    declared: ["image/bmp", "image/x-ms-bmp"],
    sniff: (h) => at(h, 0, "BM"),
  },
  {
    type: "image/x-icon",
    extension: "ico",
    declared: ["image/x-icon", "image/vnd.microsoft.icon"],
    sniff: (h) => at(h, 0, "\0\0\x01\0"),
  },
  {
    type: "application/pdf",
    extension: "pdf",
    declared: ["application/pdf"],
    sniff: (h) => at(h, 0, "%PDF-"),
  },
  {
    type: "application/zip",
    extension: "zip",
    declared: ["application/zip", "application/x-zip-compressed"],
    sniff: (h) => at(h, 0, "PK\x03\x04") || at(h, 0, "PK\x05\x06"),
  },
  {
    type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    extension: "docx",
    declared: ["application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
    sniff: (h) => at(h, 0, "PK\x03\x04"),
  },
  {
    type: "font/woff2",
    extension: "woff2",
    declared: ["font/woff2", "application/font-woff2"],
    sniff: (h) => at(h, 0, "wOF2"),
  },
  {
    type: "font/woff",
    extension: "woff",
    declared: ["font/woff", "application/font-woff"],
    sniff: (h) => at(h, 0, "wOFF"),
  },
  {
    type: "font/ttf",
    extension: "ttf",
    declared: ["font/ttf", "font/sfnt", "application/x-font-ttf"],
    sniff: (h) => at(h, 0, "\0\x01\0\0") || at(h, 0, "true"),
  },
  {
    type: "font/otf",
    extension: "otf",
    declared: ["font/otf", "application/x-font-otf"],
    sniff: (h) => at(h, 0, "OTTO"),
  },
  {
    type: "audio/mpeg",
    extension: "mp3",
    declared: ["audio/mpeg", "audio/mp3"],
    sniff: (h) => at(h, 0, "ID3") || (h.length > 1 && h[0] === 0xff && (h[1] & 0xe0) === 0xe0),
  },
  {
    type: "audio/wav",
    extension: "wav",
    declared: ["audio/wav", "audio/x-wav", "audio/wave"],
    sniff: (h) => at(h, 0, "RIFF") && at(h, 8, "WAVE"),
  },
  {
    type: "audio/ogg",
    extension: "ogg",
    declared: ["audio/ogg", "video/ogg", "application/ogg"],
    sniff: (h) => at(h, 0, "OggS"),
  },
  {
    type: "video/mp4",
    extension: "mp4",
    declared: ["video/mp4", "audio/mp4"],
    sniff: (h) => ftyp(h, ["isom", "iso2", "mp41", "mp42", "avc1", "M4A ", "M4V ", "dash"]),
  },
  {
    type: "video/webm",
    extension: "webm",
    declared: ["video/webm", "audio/webm"],
    sniff: (h) => at(h, 0, "\x1a\x45\xdf\xa3"),
  },
  {
    type: "text/plain",
    extension: "txt",
    declared: ["text/plain"],
    sniff: plainText,
  },
  {
    type: "text/csv",
    extension: "csv",
    declared: ["text/csv"],
    sniff: plainText,
  },
  {
    type: "text/markdown",
    extension: "md",
    declared: ["text/markdown", "text/x-markdown"],
    sniff: plainText,
  },
  {
    type: "application/json",
    extension: "json",
    declared: ["application/json"],
    sniff: (h) => plainText(h) && /^\s*[[{"]/.test(new TextDecoder().decode(h.subarray(0, 64))),
  },
];

/** Executable formats, refused before anything else is considered. */
function executable(head: Uint8Array): boolean {
  return at(head, 0, "MZ") || at(head, 0, "\x7fELF") || at(head, 0, "#!") ||
    at(head, 0, "\xca\xfe\xba\xbe") || at(head, 0, "\xfe\xed\xfa\xce") ||
    at(head, 0, "\xfe\xed\xfa\xcf") || at(head, 0, "\xce\xfa\xed\xfe") ||
    at(head, 0, "\xcf\xfa\xed\xfe") || at(head, 0, "\0asm");
}

/** The media type of a `Content-Type` header, without parameters, lowercased. */
export function mediaType(header: string | undefined): string | undefined {
  const type = header?.split(";")[0].trim().toLowerCase();
  return type === undefined || type === "" ? undefined : type;
}

/** The kinds a declared media type may be; none when it is not accepted. */
export function declaredKinds(type: string | undefined): AssetKind[] {
  if (type === undefined) return [];
  return assetKinds.filter((kind) => kind.declared.includes(type));
}

/**
 * The one kind `head` is among `candidates` (all accepted kinds when
 * omitted), or `undefined` when the bytes are markup, an executable, or
 * none of them.
 */
export function sniffKind(
  head: Uint8Array,
  candidates: readonly AssetKind[] = assetKinds,
): AssetKind | undefined {
  if (executable(head) || looksLikeMarkup(head)) return undefined;
  return candidates.find((kind) => kind.sniff(head));
}
