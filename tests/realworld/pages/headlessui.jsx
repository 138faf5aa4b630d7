/**
 * A profile's country, picked with a Headless UI Combobox as Tailwind apps
 * write it: the options filter as the person types, open anchored under the
 * field in a portal and fade in; Save sends the country chosen.
 * What the person did is told through `reportOutcome`, which `/report.js`
 * sets on the page.
 *
 * @module
 */
/** @jsxImportSource react */
import {
  Button,
  Combobox,
  ComboboxInput,
  ComboboxOption,
  ComboboxOptions,
  Field,
  Label,
} from "@headlessui/react";
import { useState } from "react";
import { createRoot } from "react-dom/client";

const countries = [
  "Argentina",
  "Australia",
  "Austria",
  "Belgium",
  "Brazil",
  "Canada",
  "Denmark",
  "Finland",
  "France",
  "Germany",
  "Ireland",
  "Italy",
  "Japan",
  "Netherlands",
  "New Zealand",
  "Norway",
  "Poland",
  "Portugal",
  "Spain",
  "Sweden",
  "Switzerland",
  "United Kingdom",
];

function ProfileForm() {
  const [country, setCountry] = useState(null);
  const [query, setQuery] = useState("");
  const matching = query === ""
    ? countries
    : countries.filter((name) => name.toLowerCase().includes(query.toLowerCase()));
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        reportOutcome(`Country: ${country ?? "none"}`);
      }}
    >
      <Field className="field">
        <Label>Country</Label>
        <Combobox value={country} onChange={setCountry} onClose={() => setQuery("")}>
          <ComboboxInput
            className="input"
            displayValue={(name) => name ?? ""}
            onChange={(event) => setQuery(event.target.value)}
          />
          <ComboboxOptions anchor="bottom start" transition className="options">
            {matching.map((name) => (
              <ComboboxOption key={name} value={name} className="option">
                {name}
              </ComboboxOption>
            ))}
          </ComboboxOptions>
        </Combobox>
      </Field>
      <Button type="submit" className="save">Save</Button>
    </form>
  );
}

createRoot(document.getElementById("profile")).render(<ProfileForm />);
