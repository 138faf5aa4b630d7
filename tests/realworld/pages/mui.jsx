/**
 * An issue's component and priority with MUI: an Autocomplete that filters
 * its options as the person types, a Select whose options open in a listbox
 * in a popover, and a Dialog that asks before the change is saved. The theme
 * keeps button labels as written, as many apps set it: accessible name
 * computations disagree on whether an uppercase text transform is part of
 * a button's name.
 * What the person did is told through `reportOutcome`, which `/report.js`
 * sets on the page.
 *
 * @module
 */
/** @jsxImportSource react */
import {
  Autocomplete,
  Button,
  createTheme,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  TextField,
  ThemeProvider,
} from "@mui/material";
import { useState } from "react";
import { createRoot } from "react-dom/client";

const components = [
  "Accounts",
  "Billing",
  "Checkout",
  "Email",
  "Invoices",
  "Notifications",
  "Payments",
  "Payouts",
  "Reports",
  "Search",
  "Settings",
  "Shipping",
];
const priorities = ["Low", "Medium", "High", "Urgent"];

const theme = createTheme({ typography: { button: { textTransform: "none" } } });

function IssueSettings() {
  const [component, setComponent] = useState(null);
  const [priority, setPriority] = useState("Medium");
  const [asking, setAsking] = useState(false);
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
      <Autocomplete
        options={components}
        value={component}
        onChange={(_event, value) => setComponent(value)}
        sx={{ width: 220 }}
        renderInput={(params) => <TextField {...params} label="Component" />}
      />
      <FormControl sx={{ minWidth: 160 }}>
        <InputLabel id="priority-label">Priority</InputLabel>
        <Select
          labelId="priority-label"
          value={priority}
          label="Priority"
          onChange={(event) => setPriority(event.target.value)}
        >
          {priorities.map((level) => <MenuItem key={level} value={level}>{level}</MenuItem>)}
        </Select>
      </FormControl>
      <Button variant="contained" onClick={() => setAsking(true)}>Save changes</Button>
      <Dialog open={asking} onClose={() => setAsking(false)} aria-labelledby="confirm-title">
        <DialogTitle id="confirm-title">Save changes to this issue?</DialogTitle>
        <DialogContent>
          <DialogContentText>Everyone watching this issue is notified.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)}>Cancel</Button>
          <Button
            variant="contained"
            onClick={() => {
              setAsking(false);
              reportOutcome(`Component: ${component ?? "none"}, priority: ${priority}`);
            }}
          >
            Confirm
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

createRoot(document.getElementById("settings")).render(
  <ThemeProvider theme={theme}>
    <IssueSettings />
  </ThemeProvider>,
);
