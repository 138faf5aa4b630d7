import assert from "node:assert/strict";
import { classWord, iconName, iconNameLength } from "./icon_names.ts";

/** The icon name of an element `tag` with `attributes`. */
function of(tag: string, attributes: Record<string, string>): string | undefined {
  return iconName(tag, (name) => attributes[name]);
}

Deno.test("icon sets' own marks name the icon", () => {
  // Font Awesome as a font and as SVG, its style and size classes aside.
  assert.equal(of("I", { class: "fa-solid fa-2x fa-trash" }), "trash");
  assert.equal(of("I", { class: "fa fa-fw fa-pencil" }), "pencil");
  assert.equal(of("svg", { class: "svg-inline--fa fa-pen", "data-icon": "pen" }), "pen");
  assert.equal(of("I", { class: "bi bi-download" }), "download");
  assert.equal(of("svg", { class: "lucide lucide-copy" }), "copy");
  assert.equal(of("SPAN", { class: "mdi mdi-delete-outline" }), "delete-outline");
  assert.equal(of("I", { class: "pi pi-times" }), "times");
  assert.equal(of("SPAN", { class: "icon icon-search" }), "search");
  // MUI's icons, and a sprite's symbol.
  assert.equal(of("svg", { "data-testid": "DeleteIcon", "aria-hidden": "true" }), "Delete");
  assert.equal(of("use", { href: "#icon-share" }), "share");
  assert.equal(of("use", { "xlink:href": "/sprite.svg#close" }), "close");
});

Deno.test("anything else names no icon, and a name is a short plain word", () => {
  assert.equal(of("I", { class: "fa-solid fa-lg" }), undefined);
  assert.equal(of("SPAN", { class: "button primary" }), undefined);
  assert.equal(of("DIV", { "data-testid": "submit-button" }), undefined);
  assert.equal(of("use", { href: "/sprite.svg" }), undefined);
  assert.equal(of("DIV", {}), undefined);
  assert.equal(of("svg", { "data-icon": "  " }), undefined);
  // Page text is bounded to letters, digits, - and _: nothing else can reach a row.
  assert.equal(of("svg", { "data-icon": 'x" ref=e1 "y' }), "xrefe1y");
  assert.equal(of("svg", { "data-icon": "a".repeat(100) })?.length, iconNameLength);
});

Deno.test("a control's own class says what it does where a library names its parts so", () => {
  // Calendars' month arrows, a select's caret, dialogs' overlays and close buttons.
  assert.equal(classWord("flatpickr-prev-month"), "prev-month");
  assert.equal(
    classWord("react-datepicker__navigation react-datepicker__navigation--next"),
    "next",
  );
  assert.equal(classWord("el-icon el-select__caret el-select__icon"), "caret");
  assert.equal(classWord("MuiBackdrop-root"), "backdrop");
  assert.equal(classWord("btn-close"), "close");
  assert.equal(classWord("el-picker-panel__icon-btn d-arrow-left"), "arrow-left");
  assert.equal(classWord("select2-selection__clear"), "clear");
  assert.equal(classWord("navbar-toggler collapsed"), "toggler");
});

Deno.test("a class that only lays out or styles says nothing", () => {
  assert.equal(classWord("float-right text-left d-flex"), undefined);
  assert.equal(classWord("card card-header address-field"), undefined);
  assert.equal(classWord(""), undefined);
  // Page text is bounded as an icon's name is.
  assert.equal(classWord(`close-${"a".repeat(100)}`)?.length, iconNameLength);
});
