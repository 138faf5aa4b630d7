/**
 * An inbox whose Archive buttons answer with a Sonner toast that offers to
 * undo for four seconds, then goes: an action's only way back is a button
 * that exists for a moment, in a notifications region apart from the page.
 * What the person did is told through `reportOutcome`, which `/report.js`
 * sets on the page.
 *
 * @module
 */
/** @jsxImportSource react */
import { toast, Toaster } from "sonner";
import { useState } from "react";
import { createRoot } from "react-dom/client";

const messages = ["Quarterly numbers", "Lunch on Friday", "Design review notes", "Travel policy"];

function Inbox() {
  const [inbox, setInbox] = useState(messages);
  const [archived, setArchived] = useState([]);
  const [restored, setRestored] = useState([]);
  const archive = (subject) => {
    setInbox((now) => now.filter((one) => one !== subject));
    setArchived((now) => [...now, subject]);
    toast("Message archived", {
      description: subject,
      duration: 4000,
      action: {
        label: "Undo",
        onClick: () => {
          setInbox((now) => messages.filter((one) => now.includes(one) || one === subject));
          setArchived((now) => now.filter((one) => one !== subject));
          setRestored((now) => [...now, subject]);
        },
      },
    });
  };
  return (
    <main style={{ fontFamily: "system-ui, sans-serif", padding: "1.5rem", maxWidth: "32rem" }}>
      <h1>Inbox</h1>
      <ul>
        {inbox.map((subject) => (
          <li key={subject} style={{ display: "flex", gap: "1rem", padding: "0.25rem 0" }}>
            <span style={{ flex: 1 }}>{subject}</span>
            <button
              type="button"
              aria-label={`Archive ${subject}`}
              onClick={() =>
                archive(subject)}
            >
              Archive
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={() =>
          reportOutcome(`Archived: ${archived.join(", ")}; restored: ${restored.join(", ")}`)}
      >
        Done
      </button>
      <Toaster />
    </main>
  );
}

createRoot(document.getElementById("inbox")).render(<Inbox />);
