/**
 * Assigning a support ticket with Ant Design as an app writes it: a Form
 * whose items label their fields (`Form.Item` with `label` and `name` ties
 * each label to its field's id), a searchable Select over the team, whose
 * options open in a portal and scroll in a virtual list, filtered by the
 * person's name as they type, and a note; Assign submits the form.
 * What the person did is told through `reportOutcome`, which `/report.js`
 * sets on the page.
 *
 * @module
 */
/** @jsxImportSource react */
import { Button, Form, Input, Select, Typography } from "antd";
import { createRoot } from "react-dom/client";

const team = [
  "Aaliyah Brooks",
  "Ahmed Karimi",
  "Alejandro Ruiz",
  "Amara Okafor",
  "Anna Lindqvist",
  "Ben Carter",
  "Camille Dubois",
  "Chen Wei",
  "Daniel Kowalski",
  "Diego Fernández",
  "Elena Petrova",
  "Emma Schultz",
  "Fatima Haddad",
  "Finn O'Connor",
  "Grace Kim",
  "Hannah Becker",
  "Hiroshi Tanaka",
  "Ines Moreau",
  "Ivan Horvat",
  "Jonas Berg",
  "Julia Rossi",
  "Kofi Mensah",
  "Lara Novak",
  "Leila Amini",
  "Lucas Silva",
  "Maria Jansen",
  "Marta Nowak",
  "Mateo García",
  "Mia Andersen",
  "Nadia Rahman",
  "Noah Fischer",
  "Olivia Martin",
  "Omar Farouk",
  "Priya Sharma",
  "Rafael Costa",
  "Sara Nilsson",
  "Sofia Esposito",
  "Tomás Herrera",
  "Yuki Sato",
  "Zoe Campbell",
];
// The field keeps a person's id, as the team's records do; the label is their name.
const people = team.map((name, index) => ({ value: `u${101 + index}`, label: name }));

function AssignTicket() {
  return (
    <>
      <Typography.Title level={3}>Printer on floor 3 is offline</Typography.Title>
      <Form
        name="assign"
        layout="vertical"
        style={{ maxWidth: 360 }}
        onFinish={({ assignee, note }) => {
          const name = people.find((person) => person.value === assignee)?.label ?? "nobody";
          reportOutcome(`Assigned to ${name}: ${note}`);
        }}
      >
        <Form.Item
          label="Assignee"
          name="assignee"
          rules={[{ required: true, message: "Choose who handles this ticket" }]}
        >
          <Select
            showSearch={{ optionFilterProp: "label" }}
            placeholder="Search the team"
            options={people}
          />
        </Form.Item>
        <Form.Item label="Note to assignee" name="note" initialValue="">
          <Input />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit">Assign</Button>
        </Form.Item>
      </Form>
    </>
  );
}

createRoot(document.getElementById("ticket")).render(<AssignTicket />);
