/**
 * The conversion worker: started with no permissions at all (no file, net,
 * env or run access), it receives a document's bytes, converts them and
 * posts the Markdown back. A parser bug or a hostile document can do no
 * more than fail or run out its deadline, after which the host terminates
 * the worker.
 *
 * @module
 */
// First, so mammoth finds the accessor when it is evaluated.
import "./legacy_proto.ts";
import { docxToMarkdown, htmlToMarkdown, pdfToMarkdown } from "./to_markdown.ts";
import { type WorkerAnswer, WorkerRequestSchema } from "./worker_protocol.ts";

interface WorkerScope {
  onmessage: ((event: MessageEvent<unknown>) => void) | null;
  postMessage(message: WorkerAnswer): void;
}

// The module runs as a worker, whose global scope is the worker's.
const scope: WorkerScope = self as unknown as WorkerScope;

async function convert(message: unknown): Promise<WorkerAnswer> {
  const request = WorkerRequestSchema.safeParse(message);
  if (!request.success) return { ok: false, reason: "request" };
  const { format, bytes } = request.data;
  if (format === "pdf") {
    const text = await pdfToMarkdown(bytes);
    return text.ok
      ? { ok: true, markdown: text.markdown, pages: text.pages }
      : { ok: false, reason: "ocr", ocrPages: [...text.ocrPages] };
  }
  if (format === "docx") return { ok: true, markdown: await docxToMarkdown(bytes) };
  const html = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  return { ok: true, markdown: htmlToMarkdown(html) };
}

scope.onmessage = (event) => {
  convert(event.data).then(
    (answer) => scope.postMessage(answer),
    () => scope.postMessage({ ok: false, reason: "failed" }),
  );
};
