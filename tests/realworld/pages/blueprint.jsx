/**
 * Inviting a teammate in Blueprint (Palantir's React toolkit for data-dense
 * apps): tabs whose panels render only when chosen, a Select whose button
 * opens a popover holding a filter field and a menu of items, a
 * NumericInput stepped by its increment button, a RadioGroup and a
 * Checkbox. What the person did is told through `reportOutcome`, which
 * `/report.js` sets on the page.
 *
 * @module
 */
/** @jsxImportSource react */
import {
  Button,
  Checkbox,
  FormGroup,
  InputGroup,
  MenuItem,
  NumericInput,
  Radio,
  RadioGroup,
  Tab,
  Tabs,
} from "@blueprintjs/core";
import { Select } from "@blueprintjs/select";
import { useState } from "react";
import { createRoot } from "react-dom/client";

const teams = ["Analytics", "Billing", "Design", "Design Systems", "Infrastructure", "Support"];

function InviteForm() {
  const [tab, setTab] = useState("person");
  const [email, setEmail] = useState("");
  const [team, setTeam] = useState(null);
  const [seats, setSeats] = useState(1);
  const [role, setRole] = useState("member");
  const [welcome, setWelcome] = useState(false);
  const person = (
    <div>
      <FormGroup label="Email" labelFor="email">
        <InputGroup id="email" value={email} onValueChange={setEmail} />
      </FormGroup>
      <FormGroup label="Team">
        <Select
          items={teams}
          itemPredicate={(query, item) => item.toLowerCase().includes(query.toLowerCase())}
          itemRenderer={(item, { handleClick, handleFocus, modifiers }) =>
            modifiers.matchesPredicate
              ? (
                <MenuItem
                  key={item}
                  text={item}
                  active={modifiers.active}
                  roleStructure="listoption"
                  selected={item === team}
                  onClick={handleClick}
                  onFocus={handleFocus}
                />
              )
              : null}
          noResults={<MenuItem disabled text="No teams" roleStructure="listoption" />}
          onItemSelect={setTeam}
          popoverProps={{ minimal: true }}
        >
          <Button text={team ?? "Pick a team"} endIcon="double-caret-vertical" />
        </Select>
      </FormGroup>
      <FormGroup label="Seats" labelFor="seats">
        <NumericInput id="seats" min={1} max={20} value={seats} onValueChange={setSeats} />
      </FormGroup>
    </div>
  );
  const access = (
    <div>
      <RadioGroup
        label="Role"
        selectedValue={role}
        onChange={(e) => setRole(e.currentTarget.value)}
      >
        <Radio label="Viewer" value="viewer" />
        <Radio label="Member" value="member" />
        <Radio label="Admin" value="admin" />
      </RadioGroup>
      <Checkbox
        label="Send a welcome email"
        checked={welcome}
        onChange={(e) => setWelcome(e.currentTarget.checked)}
      />
    </div>
  );
  return (
    <div style={{ maxWidth: "24rem", padding: "1rem" }}>
      <h1 className="bp6-heading">Invite a teammate</h1>
      <Tabs id="invite" selectedTabId={tab} onChange={setTab}>
        <Tab id="person" title="Person" panel={person} />
        <Tab id="access" title="Access" panel={access} />
      </Tabs>
      <Button
        intent="primary"
        text="Send invite"
        onClick={() =>
          reportOutcome(
            `Invited: ${email}; team=${team ?? "none"}; seats=${seats}; role=${role}; welcome=${
              welcome ? "yes" : "no"
            }`,
          )}
      />
    </div>
  );
}

createRoot(document.getElementById("invite")).render(<InviteForm />);
