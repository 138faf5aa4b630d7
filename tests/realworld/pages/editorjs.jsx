/**
 * Release notes on Editor.js, the block editor: each paragraph is a block
 * of its own (a `contenteditable` element the editor keeps its own data
 * for), and Save reports what `editor.save()` returns, block by block,
 * never the DOM.
 * What the person did is told through `reportOutcome`, which `/report.js`
 * sets on the page.
 *
 * @module
 */
import EditorJS from "@editorjs/editorjs";

const editor = new EditorJS({
  holder: "notes",
  placeholder: "Write the release notes…",
  data: {
    blocks: [
      { type: "paragraph", data: { text: "Summary goes here." } },
      { type: "paragraph", data: { text: "Fixed the login timeout." } },
    ],
  },
});

document.getElementById("save").addEventListener("click", async () => {
  const { blocks } = await editor.save();
  const texts = blocks.map((block) => block.data.text.replace(/<[^>]*>/g, "").trim());
  reportOutcome(`Saved: ${texts.filter((text) => text !== "").join(" | ")}`);
});
