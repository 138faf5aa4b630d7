/**
 * Assigning a support ticket with Vaadin's web components, as an app using
 * them without a framework writes it: a `vaadin-grid` of open tickets (its
 * table in shadow DOM, each cell's content slotted in from the light DOM),
 * in which a click on a row selects that ticket (the grid's documented
 * single-selection pattern: `active-item-changed` sets `selectedItems`); a
 * `vaadin-combo-box` of the support team whose options open in an overlay; a
 * `vaadin-date-picker` for the due date, whose overlay shows an infinitely
 * scrolling list of month calendars (it opens on the sprint's first day, as
 * the app sets `initialPosition`); and a `vaadin-button` Assign, which
 * reports what was chosen through `reportOutcome`, set by `/report.js`.
 * Vaadin 25 components carry only base styles: the Lumo theme is the
 * stylesheet `@vaadin/vaadin-lumo-styles/lumo.css`, which the HTML loads.
 *
 * @module
 */
import "@vaadin/grid";
import "@vaadin/combo-box";
import "@vaadin/date-picker";
import "@vaadin/button";

const tickets = [
  { id: "TCK-1040", subject: "Cannot reset password", customer: "Northwind", priority: "High" },
  { id: "TCK-1041", subject: "Invoice shows wrong VAT", customer: "Contoso", priority: "Medium" },
  { id: "TCK-1042", subject: "Printer queue stuck", customer: "Fabrikam", priority: "Low" },
  { id: "TCK-1043", subject: "SSO login loops", customer: "Tailspin", priority: "High" },
  { id: "TCK-1044", subject: "Export to CSV times out", customer: "Litware", priority: "Medium" },
];

const team = [
  "Aaliyah Brooks",
  "Ben Carter",
  "Camille Dubois",
  "Chen Wei",
  "Daniel Kowalski",
  "Elena Petrova",
  "Grace Kim",
  "Marta Nowak",
  "Priya Sharma",
  "Zoe Campbell",
];

const grid = document.querySelector("vaadin-grid");
const assignee = document.querySelector("vaadin-combo-box");
const due = document.querySelector("vaadin-date-picker");
const assign = document.querySelector("vaadin-button");

grid.items = tickets;
grid.addEventListener("active-item-changed", (event) => {
  const item = event.detail.value;
  grid.selectedItems = item ? [item] : [];
});

assignee.items = team;
due.initialPosition = "2027-03-01";

assign.addEventListener("click", () => {
  const ticket = grid.selectedItems[0]?.id ?? "none";
  reportOutcome(
    `Assigned ${ticket} to ${assignee.value || "nobody"}, due ${due.value || "never"}`,
  );
});
