import assert from "node:assert/strict";
import { type DocumentIdentity, documentOf, sameDocument } from "./document.ts";
import { isLeashError } from "./errors.ts";

const answer = (frame: Record<string, unknown>) => ({ frameTree: { frame } });

Deno.test("documentOf() reads the main frame's frame, loader and URL", () => {
  assert.deepEqual(
    documentOf(answer({ id: "F1", loaderId: "L1", url: "https://a.example/x" })),
    { frameId: "F1", loaderId: "L1", url: "https://a.example/x", urlFragment: "" },
  );
});

Deno.test("documentOf() keeps the fragment apart from the URL", () => {
  const document = documentOf(
    answer({ id: "F1", loaderId: "L1", url: "https://a.example/x", urlFragment: "#top" }),
  );
  assert.equal(document.url, "https://a.example/x");
  assert.equal(document.urlFragment, "#top");
});

Deno.test("documentOf() ignores the rest of the answer: child frames, security origins", () => {
  const tree = {
    frameTree: {
      frame: { id: "F1", loaderId: "L1", url: "about:blank", securityOrigin: "://" },
      childFrames: [{ frame: { id: "F2", loaderId: "L2", url: "https://b.example/" } }],
    },
  };
  assert.deepEqual(documentOf(tree), {
    frameId: "F1",
    loaderId: "L1",
    url: "about:blank",
    urlFragment: "",
  });
});

Deno.test("documentOf() is INTERNAL for an answer that names no document", () => {
  for (
    const malformed of [
      undefined,
      null,
      "frameTree",
      {},
      { frameTree: {} },
      answer({ loaderId: "L1", url: "https://a.example/" }),
      answer({ id: "F1", url: "https://a.example/" }),
      answer({ id: "F1", loaderId: "L1" }),
      answer({ id: "", loaderId: "L1", url: "https://a.example/" }),
      answer({ id: "F1", loaderId: "", url: "https://a.example/" }),
      answer({ id: 1, loaderId: "L1", url: "https://a.example/" }),
      answer({ id: "F1", loaderId: "L1", url: "https://a.example/", urlFragment: 7 }),
    ]
  ) {
    assert.throws(
      () => documentOf(malformed),
      (error) => isLeashError(error, "INTERNAL"),
      JSON.stringify(malformed),
    );
  }
});

Deno.test("sameDocument() compares frame and loader, not the URL", () => {
  const before: DocumentIdentity = {
    frameId: "F1",
    loaderId: "L1",
    url: "https://a.example/",
    urlFragment: "",
  };
  const moved: DocumentIdentity = { ...before, url: "https://a.example/b", urlFragment: "#c" };
  assert.equal(sameDocument(before, moved), true);
  assert.equal(sameDocument(before, { ...before, loaderId: "L2" }), false);
  assert.equal(sameDocument(before, { ...before, frameId: "F2" }), false);
});
