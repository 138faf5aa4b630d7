/**
 * A composer for a team update on tiptap 3 (ProseMirror), mounted by a
 * React component as apps do: the draft saved earlier is in the editor, a
 * toolbar formats the selection through the editor's commands (each button
 * pressed while its mark is active), and Post sends what the editor's own
 * document holds: its text, and whether that text is bold (read from the
 * editor's JSON, never from the DOM).
 * What the person did is told through `reportOutcome`, which `/report.js`
 * sets on the page.
 *
 * @module
 */
/** @jsxImportSource react */
import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { createRoot } from "react-dom/client";

/** Every text node of a tiptap JSON document, in order. */
function textNodes(node) {
  if (node.type === "text") return [node];
  return (node.content ?? []).flatMap(textNodes);
}

/** How much of the document's text carries `mark`: "all", "some" or "none". */
function markCoverage(doc, mark) {
  const texts = textNodes(doc).filter((node) => node.text.trim() !== "");
  const marked = texts.filter((node) => (node.marks ?? []).some(({ type }) => type === mark));
  if (marked.length === 0) return "none";
  return marked.length === texts.length ? "all" : "some";
}

function Composer() {
  const editor = useEditor({
    extensions: [StarterKit],
    content: "<p>Release is on track.</p><p>Details to follow.</p>",
    editorProps: {
      // tiptap leaves naming its editor to the page, as accessible apps do.
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-label": "Update",
        class: "body",
      },
    },
  });
  const active = useEditorState({
    editor,
    selector: ({ editor }) => ({
      bold: editor.isActive("bold"),
      italic: editor.isActive("italic"),
    }),
  });
  const post = () => {
    const text = editor.getText();
    if (editor.isEmpty || text.trim() === "") {
      reportOutcome("Nothing to post");
      return;
    }
    const bold = markCoverage(editor.getJSON(), "bold");
    reportOutcome(`Posted: ${text}${{ all: " (bold)", some: " (partly bold)", none: "" }[bold]}`);
  };
  return (
    <>
      <div className="composer">
        <div className="toolbar" role="toolbar" aria-label="Formatting">
          <button
            type="button"
            aria-label="Bold"
            aria-pressed={active.bold}
            onClick={() => editor.chain().focus().toggleBold().run()}
          >
            <b>B</b>
          </button>
          <button
            type="button"
            aria-label="Italic"
            aria-pressed={active.italic}
            onClick={() => editor.chain().focus().toggleItalic().run()}
          >
            <i>I</i>
          </button>
        </div>
        <EditorContent editor={editor} />
      </div>
      <button type="button" className="post" onClick={post}>Post</button>
    </>
  );
}

createRoot(document.getElementById("composer")).render(<Composer />);
