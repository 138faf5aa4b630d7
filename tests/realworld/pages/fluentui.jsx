/**
 * A support ticket in Fluent UI React v9, as Microsoft's web apps write
 * forms: a Dropdown (a button-like combobox opening a listbox of options
 * with check marks, in a portal), a Combobox whose options filter as the
 * person types, a Switch, and a Dialog asking to confirm before the ticket
 * is created. What the person did is told through `reportOutcome`, which
 * `/report.js` sets on the page.
 *
 * @module
 */
/** @jsxImportSource react */
import {
  Button,
  Combobox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Dropdown,
  Field,
  FluentProvider,
  Input,
  Option,
  Switch,
  webLightTheme,
} from "@fluentui/react-components";
import { useState } from "react";
import { createRoot } from "react-dom/client";

const priorities = ["Low", "Normal", "High", "Urgent"];
const people = [
  "Aaliyah Brooks",
  "Ben Carter",
  "Chen Wei",
  "Grace Kim",
  "Marta Nowak",
  "Mateo García",
  "Priya Sharma",
  "Zoe Campbell",
];

function TicketForm() {
  const [title, setTitle] = useState("");
  const [priority, setPriority] = useState("Normal");
  const [assignee, setAssignee] = useState(null);
  const [query, setQuery] = useState("");
  const [notify, setNotify] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const matching = people.filter((name) => name.toLowerCase().includes(query.toLowerCase()));
  return (
    <form
      style={{ display: "flex", flexDirection: "column", gap: "12px", maxWidth: "22rem" }}
      onSubmit={(event) => {
        event.preventDefault();
        setConfirming(true);
      }}
    >
      <Field label="Title">
        <Input value={title} onChange={(_, data) => setTitle(data.value)} />
      </Field>
      <Field label="Priority">
        <Dropdown
          value={priority}
          selectedOptions={[priority]}
          onOptionSelect={(_, data) => setPriority(data.optionValue ?? "Normal")}
        >
          {priorities.map((name) => <Option key={name} value={name}>{name}</Option>)}
        </Dropdown>
      </Field>
      <Field label="Assignee">
        <Combobox
          placeholder="Search people"
          value={query}
          selectedOptions={assignee === null ? [] : [assignee]}
          onChange={(event) => setQuery(event.target.value)}
          onOptionSelect={(_, data) => {
            setAssignee(data.optionValue ?? null);
            setQuery(data.optionText ?? "");
          }}
        >
          {matching.map((name) => <Option key={name} value={name}>{name}</Option>)}
        </Combobox>
      </Field>
      <Switch
        label="Notify watchers"
        checked={notify}
        onChange={(_, data) => setNotify(data.checked)}
      />
      <div>
        <Button appearance="primary" type="submit">Create ticket</Button>
      </div>
      <Dialog open={confirming} onOpenChange={(_, data) => setConfirming(data.open)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>Create this ticket?</DialogTitle>
            <DialogContent>The assignee and the watchers are told at once.</DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={() => setConfirming(false)}>
                Back
              </Button>
              <Button
                appearance="primary"
                onClick={() => {
                  setConfirming(false);
                  reportOutcome(
                    `Created: ${title}; priority=${priority}; assignee=${
                      assignee ?? "nobody"
                    }; notify=${notify ? "yes" : "no"}`,
                  );
                }}
              >
                Confirm
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </form>
  );
}

createRoot(document.getElementById("ticket")).render(
  <FluentProvider theme={webLightTheme}>
    <h1>New ticket</h1>
    <TicketForm />
  </FluentProvider>,
);
