/**
 * A scratchpad with a CodeMirror 6 editor, mounted by a React component as
 * apps do: a contenteditable whose input CodeMirror reads into a document
 * of its own, and a Run button that runs what that document holds, to the
 * last line break (read from the editor's state, never from the DOM).
 * What the person did is told through `reportOutcome`, which `/report.js`
 * sets on the page.
 *
 * @module
 */
/** @jsxImportSource react */
import { javascript } from "@codemirror/lang-javascript";
import { basicSetup, EditorView } from "codemirror";
import { useEffect, useRef } from "react";
import { createRoot } from "react-dom/client";

function Scratchpad() {
  const parent = useRef(null);
  const view = useRef(null);
  useEffect(() => {
    view.current = new EditorView({
      doc: "// Return the answer\nreturn 0;",
      extensions: [
        basicSetup,
        javascript(),
        // CodeMirror leaves naming its editor to the page, as accessible apps do.
        EditorView.contentAttributes.of({ "aria-label": "Code" }),
      ],
      parent: parent.current,
    });
    return () => view.current.destroy();
  }, []);
  return (
    <>
      <div ref={parent} className="editor" />
      <button
        type="button"
        onClick={() => {
          const code = view.current.state.doc.toString();
          reportOutcome(code.trim() === "" ? "Nothing to run" : `Ran: ${code}`);
        }}
      >
        Run
      </button>
    </>
  );
}

createRoot(document.getElementById("scratchpad")).render(<Scratchpad />);
