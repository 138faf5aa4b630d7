/**
 * A note on Lexical, mounted with its React bindings as apps do: a
 * `LexicalComposer` whose rich-text editor holds the note saved earlier,
 * with undo history, and a Save button that saves what the editor's own
 * state holds (its text content, read from the editor state, never from
 * the DOM).
 * What the person did is told through `reportOutcome`, which `/report.js`
 * sets on the page.
 *
 * @module
 */
/** @jsxImportSource react */
import { LexicalComposer } from "@lexical/react/LexicalComposer";
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { ContentEditable } from "@lexical/react/LexicalContentEditable";
import { LexicalErrorBoundary } from "@lexical/react/LexicalErrorBoundary";
import { HistoryPlugin } from "@lexical/react/LexicalHistoryPlugin";
import { RichTextPlugin } from "@lexical/react/LexicalRichTextPlugin";
import { $createParagraphNode, $createTextNode, $getRoot } from "lexical";
import { createRoot } from "react-dom/client";

/** The note as it was saved last time: two paragraphs. */
function savedNote() {
  for (const line of ["Agenda: budget review", "Owner: Sam"]) {
    $getRoot().append($createParagraphNode().append($createTextNode(line)));
  }
}

const config = {
  namespace: "MeetingNotes",
  editorState: savedNote,
  theme: { paragraph: "note-paragraph", text: { bold: "note-bold" } },
  onError(error) {
    throw error;
  },
};

function SaveButton() {
  const [editor] = useLexicalComposerContext();
  const save = () => {
    const text = editor.getEditorState().read(() => $getRoot().getTextContent());
    reportOutcome(text.trim() === "" ? "Nothing to save" : `Saved: ${text}`);
  };
  return <button type="button" className="save" onClick={save}>Save</button>;
}

function Notes() {
  return (
    <LexicalComposer initialConfig={config}>
      <div className="note">
        <RichTextPlugin
          contentEditable={
            <ContentEditable
              className="note-input"
              aria-label="Note"
              aria-multiline="true"
              aria-placeholder="Write your notes…"
              placeholder={<div className="note-placeholder">Write your notes…</div>}
            />
          }
          ErrorBoundary={LexicalErrorBoundary}
        />
        <HistoryPlugin />
      </div>
      <SaveButton />
    </LexicalComposer>
  );
}

createRoot(document.getElementById("notes")).render(<Notes />);
