/**
 * Starting a project with Mantine as an app writes it: a "New project"
 * button opens a Modal (in a portal, with focus trapped inside) holding a
 * form of Mantine inputs: a TextInput, a searchable Select over the team
 * that filters its options as the person types, a MultiSelect of tags, a
 * Switch, and Create, which reports what was chosen. The page sits in a
 * MantineProvider, as Mantine requires; its stylesheet is loaded by the HTML.
 * What the person did is told through `reportOutcome`, which `/report.js`
 * sets on the page.
 *
 * @module
 */
/** @jsxImportSource react */
import {
  Button,
  Group,
  MantineProvider,
  Modal,
  MultiSelect,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useState } from "react";
import { createRoot } from "react-dom/client";

const team = [
  "Aaliyah Brooks",
  "Ben Carter",
  "Camille Dubois",
  "Chen Wei",
  "Daniel Kowalski",
  "Elena Petrova",
  "Grace Kim",
  "Hiroshi Tanaka",
  "Julia Rossi",
  "Marta Nowak",
  "Mateo García",
  "Priya Sharma",
  "Sara Nilsson",
  "Zoe Campbell",
];
const tags = ["api", "design", "infra", "mobile", "research", "web"];
const projects = [
  { name: "Hermes", owner: "Chen Wei", tags: "api" },
  { name: "Gemini", owner: "Grace Kim", tags: "mobile, design" },
];

function NewProject({ onClose }) {
  const [name, setName] = useState("");
  const [owner, setOwner] = useState(null);
  const [chosen, setChosen] = useState([]);
  const [isPrivate, setPrivate] = useState(false);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        reportOutcome(
          `Created: ${name}; owner=${owner ?? "nobody"}; tags=${chosen.join(",")}; private=${
            isPrivate ? "yes" : "no"
          }`,
        );
        onClose();
      }}
    >
      <Stack>
        <TextInput
          label="Project name"
          placeholder="e.g. Apollo"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Select
          label="Owner"
          placeholder="Search the team"
          data={team}
          searchable
          value={owner}
          onChange={setOwner}
        />
        <MultiSelect
          label="Tags"
          placeholder="Pick tags"
          data={tags}
          value={chosen}
          onChange={setChosen}
        />
        <Switch
          label="Private"
          checked={isPrivate}
          onChange={(event) => setPrivate(event.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button type="submit">Create</Button>
        </Group>
      </Stack>
    </form>
  );
}

function Projects() {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <Stack p="md" maw={640}>
      <Group justify="space-between">
        <Title order={2}>Projects</Title>
        <Button onClick={open}>New project</Button>
      </Group>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Owner</Table.Th>
            <Table.Th>Tags</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {projects.map((project) => (
            <Table.Tr key={project.name}>
              <Table.Td>{project.name}</Table.Td>
              <Table.Td>{project.owner}</Table.Td>
              <Table.Td>{project.tags}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" c="dimmed">Projects are visible to the whole workspace unless private.</Text>
      {/* Mantine's close button has only an icon: its docs name it with `aria-label`. */}
      <Modal
        opened={opened}
        onClose={close}
        title="New project"
        closeButtonProps={{ "aria-label": "Close" }}
      >
        <NewProject onClose={close} />
      </Modal>
    </Stack>
  );
}

createRoot(document.getElementById("projects")).render(
  <MantineProvider>
    <Projects />
  </MantineProvider>,
);
