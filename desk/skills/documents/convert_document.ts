/**
 * `convert_document_to_markdown`: a workspace document (docx, pdf, html,
 * txt, md) as Markdown. The file is read through the host's path rule and
 * size limit; a docx passes the zip pre-check; docx, pdf and html are then
 * converted in a worker that holds no permissions and is terminated at the
 * deadline. Markdown that would not fit the reply goes to a workspace file
 * beside the document, as does any output the caller names.
 *
 * @module
 */
import { readFile, stat } from "node:fs/promises";
import { basename, dirname, extname } from "node:path";
import { z } from "zod";
import { DeskFailure } from "../../../contracts/desk/codes.ts";
import { destination } from "../destination.ts";
import { safeFileName } from "../file_name.ts";
import { publishFile } from "../publish.ts";
import type { ResolveInside, SkillAction } from "../skill.ts";
import { checkZip, DEFAULT_ZIP_LIMITS, type ZipLimits } from "./zip_check.ts";
import { type WorkerAnswer, WorkerAnswerSchema, type WorkerRequest } from "./worker_protocol.ts";

/** The document limits the host may set. */
export interface DocumentLimits {
  readonly maxInputBytes: number;
  /** Markdown longer than this, in UTF-8 bytes, goes to a file instead of the reply. */
  readonly maxInlineBytes: number;
  readonly timeoutMs: number;
  readonly zip: ZipLimits;
}

/** The limits when the host sets none. */
export const DEFAULT_DOCUMENT_LIMITS: DocumentLimits = {
  maxInputBytes: 25 * 1024 * 1024,
  maxInlineBytes: 256 * 1024,
  timeoutMs: 30_000,
  zip: DEFAULT_ZIP_LIMITS,
};

/** What the action needs from the host. */
export interface DocumentsContext {
  readonly resolveInside: ResolveInside;
  /**
   * Whether the runtime lets a worker drop its permissions (Deno's
   * `--unstable-worker-options`). Asking for it where the runtime does not
   * allow it ends the process, so the host states it; without it the skill
   * refuses to convert rather than run the parsers with the host's rights.
   */
  readonly workerPermissions: boolean;
  readonly limits?: DocumentLimits;
}

/** The action's arguments. */
export const ConvertDocumentArgsSchema = z.strictObject({
  path: z.string().min(1).max(4096),
  /** A workspace file (or folder) for the Markdown. */
  output: z.string().min(1).max(4096).optional(),
});

/** The action's arguments, validated. */
export type ConvertDocumentArgs = z.infer<typeof ConvertDocumentArgsSchema>;

/** The Markdown in the reply, or the workspace file that holds it. */
export type ConvertDocumentResult =
  & { readonly format: DocumentFormat; readonly characters: number; readonly pages?: number }
  & ({ readonly markdown: string } | { readonly path: string });

/** The formats the action converts. */
export type DocumentFormat = "docx" | "pdf" | "html" | "txt" | "md";

const formatsByExtension: Readonly<Record<string, DocumentFormat>> = {
  docx: "docx",
  pdf: "pdf",
  html: "html",
  htm: "html",
  txt: "txt",
  text: "txt",
  md: "md",
  markdown: "md",
};

function formatOf(path: string): DocumentFormat {
  const extension = extname(path).slice(1).toLowerCase();
  if (!Object.hasOwn(formatsByExtension, extension)) {
    throw new DeskFailure("UNSUPPORTED_DOCUMENT_FORMAT");
  }
  return formatsByExtension[extension];
}

function startsWith(bytes: Uint8Array, text: string): boolean {
  return [...text].every((char, i) => bytes[i] === char.charCodeAt(0));
}

function failed(reason: string): DeskFailure {
  return new DeskFailure("DOCUMENT_CONVERSION_FAILED", { reason });
}

