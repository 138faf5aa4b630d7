import assert from "node:assert/strict";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pdf } from "../testing/pdf.ts";
import { deskFailure } from "../testing/failure.ts";
import { type TestWorkspace, testWorkspace } from "../testing/workspace.ts";
import { docx, zip } from "../testing/zip.ts";
import {
  convertDocument,
  ConvertDocumentArgsSchema,
  DEFAULT_DOCUMENT_LIMITS,
  type DocumentsContext,
} from "./convert_document.ts";

function context(ws: TestWorkspace, limits = DEFAULT_DOCUMENT_LIMITS): DocumentsContext {
  return { resolveInside: ws.resolveInside, workerPermissions: true, limits };
}

/** A PDF whose pages are text, an image only, or blank, in the order given. */
Deno.test("a docx built at test time converts to Markdown", async () => {
  await using ws = await testWorkspace();
  await writeFile(
    join(ws.root, "report.docx"),
    docx(
      "<w:p><w:r><w:t>Quarterly report</w:t></w:r></w:p>" +
        '<w:p><w:r><w:t xml:space="preserve">Revenue grew </w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t>12%</w:t></w:r></w:p>' +
        "<w:p><w:r><w:t>&lt;script&gt;alert(1)&lt;/script&gt;</w:t></w:r></w:p>",
    ),
  );
  const result = await convertDocument({ path: "report.docx" }, context(ws));
  assert.ok("markdown" in result);
  assert.equal(result.format, "docx");
  assert.match(result.markdown, /Quarterly report/);
  assert.match(result.markdown, /Revenue grew \*\*12%\*\*/);
  // Text that looks like markup stays text.
  assert.match(result.markdown, /<script>alert\(1\)<\/script>|\\<script\\>/);
});

Deno.test("a text PDF converts page by page", async () => {
  await using ws = await testWorkspace();
  await writeFile(join(ws.root, "paper.pdf"), await pdf(["text", "text", "blank"]));
  const result = await convertDocument({ path: "paper.pdf" }, context(ws));
  assert.ok("markdown" in result);
  assert.equal(result.pages, 3);
  assert.match(result.markdown, /<!-- page 1 -->\s+Text on page 1/);
  assert.match(result.markdown, /<!-- page 2 -->\s+Text on page 2/);
});

Deno.test("a PDF with image-only pages needs OCR, and the failure names those pages", async () => {
  await using ws = await testWorkspace();
  await writeFile(join(ws.root, "scan.pdf"), await pdf(["text", "image", "blank", "image"]));
  const error = await deskFailure(convertDocument({ path: "scan.pdf" }, context(ws)));
  assert.equal(error.code, "DOCUMENT_OCR_REQUIRED");
  assert.deepEqual(error.detail?.pages, [2, 4]);
});

Deno.test("a zip bomb dressed as a docx is refused before any parser sees it", async () => {
  await using ws = await testWorkspace();
  const zeros = new Uint8Array(8 * 1024 * 1024);
  await writeFile(
    join(ws.root, "bomb.docx"),
    zip([{ name: "word/document.xml", data: zeros, declaredSize: 100 }]),
  );
  const error = await deskFailure(convertDocument({ path: "bomb.docx" }, context(ws)));
  assert.equal(error.code, "DOCUMENT_CONVERSION_FAILED");
  assert.equal(error.detail?.reason, "size-mismatch");
});

Deno.test("HTML converts without its scripts, styles or embedded content", async () => {
  await using ws = await testWorkspace();
  await writeFile(
    join(ws.root, "page.html"),
    "<html><head><title>T</title><style>p{}</style></head><body><h1>Title</h1>" +
      "<script>steal()</script><p>Some <em>text</em> and <a href='https://a.test/'>a link</a>.</p>" +
      "<iframe src='https://evil.test/'></iframe><img src='data:image/png;base64,AAAA' alt='chart'></body></html>",
  );
  const result = await convertDocument({ path: "page.html" }, context(ws));
  assert.ok("markdown" in result);
  assert.equal(
    result.markdown,
    "# Title\n\nSome _text_ and [a link](https://a.test/).\n\n[image: chart]\n",
  );
});

