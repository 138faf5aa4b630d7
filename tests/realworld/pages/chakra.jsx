/**
 * A team's members screen written with Chakra UI v3 as its docs compose it:
 * an "Invite member" button opens a Dialog (in a portal, focus trapped)
 * holding an email Field, a role Select (the composable `Select.Root` over a
 * `createListCollection`, its content portalled into the dialog as the docs'
 * "within a dialog" example does) and a Switch; Send invite adds the person
 * to the table as pending. Each row has an icon-only Menu ("Actions for
 * <name>") whose Remove takes the member out, after which the page reports
 * the team as it now stands. Everything sits in `ChakraProvider` with the
 * default system; Chakra's styles come from Emotion at run time. What the
 * person did is told through `reportOutcome`, which `/report.js` sets on
 * the page.
 *
 * @module
 */
/** @jsxImportSource react */
import {
  Badge,
  Box,
  Button,
  ChakraProvider,
  CloseButton,
  createListCollection,
  defaultSystem,
  Dialog,
  Field,
  Heading,
  HStack,
  IconButton,
  Input,
  Menu,
  Portal,
  Select,
  Stack,
  Switch,
  Table,
  Text,
} from "@chakra-ui/react";
import { useRef, useState } from "react";
import { createRoot } from "react-dom/client";

const roles = createListCollection({
  items: [
    { label: "Owner", value: "owner" },
    { label: "Admin", value: "admin" },
    { label: "Editor", value: "editor" },
    { label: "Viewer", value: "viewer" },
  ],
});

const labelOf = (role) => roles.items.find((item) => item.value === role)?.label ?? role;

const initialMembers = [
  { name: "Ana Silva", email: "ana.silva@example.com", role: "owner", billing: true },
  { name: "Ben Okafor", email: "ben.okafor@example.com", role: "editor", billing: false },
  { name: "Chloé Martin", email: "chloe.martin@example.com", role: "viewer", billing: false },
];

function Dots() {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" fill="currentColor" aria-hidden="true">
      <circle cx="12" cy="5" r="2" />
      <circle cx="12" cy="12" r="2" />
      <circle cx="12" cy="19" r="2" />
    </svg>
  );
}

function InviteDialog({ onInvite }) {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState("");
  const [role, setRole] = useState([]);
  const [billing, setBilling] = useState(false);
  const contentRef = useRef(null);
  return (
    <Dialog.Root open={open} onOpenChange={(details) => setOpen(details.open)}>
      <Dialog.Trigger asChild>
        <Button colorPalette="blue">Invite member</Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content ref={contentRef}>
            <form
              onSubmit={(event) => {
                event.preventDefault();
                onInvite({ email, role: role[0] ?? "viewer", billing });
                setEmail("");
                setRole([]);
                setBilling(false);
                setOpen(false);
              }}
            >
              <Dialog.Header>
                <Dialog.Title>Invite a team member</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Field.Root required>
                    <Field.Label>
                      Email <Field.RequiredIndicator />
                    </Field.Label>
                    <Input
                      type="email"
                      placeholder="name@company.com"
                      value={email}
                      onChange={(event) => setEmail(event.target.value)}
                    />
                  </Field.Root>
                  <Select.Root
                    collection={roles}
                    value={role}
                    onValueChange={(details) => setRole(details.value)}
                  >
                    <Select.HiddenSelect />
                    <Select.Label>Role</Select.Label>
                    <Select.Control>
                      <Select.Trigger>
                        <Select.ValueText placeholder="Select a role" />
                      </Select.Trigger>
                      <Select.IndicatorGroup>
                        <Select.Indicator />
                      </Select.IndicatorGroup>
                    </Select.Control>
                    <Portal container={contentRef}>
                      <Select.Positioner>
                        <Select.Content>
                          {roles.items.map((item) => (
                            <Select.Item item={item} key={item.value}>
                              {item.label}
                              <Select.ItemIndicator />
                            </Select.Item>
                          ))}
                        </Select.Content>
                      </Select.Positioner>
                    </Portal>
                  </Select.Root>
                  <Switch.Root
                    checked={billing}
                    onCheckedChange={(details) => setBilling(details.checked)}
                  >
                    <Switch.HiddenInput />
                    <Switch.Control />
                    <Switch.Label>Can manage billing</Switch.Label>
                  </Switch.Root>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline">Cancel</Button>
                </Dialog.ActionTrigger>
                <Button type="submit" colorPalette="blue">Send invite</Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function MemberActions({ member, onRemove }) {
  return (
    <Menu.Root
      onSelect={(details) => {
        if (details.value === "remove") onRemove(member);
      }}
    >
      <Menu.Trigger asChild>
        <IconButton variant="ghost" size="sm" aria-label={`Actions for ${member.name}`}>
          <Dots />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="role">Change role</Menu.Item>
            <Menu.Item value="resend" disabled={!member.pending}>Resend invitation</Menu.Item>
            <Menu.Item
              value="remove"
              color="fg.error"
              _hover={{ bg: "bg.error", color: "fg.error" }}
            >
              Remove
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

function describe(member) {
  const extras = [labelOf(member.role)];
  if (member.billing) extras.push("billing");
  if (member.pending) extras.push("pending");
  return `${member.name} (${extras.join(", ")})`;
}

function Team() {
  const [members, setMembers] = useState(initialMembers);
  return (
    <Box p="6" maxW="3xl">
      <HStack justify="space-between" mb="4">
        <Stack gap="1">
          <Heading size="xl">Team members</Heading>
          <Text color="fg.muted" textStyle="sm">
            Manage who has access to the Northwind workspace.
          </Text>
        </Stack>
        <InviteDialog
          onInvite={({ email, role, billing }) =>
            setMembers((list) => [...list, { name: email, email, role, billing, pending: true }])}
        />
      </HStack>
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Name</Table.ColumnHeader>
            <Table.ColumnHeader>Email</Table.ColumnHeader>
            <Table.ColumnHeader>Role</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">
              <Box as="span" srOnly>Actions</Box>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {members.map((member) => (
            <Table.Row key={member.email}>
              <Table.Cell>{member.name}</Table.Cell>
              <Table.Cell>{member.email}</Table.Cell>
              <Table.Cell>
                <HStack>
                  {labelOf(member.role)}
                  {member.pending ? <Badge colorPalette="orange">Pending</Badge> : null}
                </HStack>
              </Table.Cell>
              <Table.Cell textAlign="end">
                <MemberActions
                  member={member}
                  onRemove={(gone) => {
                    const rest = members.filter((other) => other.email !== gone.email);
                    setMembers(rest);
                    reportOutcome(`Team: ${rest.map(describe).join("; ")}`);
                  }}
                />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

createRoot(document.getElementById("team")).render(
  <ChakraProvider value={defaultSystem}>
    <Team />
  </ChakraProvider>,
);