/** Runs one conversion in a worker without permissions, ended at the deadline. */
export function convertInWorker(
  request: WorkerRequest,
  options: { readonly timeoutMs: number; readonly workerPermissions: boolean },
): Promise<WorkerAnswer> {
  if (!options.workerPermissions) {
    return Promise.reject(new DeskFailure("SKILL_RUNTIME_UNAVAILABLE"));
  }
  let worker: Worker;
  try {
    worker = new Worker(new URL("./convert_worker.ts", import.meta.url), {
      type: "module",
      deno: { permissions: "none" },
    });
  } catch {
    return Promise.reject(failed("worker"));
  }
  return new Promise<WorkerAnswer>((resolve, reject) => {
    const timer = setTimeout(() => reject(failed("deadline")), options.timeoutMs);
    worker.onmessage = (event: MessageEvent<unknown>) => {
      clearTimeout(timer);
      const answer = WorkerAnswerSchema.safeParse(event.data);
      if (answer.success) resolve(answer.data);
      else reject(failed("answer"));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      clearTimeout(timer);
      reject(failed("worker"));
    };
    worker.postMessage(request, [request.bytes.buffer]);
  }).finally(() => worker.terminate());
}

async function markdownOf(
  format: DocumentFormat,
  bytes: Uint8Array<ArrayBuffer>,
  context: DocumentsContext,
  limits: DocumentLimits,
): Promise<{ markdown: string; pages?: number }> {
  if (format === "txt" || format === "md") {
    try {
      return { markdown: new TextDecoder("utf-8", { fatal: true }).decode(bytes) };
    } catch {
      throw failed("encoding");
    }
  }
  if (format === "docx") {
    if (!startsWith(bytes, "PK\x03\x04")) throw failed("signature");
    const problem = checkZip(bytes, limits.zip);
    if (problem !== undefined) throw failed(problem);
  }
  if (format === "pdf" && !startsWith(bytes, "%PDF-")) throw failed("signature");
  const answer = await convertInWorker({ format, bytes }, {
    timeoutMs: limits.timeoutMs,
    workerPermissions: context.workerPermissions,
  });
  if (answer.ok) return { markdown: answer.markdown, pages: answer.pages };
  if (answer.reason === "ocr") {
    throw new DeskFailure("DOCUMENT_OCR_REQUIRED", { pages: answer.ocrPages ?? [] });
  }
  throw failed(answer.reason);
}

/** Converts the document at `args.path` to Markdown. */
export async function convertDocument(
  args: ConvertDocumentArgs,
  context: DocumentsContext,
): Promise<ConvertDocumentResult> {
  const limits = context.limits ?? DEFAULT_DOCUMENT_LIMITS;
  const format = formatOf(args.path);
  const source = await context.resolveInside(args.path, { write: false });
  const info = await stat(source).catch(() => undefined);
  if (info === undefined || !info.isFile()) throw new DeskFailure("FILE_NOT_FOUND");
  if (info.size > limits.maxInputBytes) throw failed("size");
  const bytes = new Uint8Array(await readFile(source));
  if (bytes.length > limits.maxInputBytes) throw failed("size");

  const { markdown, pages } = await markdownOf(format, bytes, context, limits);
  const encoded = new TextEncoder().encode(markdown);
  const summary = {
    format,
    characters: markdown.length,
    ...(pages === undefined ? {} : { pages }),
  };
  if (args.output === undefined && encoded.length <= limits.maxInlineBytes) {
    return { ...summary, markdown };
  }
  // Named by the caller, or beside the document when it is too long for the reply.
  const folder = dirname(args.path);
  const place = await destination(
    args.output ?? `${folder}/`,
    safeFileName(basename(args.path), "md"),
    { extension: "md", resolveInside: context.resolveInside },
  );
  await publishFile(place.absolute, async (file) => {
    await file.write(encoded);
  });
  return { ...summary, path: place.relative };
}

/** The `convert_document_to_markdown` action. */
export const convertDocumentAction: SkillAction<
  typeof ConvertDocumentArgsSchema,
  DocumentsContext,
  ConvertDocumentResult
> = {
  action: "convert_document_to_markdown",
  schema: ConvertDocumentArgsSchema,
  run: convertDocument,
};
