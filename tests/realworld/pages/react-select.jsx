/**
 * An issue's assignee, picked with react-select: a searchable combobox whose
 * menu filters the team as the person types.
 * What the person did is told through `reportOutcome`, which `/report.js`
 * sets on the page.
 *
 * @module
 */
/** @jsxImportSource react */
import { createRoot } from "react-dom/client";
import Select from "react-select";

const team = [
  "Aisha Khan",
  "Ben Carter",
  "Bruno Costa",
  "Chloé Martin",
  "Daniel Park",
  "Elena Petrova",
  "Fatima Zahra",
  "Felix Wagner",
  "Grace Liu",
  "Hannah Schmidt",
  "Ivan Horvat",
  "Jonas Berg",
  "Kenji Sato",
  "Laura Rossi",
  "Liam O'Brien",
  "Mariana Silva",
  "Marta Nowak",
  "Mateo García",
  "Nina Jensen",
  "Noah Williams",
  "Olivia Brown",
  "Omar Haddad",
  "Priya Sharma",
  "Rafael Souza",
  "Sara Lindqvist",
  "Tomás Novak",
  "Uma Patel",
  "Victor Dubois",
  "Yara Haddad",
  "Zoe Müller",
];

const people = team.map((name) => ({ value: name, label: name }));

function AssigneeField() {
  return (
    <>
      <label htmlFor="assignee">Assignee</label>
      <Select
        inputId="assignee"
        options={people}
        placeholder="Unassigned"
        onChange={(person) => {
          if (person !== null) reportOutcome(`Assigned: ${person.label}`);
        }}
      />
    </>
  );
}

createRoot(document.getElementById("assignee-field")).render(<AssigneeField />);
