import assert from "node:assert/strict";
import { docx, zip } from "../testing/zip.ts";
import { checkZip } from "./zip_check.ts";

Deno.test("checkZip passes a real document archive", () => {
  assert.equal(checkZip(docx("<w:p><w:r><w:t>Hello</w:t></w:r></w:p>")), undefined);
});

Deno.test("checkZip refuses a zip bomb, honest or lying about its size", () => {
  const zeros = new Uint8Array(80 * 1024 * 1024);
  // Declares its real 80 MB: over the total budget before anything is inflated.
  assert.equal(checkZip(zip([{ name: "word/document.xml", data: zeros }])), "too-large");
  // 20 MB of zeros declared honestly, within the budget: the ratio gives it away.
  assert.equal(
    checkZip(zip([{ name: "a.xml", data: zeros.subarray(0, 20 * 1024 * 1024) }])),
    "ratio",
  );
  // Declares 1 KB and inflates to 80 MB: caught at the declared size.
  assert.equal(
    checkZip(zip([{ name: "word/document.xml", data: zeros, declaredSize: 1024 }])),
    "size-mismatch",
  );
});

Deno.test("checkZip refuses too many entries, garbage and cut archives", () => {
  const many = Array.from({ length: 30 }, (_, i) => ({ name: `f${i}.xml`, data: "x" }));
  assert.equal(
    checkZip(zip(many), { maxEntries: 20, maxTotalBytes: 1e6, maxRatio: 200 }),
    "too-many-entries",
  );
  assert.equal(
    checkZip(new TextEncoder().encode("not a zip at all, just some text here")),
    "not-a-zip",
  );
  const whole = docx("<w:p/>");
  const cut = new Uint8Array([...whole.subarray(0, 40), ...whole.subarray(whole.length - 200)]);
  assert.equal(checkZip(cut), "corrupt");
});
