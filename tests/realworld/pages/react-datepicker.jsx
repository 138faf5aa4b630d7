/**
 * A trip planner with react-datepicker as its docs show a date range made of
 * two pickers: Check-in `selectsStart` and Check-out `selectsEnd`, each
 * opening its popup calendar when the person clicks its input. The calendars
 * open on a fixed month (March 2027 for Check-in, the check-in's month for
 * Check-out), so the task does not depend on today's date.
 * What the person did is told through `reportOutcome`, which `/report.js`
 * sets on the page.
 *
 * @module
 */
/** @jsxImportSource react */
import { useState } from "react";
import DatePicker from "react-datepicker";
import { createRoot } from "react-dom/client";

/** The month the Check-in calendar opens on. */
const firstMonth = new Date(2027, 2, 1);

/** `date` as `yyyy-mm-dd`, in local time. */
function isoDay(date) {
  const pad = (n) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function TripForm() {
  const [destination, setDestination] = useState("");
  const [guests, setGuests] = useState("2");
  const [checkIn, setCheckIn] = useState(null);
  const [checkOut, setCheckOut] = useState(null);
  const book = (event) => {
    event.preventDefault();
    if (destination.trim() === "" || checkIn === null || checkOut === null) {
      reportOutcome("Missing destination or dates");
      return;
    }
    reportOutcome(`Booked: ${destination.trim()}, ${isoDay(checkIn)} to ${isoDay(checkOut)}`);
  };
  return (
    <form className="trip" onSubmit={book}>
      <h1>Plan a trip</h1>
      <div className="field">
        <label htmlFor="destination">Destination</label>
        <input
          id="destination"
          type="text"
          placeholder="City or region"
          value={destination}
          onChange={(event) => setDestination(event.target.value)}
        />
      </div>
      <div className="dates">
        <div className="field">
          <label htmlFor="check-in">Check-in</label>
          <DatePicker
            id="check-in"
            selected={checkIn}
            onChange={(date) => setCheckIn(date)}
            selectsStart
            startDate={checkIn}
            endDate={checkOut}
            openToDate={checkIn ?? firstMonth}
            dateFormat="yyyy-MM-dd"
            placeholderText="Add date"
            autoComplete="off"
          />
        </div>
        <div className="field">
          <label htmlFor="check-out">Check-out</label>
          <DatePicker
            id="check-out"
            selected={checkOut}
            onChange={(date) => setCheckOut(date)}
            selectsEnd
            startDate={checkIn}
            endDate={checkOut}
            minDate={checkIn}
            openToDate={checkOut ?? checkIn ?? firstMonth}
            dateFormat="yyyy-MM-dd"
            placeholderText="Add date"
            autoComplete="off"
          />
        </div>
      </div>
      <div className="field">
        <label htmlFor="guests">Guests</label>
        <select id="guests" value={guests} onChange={(event) => setGuests(event.target.value)}>
          <option value="1">1 guest</option>
          <option value="2">2 guests</option>
          <option value="3">3 guests</option>
          <option value="4">4 guests</option>
        </select>
      </div>
      <label className="check">
        <input type="checkbox" /> Free cancellation only
      </label>
      <button type="submit" className="book">Book</button>
    </form>
  );
}

createRoot(document.getElementById("trip")).render(<TripForm />);
