/**
 * The converters themselves, each from a document's bytes to Markdown:
 * docx through mammoth's HTML into turndown, HTML through turndown with
 * everything that runs or embeds removed, and PDF by its text layer, page
 * by page with pdf.js (through unpdf), eval turned off. They run inside the
 * conversion worker, never in the host itself.
 *
 * @module
 */
import { Buffer } from "node:buffer";
// @ts-types="@types/turndown"
import TurndownService from "turndown";

/** HTML as Markdown; scripts, styles and embedded content are dropped, not converted. */
export function htmlToMarkdown(html: string): string {
  const service = new TurndownService({
    headingStyle: "atx",
    codeBlockStyle: "fenced",
    bulletListMarker: "-",
  });
  service.remove([
    "script",
    "style",
    "noscript",
    "iframe",
    "object",
    "embed",
    "template",
    "head",
    "title",
  ]);
  // An image becomes its alt text: data URIs and remote sources stay out of the text.
  service.addRule("image", {
    filter: "img",
    replacement: (_content, node) => {
      const alt = "getAttribute" in node ? node.getAttribute("alt") : null;
      return alt ? `[image: ${alt}]` : "";
    },
  });
  const markdown = service.turndown(html).trim();
  return markdown === "" ? "" : `${markdown}\n`;
}

/** A Word document as Markdown. */
export async function docxToMarkdown(bytes: Uint8Array): Promise<string> {
  // Loaded on use: a worker converting a PDF never evaluates mammoth.
  const { default: mammoth } = await import("mammoth");
  const { value } = await mammoth.convertToHtml(
    { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
    // Images are left out rather than inlined as data URIs.
    { convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: "" })) },
  );
  return htmlToMarkdown(value);
}

/** A PDF's text, or the pages that have images but no text (they need OCR). */
export type PdfText =
  | { readonly ok: true; readonly markdown: string; readonly pages: number }
  | { readonly ok: false; readonly ocrPages: readonly number[] };

/** A PDF's text layer as Markdown, one section per page. */
export async function pdfToMarkdown(bytes: Uint8Array): Promise<PdfText> {
  const { getDocumentProxy, getResolvedPDFJS } = await import("unpdf");
  const pdf = await getDocumentProxy(bytes, {
    disableFontFace: true,
    enableXfa: false,
    verbosity: 0,
  });
  const { OPS } = await getResolvedPDFJS();
  const imageOps = new Set<number>([
    OPS.paintImageXObject,
    OPS.paintInlineImageXObject,
    OPS.paintImageMaskXObject,
    OPS.paintImageXObjectRepeat,
  ]);
  const sections: string[] = [];
  const ocrPages: number[] = [];
  try {
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      let text = "";
      for (const item of (await page.getTextContent()).items) {
        if (!("str" in item)) continue;
        text += item.str + (item.hasEOL ? "\n" : "");
      }
      text = text.replace(/[ \t]+\n/g, "\n").trim();
      if (text === "") {
        const { fnArray } = await page.getOperatorList();
        if (fnArray.some((op) => imageOps.has(op))) ocrPages.push(number);
      }
      sections.push(`<!-- page ${number} -->\n\n${text}`);
      page.cleanup();
    }
  } finally {
    await pdf.loadingTask.destroy();
  }
  if (ocrPages.length > 0) return { ok: false, ocrPages };
  return { ok: true, markdown: `${sections.join("\n\n")}\n`, pages: pdf.numPages };
}
