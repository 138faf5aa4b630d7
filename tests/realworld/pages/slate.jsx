/**
 * A review comment on Slate with its React bindings, as apps build their
 * editors on it: the draft saved earlier is in the editor, a toolbar
 * toggles bold on the selection through the editor's own marks (the
 * button keeps the editor's selection by taking no focus), and Post sends
 * what the editor's own value holds: its text, and whether that text is
 * bold (read from Slate's nodes, never from the DOM).
 * What the person did is told through `reportOutcome`, which `/report.js`
 * sets on the page.
 *
 * @module
 */
/** @jsxImportSource react */
import { useMemo, useState } from "react";
import { createRoot } from "react-dom/client";
import { createEditor, Editor, Node } from "slate";
import { Editable, Slate, useSlate, withReact } from "slate-react";

const saved = [
  { type: "paragraph", children: [{ text: "Needs another pass." }] },
  { type: "paragraph", children: [{ text: "See the notes inline." }] },
];

/** How much of the value's text is bold: "all", "some" or "none". */
function boldCoverage(value) {
  const texts = value.flatMap((node) => [...Node.texts(node)].map(([text]) => text))
    .filter((text) => text.text.trim() !== "");
  const bold = texts.filter((text) => text.bold === true);
  if (bold.length === 0) return "none";
  return bold.length === texts.length ? "all" : "some";
}

function BoldButton() {
  const editor = useSlate();
  const active = Editor.marks(editor)?.bold === true;
  return (
    <button
      type="button"
      aria-label="Bold"
      aria-pressed={active}
      // The editor keeps its selection: the button takes no focus from it.
      onMouseDown={(event) => {
        event.preventDefault();
        if (active) Editor.removeMark(editor, "bold");
        else Editor.addMark(editor, "bold", true);
      }}
    >
      <b>B</b>
    </button>
  );
}

function Leaf({ attributes, children, leaf }) {
  return <span {...attributes}>{leaf.bold ? <strong>{children}</strong> : children}</span>;
}

function Review() {
  const editor = useMemo(() => withReact(createEditor()), []);
  const [value, setValue] = useState(saved);
  const post = () => {
    const text = value.map((node) => Node.string(node)).join("\n").trim();
    if (text === "") {
      reportOutcome("Nothing to post");
      return;
    }
    const bold = boldCoverage(value);
    reportOutcome(`Posted: ${text}${{ all: " (bold)", some: " (partly bold)", none: "" }[bold]}`);
  };
  return (
    <>
      <Slate editor={editor} initialValue={saved} onChange={setValue}>
        <div className="review">
          <div className="toolbar" role="toolbar" aria-label="Formatting">
            <BoldButton />
          </div>
          <Editable
            className="body"
            aria-label="Comment"
            placeholder="Write a comment…"
            renderLeaf={Leaf}
          />
        </div>
      </Slate>
      <button type="button" className="post" onClick={post}>Post</button>
    </>
  );
}

createRoot(document.getElementById("review")).render(<Review />);
