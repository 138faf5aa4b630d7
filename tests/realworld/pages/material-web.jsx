/**
 * Filing a bug with Google's Material Web components (`@material/web`), as
 * an app using them without a framework writes it: the elements are
 * registered by importing each component's module, and the markup in
 * `material-web.html` configures them as the docs show. An
 * `md-outlined-text-field` for the title; an `md-outlined-select` whose
 * `md-select-option`s open in a menu popup in its shadow DOM; an
 * `md-checkbox` and an `md-switch`, each labelled by a wrapping `<label>`
 * (the documented way: both are form-associated custom elements); and a
 * filled Submit button that opens an `md-dialog` (a native `<dialog>` in
 * shadow DOM) asking to confirm. The dialog's buttons submit its
 * `method="dialog"` form, so its `returnValue` says which was pressed; on
 * "File bug" the page reports the form's values through `reportOutcome`,
 * set by `/report.js`.
 *
 * @module
 */
import "@material/web/textfield/outlined-text-field.js";
import "@material/web/select/outlined-select.js";
import "@material/web/select/select-option.js";
import "@material/web/checkbox/checkbox.js";
import "@material/web/switch/switch.js";
import "@material/web/dialog/dialog.js";
import "@material/web/button/filled-button.js";
import "@material/web/button/text-button.js";
import { styles as typescaleStyles } from "@material/web/typography/md-typescale-styles.js";

document.adoptedStyleSheets.push(typescaleStyles.styleSheet);

const form = document.getElementById("bug");
const title = form.querySelector("md-outlined-text-field");
const severity = form.querySelector("md-outlined-select");
const logs = form.querySelector("md-checkbox");
const notify = form.querySelector("md-switch");
const confirm = document.querySelector("md-dialog");

form.addEventListener("submit", (event) => {
  event.preventDefault();
  if (!form.reportValidity()) return;
  confirm.show();
});

confirm.addEventListener("close", () => {
  if (confirm.returnValue !== "file") return;
  reportOutcome(
    `Filed: "${title.value}"; severity=${severity.value || "none"}; logs=${
      logs.checked ? "attached" : "no"
    }; notify=${notify.selected ? "on" : "off"}`,
  );
});