Deno.test("txt and md pass through; other formats are unsupported", async () => {
  await using ws = await testWorkspace();
  await writeFile(join(ws.root, "notes.txt"), "line one\nline two\n");
  await writeFile(join(ws.root, "readme.md"), "# Readme\n");
  const text = await convertDocument({ path: "notes.txt" }, context(ws));
  assert.deepEqual(text, { format: "txt", characters: 18, markdown: "line one\nline two\n" });
  const md = await convertDocument({ path: "readme.md" }, context(ws));
  assert.ok("markdown" in md && md.markdown === "# Readme\n");
  for (const path of ["old.doc", "sheet.xlsx", "slides.odp", "tool.exe", "noext"]) {
    await writeFile(join(ws.root, path), "x");
    const error = await deskFailure(convertDocument({ path }, context(ws)));
    assert.equal(error.code, "UNSUPPORTED_DOCUMENT_FORMAT", path);
  }
  const missing = await deskFailure(convertDocument({ path: "gone.pdf" }, context(ws)));
  assert.equal(missing.code, "FILE_NOT_FOUND");
});

Deno.test("a document over the size limit, a false signature or a corrupt body fails to convert", async () => {
  await using ws = await testWorkspace();
  await writeFile(join(ws.root, "big.txt"), "x".repeat(2000));
  await writeFile(join(ws.root, "fake.pdf"), "<html>not a pdf</html>");
  await writeFile(join(ws.root, "fake.docx"), "%PDF-1.4 not a docx");
  await writeFile(join(ws.root, "broken.pdf"), "%PDF-1.7\n1 0 obj << /Type /Catalog >> garbage");
  await writeFile(join(ws.root, "latin1.txt"), new Uint8Array([0x63, 0x61, 0x66, 0xe9]));
  const small = { ...DEFAULT_DOCUMENT_LIMITS, maxInputBytes: 1000 };
  const big = await deskFailure(convertDocument({ path: "big.txt" }, context(ws, small)));
  assert.equal(big.code, "DOCUMENT_CONVERSION_FAILED");
  for (const path of ["fake.pdf", "fake.docx", "broken.pdf", "latin1.txt"]) {
    const error = await deskFailure(convertDocument({ path }, context(ws)));
    assert.equal(error.code, "DOCUMENT_CONVERSION_FAILED", path);
  }
});

Deno.test("a conversion past its deadline is stopped and fails", async () => {
  await using ws = await testWorkspace();
  await writeFile(join(ws.root, "paper.pdf"), await pdf(["text"]));
  const hurried = { ...DEFAULT_DOCUMENT_LIMITS, timeoutMs: 1 };
  const error = await deskFailure(convertDocument({ path: "paper.pdf" }, context(ws, hurried)));
  assert.equal(error.code, "DOCUMENT_CONVERSION_FAILED");
  assert.equal(error.detail?.reason, "deadline");
});

Deno.test("without worker permissions the skill refuses rather than convert with the host's rights", async () => {
  await using ws = await testWorkspace();
  await writeFile(join(ws.root, "paper.pdf"), await pdf(["text"]));
  const error = await deskFailure(
    convertDocument({ path: "paper.pdf" }, { ...context(ws), workerPermissions: false }),
  );
  assert.equal(error.code, "SKILL_RUNTIME_UNAVAILABLE");
});

Deno.test("Markdown goes to a named output, or beside the document when too long for the reply", async () => {
  await using ws = await testWorkspace();
  await writeFile(join(ws.root, "notes.txt"), "a".repeat(5000));
  const named = await convertDocument({ path: "notes.txt", output: "out.md" }, context(ws));
  assert.deepEqual(named, { format: "txt", characters: 5000, path: "out.md" });
  assert.equal(await readFile(join(ws.root, "out.md"), "utf8"), "a".repeat(5000));
  const taken = await deskFailure(
    convertDocument({ path: "notes.txt", output: "out.md" }, context(ws)),
  );
  assert.equal(taken.code, "FILE_ALREADY_EXISTS");
  const tight = { ...DEFAULT_DOCUMENT_LIMITS, maxInlineBytes: 1000 };
  const long = await convertDocument({ path: "notes.txt" }, context(ws, tight));
  assert.deepEqual(long, { format: "txt", characters: 5000, path: "notes.md" });
  assert.deepEqual((await readdir(ws.root)).sort(), ["notes.md", "notes.txt", "out.md"]);
});

Deno.test("convert_document_to_markdown's schema refuses unknown and ill-typed fields", () => {
  assert.ok(ConvertDocumentArgsSchema.safeParse({ path: "a.pdf" }).success);
  for (
    const bad of [{ path: "a.pdf", ocr: true }, { path: 1 }, {}, { path: "a.pdf", output: "" }]
  ) {
    assert.equal(ConvertDocumentArgsSchema.safeParse(bad).success, false, JSON.stringify(bad));
  }
});
