/**
 * A PDF builder for tests: pages with a text layer, pages with only an
 * image (what needs OCR), and blank pages.
 *
 * @module
 */
import { PDFDocument, StandardFonts } from "pdf-lib";
import { png } from "./png.ts";

/** A PDF whose pages are, in order, `text`, `image` or `blank`. */
export async function pdf(pages: readonly ("text" | "image" | "blank")[]): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const image = await document.embedPng(png(8, 8));
  for (const [i, kind] of pages.entries()) {
    const page = document.addPage([300, 300]);
    if (kind === "text") page.drawText(`Text on page ${i + 1}`, { x: 20, y: 250, font, size: 14 });
    if (kind === "image") page.drawImage(image, { x: 10, y: 10, width: 200, height: 200 });
  }
  return await document.save();
}
