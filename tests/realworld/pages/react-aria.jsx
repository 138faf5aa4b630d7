/**
 * Booking a hotel stay with React Aria Components, as its docs compose them:
 * two DatePickers (a segmented DateInput of month/day/year spinbuttons and a
 * button that opens a Calendar in a Popover Dialog), the check-out one
 * starting at the check-in date and refusing earlier days, as booking forms
 * do; a ComboBox of cities that filters as the person types, its ListBox in
 * a Popover; and a Button that submits the form, which reports the chosen
 * values. Every field is named by react-aria's `Label`. What the person did
 * is told through `reportOutcome`, which `/report.js` sets on the page.
 *
 * @module
 */
/** @jsxImportSource react */
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  ComboBox,
  DateInput,
  DatePicker,
  DateSegment,
  Dialog,
  Form,
  Group,
  Heading,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
} from "react-aria-components";
import { useState } from "react";
import { createRoot } from "react-dom/client";

const cities = [
  "Amsterdam",
  "Barcelona",
  "Berlin",
  "Copenhagen",
  "Lisbon",
  "Lyon",
  "Madrid",
  "Oslo",
  "Paris",
  "Porto",
  "Prague",
  "Rome",
  "Vienna",
];

/** A DatePicker as the React Aria docs build one. */
function DateField({ label, value, onChange, minValue, placeholderValue }) {
  return (
    <DatePicker
      className="field"
      value={value}
      onChange={onChange}
      minValue={minValue}
      placeholderValue={placeholderValue}
    >
      <Label>{label}</Label>
      <Group className="date-group">
        <DateInput className="date-input">
          {(segment) => <DateSegment segment={segment} />}
        </DateInput>
        <Button>▼</Button>
      </Group>
      <Popover>
        <Dialog>
          <Calendar>
            <header>
              <Button slot="previous">◀</Button>
              <Heading />
              <Button slot="next">▶</Button>
            </header>
            <CalendarGrid>
              {(date) => <CalendarCell date={date} />}
            </CalendarGrid>
          </Calendar>
        </Dialog>
      </Popover>
    </DatePicker>
  );
}

function Booking() {
  const [checkIn, setCheckIn] = useState(null);
  const [checkOut, setCheckOut] = useState(null);
  const [city, setCity] = useState(null);
  return (
    <main>
      <h1>Book a stay</h1>
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          reportOutcome(
            `Booked: ${city ?? "no city"}, ${checkIn?.toString() ?? "no check-in"} to ${
              checkOut?.toString() ?? "no check-out"
            }`,
          );
        }}
      >
        <ComboBox className="field" selectedKey={city} onSelectionChange={setCity}>
          <Label>Destination</Label>
          <div className="combo">
            <Input />
            <Button>▼</Button>
          </div>
          <Popover>
            <ListBox>
              {cities.map((name) => <ListBoxItem key={name} id={name}>{name}</ListBoxItem>)}
            </ListBox>
          </Popover>
        </ComboBox>
        <DateField label="Check-in" value={checkIn} onChange={setCheckIn} />
        <DateField
          label="Check-out"
          value={checkOut}
          onChange={setCheckOut}
          minValue={checkIn ?? undefined}
          placeholderValue={checkIn ?? undefined}
        />
        <Button type="submit">Book</Button>
      </Form>
    </main>
  );
}

createRoot(document.getElementById("booking")).render(<Booking />);
