/**
 * The real-world tasks as data: one page on an unmodified UI library, the
 * steps a person would take in terms of role, name and intent, and the
 * outcome the page itself reports when the task is done. Names and roles are
 * what the page's accessibility tree says; no step names a selector.
 *
 * @module
 */

/** What a step does to its target. */
export type Intent =
  | "click"
  | "fill"
  | "type"
  | "select"
  | "check"
  | "hover"
  | "press"
  | "drag"
  | "upload";

/** A file a step uploads: its name, media type and text. */
export interface UploadFile {
  name: string;
  type: string;
  text: string;
}

/** An element as an agent names it: its role and its exact accessible name. */
export interface Target {
  role: string;
  name: string;
}

/** One step of a task. */
export type Step =
  | { intent: "click" | "check" | "hover"; target: Target; reveals?: boolean }
  | {
    /** `fill` puts the text in at once; `type` sends it as key presses, as a person types. */
    intent: "fill" | "type";
    target: Target;
    text: string;
    /** Replace the field's current text rather than add to it. */
    clear?: boolean;
    reveals?: boolean;
  }
  | { intent: "select"; target: Target; option: string; reveals?: boolean }
  | { intent: "press"; key: string; target?: Target; reveals?: boolean }
  | {
    /** Press on the target, move the pointer onto `to` and let go there. */
    intent: "drag";
    target: Target;
    to: Target;
    reveals?: boolean;
  }
  | {
    /** Give the target (a file input, its label, a drop zone) a file, as the file dialog would. */
    intent: "upload";
    target: Target;
    file: UploadFile;
    reveals?: boolean;
  };

/** One realistic task. */
export interface Task {
  /** Short stable name, e.g. `flatpickr-book`. */
  id: string;
  /** The page under `tests/realworld/pages/`, e.g. `flatpickr.html`. */
  page: string;
  /** The library and the class of widget the task exercises. */
  about: string;
  steps: Step[];
  /** What the page reports when the task is achieved, exactly. */
  outcome: string;
}

/** Every task of the suite, run in this order. */
export const tasks: readonly Task[] = [
  {
    id: "flatpickr-book",
    page: "flatpickr.html",
    about: "flatpickr: popup calendar of clickable day spans, a year field that reacts to keys",
    steps: [
      { intent: "click", target: { role: "textbox", name: "Departure date" }, reveals: true },
      { intent: "select", target: { role: "combobox", name: "Month" }, option: "March" },
      {
        intent: "type",
        target: { role: "spinbutton", name: "Year" },
        text: "2027",
        clear: true,
        reveals: true,
      },
      { intent: "click", target: { role: "generic", name: "March 15, 2027" } },
      { intent: "click", target: { role: "button", name: "Book" } },
    ],
    outcome: "Booked: 2027-03-15",
  },
  {
    id: "ag-grid-filter",
    page: "ag-grid.html",
    about: "ag-grid-community: quick filter, rows that animate into place",
    steps: [
      {
        intent: "type",
        target: { role: "searchbox", name: "Quick filter" },
        text: "Oslo",
        reveals: true,
      },
      { intent: "click", target: { role: "gridcell", name: "Oslo" } },
    ],
    outcome: "Selected office: Oslo",
  },
  {
    id: "choices-pick",
    page: "choices.html",
    about: "Choices.js: custom select over a hidden native select",
    steps: [
      { intent: "click", target: { role: "listbox", name: "Favourite fruit" }, reveals: true },
      { intent: "click", target: { role: "option", name: "Mango" } },
    ],
    outcome: "Chosen: Mango",
  },
  {
    id: "quill-send",
    page: "quill.html",
    about: "Quill: contenteditable editor with a placeholder",
    steps: [
      { intent: "fill", target: { role: "textbox", name: "Message" }, text: "Hello team" },
      { intent: "click", target: { role: "button", name: "Send" } },
    ],
    outcome: "Sent: Hello team",
  },
  {
    id: "quill-bold",
    page: "quill.html",
    about: "Quill: a key chord selects the editor's text, a toolbar button formats it",
    steps: [
      { intent: "fill", target: { role: "textbox", name: "Message" }, text: "Quarterly report" },
      { intent: "press", key: "Control+a" },
      { intent: "click", target: { role: "button", name: "bold" } },
      { intent: "click", target: { role: "button", name: "Send" } },
    ],
    outcome: "Sent: Quarterly report (bold)",
  },
  {
    id: "shoelace-order",
    page: "shoelace.html",
    about: "Shoelace: web-component checkbox drawn over its input, dialog that fades in",
    steps: [
      { intent: "check", target: { role: "checkbox", name: "I accept the terms" } },
      { intent: "click", target: { role: "button", name: "Continue" }, reveals: true },
      { intent: "click", target: { role: "button", name: "Place order" } },
    ],
    outcome: "Order placed",
  },
  {
    id: "tom-select-remote",
    page: "tom-select.html",
    about: "Tom Select: autocomplete whose options load a moment after typing",
    steps: [
      { intent: "type", target: { role: "combobox", name: "City" }, text: "Ber", reveals: true },
      { intent: "click", target: { role: "option", name: "Berlin" } },
    ],
    outcome: "Shipping to Berlin",
  },
  {
    id: "tippy-hover-menu",
    page: "tippy.html",
    about: "tippy.js: menu that opens on hover only",
    steps: [
      { intent: "hover", target: { role: "button", name: "Account" }, reveals: true },
      { intent: "click", target: { role: "button", name: "Sign out" } },
    ],
    outcome: "Menu: Sign out",
  },
  {
    id: "bootstrap-modal",
    page: "bootstrap.html",
    about: "Bootstrap: modal that fades in",
    steps: [
      { intent: "click", target: { role: "button", name: "Delete project" }, reveals: true },
      { intent: "click", target: { role: "button", name: "Delete for good" } },
    ],
    outcome: "Project deleted",
  },
  {
    id: "tinymce-publish",
    page: "tinymce.html",
    about: "TinyMCE: a rich-text editor whose editing body is a same-origin iframe document",
    steps: [
      { intent: "fill", target: { role: "textbox", name: "Title" }, text: "Release notes" },
      { intent: "type", target: { role: "generic", name: "Post body" }, text: "Frames work." },
      { intent: "click", target: { role: "button", name: "Publish" } },
    ],
    outcome: "Published: Release notes — Frames work.",
  },
  {
    id: "nouislider-volume",
    page: "nouislider.html",
    about: "noUiSlider: a slider drawn with divs, moved by the arrow keys on its handle",
    steps: [
      { intent: "press", key: "ArrowRight", target: { role: "slider", name: "Volume" } },
      { intent: "press", key: "ArrowRight", target: { role: "slider", name: "Volume" } },
      { intent: "press", key: "ArrowRight", target: { role: "slider", name: "Volume" } },
      { intent: "click", target: { role: "button", name: "Save settings" } },
    ],
    outcome: "Volume: 80",
  },
  {
    id: "jquery-ui-booking",
    page: "jquery-ui.html",
    about: "jQuery UI: an autocomplete menu taken with the keys, a popup calendar of day links",
    steps: [
      // The menu's items are nameless list items around their text; a person takes one with keys.
      { intent: "type", target: { role: "textbox", name: "City" }, text: "Stu", reveals: true },
      { intent: "press", key: "ArrowDown", target: { role: "textbox", name: "City" } },
      { intent: "press", key: "Enter", target: { role: "textbox", name: "City" } },
      { intent: "click", target: { role: "textbox", name: "Arrival" }, reveals: true },
      { intent: "click", target: { role: "link", name: "15" } },
      { intent: "click", target: { role: "button", name: "Book room" } },
    ],
    outcome: "Booked: Stuttgart, 03/15/2027",
  },
  {
    id: "sweetalert2-confirm",
    page: "sweetalert2.html",
    about: "SweetAlert2: a modal popup that scales in, with a field to confirm in",
    steps: [
      { intent: "click", target: { role: "button", name: "Remove account" }, reveals: true },
      {
        intent: "fill",
        target: { role: "textbox", name: "Type the account name to confirm" },
        text: "team-blue",
      },
      { intent: "click", target: { role: "button", name: "Yes, remove it" } },
    ],
    outcome: "Removed: team-blue",
  },
  {
    id: "react-select-assign",
    page: "react-select.html",
    about: "react-select: a React combobox whose menu of options filters as the person types",
    steps: [
      {
        intent: "type",
        target: { role: "combobox", name: "Assignee" },
        text: "mar",
        reveals: true,
      },
      { intent: "click", target: { role: "option", name: "Marta Nowak" } },
    ],
    outcome: "Assigned: Marta Nowak",
  },
  {
    id: "mui-issue",
    page: "mui.html",
    about: "MUI: an Autocomplete, a Select that opens a listbox in a popover, then a Dialog",
    steps: [
      {
        intent: "type",
        target: { role: "combobox", name: "Component" },
        text: "pay",
        reveals: true,
      },
      { intent: "click", target: { role: "option", name: "Payments" } },
      { intent: "click", target: { role: "combobox", name: "Priority" }, reveals: true },
      // The popover hid the page behind it; choosing closes it and gives the page back.
      { intent: "click", target: { role: "option", name: "High" }, reveals: true },
      { intent: "click", target: { role: "button", name: "Save changes" }, reveals: true },
      { intent: "click", target: { role: "button", name: "Confirm" } },
    ],
    outcome: "Component: Payments, priority: High",
  },
  {
    id: "radix-ui-menu",
    page: "radix-ui.html",
    about: "Radix UI: a dropdown menu that opens on pointer down, in a portal, modal",
    steps: [
      {
        intent: "click",
        target: { role: "button", name: "Actions for Hiring plan" },
        reveals: true,
      },
      { intent: "click", target: { role: "menuitem", name: "Duplicate" } },
    ],
    outcome: "Duplicate: Hiring plan",
  },
  {
    id: "codemirror-run",
    page: "codemirror.html",
    about: "CodeMirror 6: a code editor keeping its own document, its two lines replaced by one",
    steps: [
      { intent: "fill", target: { role: "textbox", name: "Code" }, text: "return 42;" },
      { intent: "click", target: { role: "button", name: "Run" } },
    ],
    outcome: "Ran: return 42;",
  },
  {
    id: "dnd-kit-reorder",
    page: "dnd-kit.html",
    about: "dnd-kit: a sortable list dragged by its handles with pointer events, after 5 px",
    steps: [
      {
        intent: "drag",
        target: { role: "button", name: "Move Ship dark mode" },
        to: { role: "button", name: "Move Fix login bug" },
      },
      { intent: "click", target: { role: "button", name: "Save order" } },
    ],
    outcome:
      "Order: Ship dark mode, Fix login bug, Update docs, Migrate database, Review analytics",
  },
  {
    id: "pangea-dnd-board",
    page: "pangea-dnd.html",
    about:
      "@hello-pangea/dnd: a board whose cards are their own drag handles, moved by mouse events after 5 px, animated, across columns",
    steps: [
      {
        intent: "drag",
        target: { role: "button", name: "Fix login bug" },
        to: { role: "button", name: "Design new logo" },
      },
      { intent: "click", target: { role: "button", name: "Save board" } },
    ],
    outcome:
      "Saved: To do=[Write release notes, Update pricing page]; Done=[Set up CI, Fix login bug, Design new logo]",
  },
  {
    id: "headlessui-country",
    page: "headlessui.html",
    about:
      "Headless UI: a Combobox whose options filter as the person types, in a portal, fading in",
    steps: [
      { intent: "type", target: { role: "combobox", name: "Country" }, text: "nor", reveals: true },
      // The open options hid the rest of the page; choosing one closes them and gives it back.
      { intent: "click", target: { role: "option", name: "Norway" }, reveals: true },
      { intent: "click", target: { role: "button", name: "Save" } },
    ],
    outcome: "Country: Norway",
  },
  {
    id: "antd-assign",
    page: "antd-ticket.html",
    about:
      "Ant Design: a Form's searchable Select whose options open in a portal, in a virtual list",
    steps: [
      // Chrome names the field with its label's required mark, a CSS `content: "*"`.
      {
        intent: "type",
        target: { role: "combobox", name: "* Assignee" },
        text: "mar",
        reveals: true,
      },
      // The options shown are nameless divs around their text (the named ones sit in a 0×0
      // listbox of the three around the active one, for screen readers); a person takes one
      // with keys.
      { intent: "press", key: "ArrowDown", target: { role: "combobox", name: "* Assignee" } },
      { intent: "press", key: "ArrowDown", target: { role: "combobox", name: "* Assignee" } },
      { intent: "press", key: "Enter", target: { role: "combobox", name: "* Assignee" } },
      {
        intent: "fill",
        target: { role: "textbox", name: "Note to assignee" },
        text: "Toner is low too",
      },
      { intent: "click", target: { role: "button", name: "Assign" } },
    ],
    outcome: "Assigned to Marta Nowak: Toner is low too",
  },
  {
    id: "antd-archive",
    page: "antd-projects.html",
    about: "Ant Design: a table row's Dropdown menu, in a portal, then a confirm Modal",
    steps: [
      {
        intent: "click",
        target: { role: "button", name: "Actions for Hiring plan" },
        reveals: true,
      },
      { intent: "click", target: { role: "menuitem", name: "Archive" }, reveals: true },
      { intent: "click", target: { role: "button", name: "Archive project" } },
    ],
    outcome: "Archived: Hiring plan",
  },
  {
    id: "tiptap-bold",
    page: "tiptap.html",
    about:
      "tiptap (ProseMirror): a React editor keeping its own document, its draft replaced, then bolded",
    steps: [
      {
        intent: "fill",
        target: { role: "textbox", name: "Update" },
        text: "Launch moved to Monday",
      },
      { intent: "press", key: "Control+a" },
      { intent: "click", target: { role: "button", name: "Bold" } },
      { intent: "click", target: { role: "button", name: "Post" } },
    ],
    outcome: "Posted: Launch moved to Monday (bold)",
  },
  {
    id: "slate-review",
    page: "slate.html",
    about:
      "Slate: a React editor keeping its own value from beforeinput events, its draft replaced, then bolded",
    steps: [
      {
        intent: "fill",
        target: { role: "textbox", name: "Comment" },
        text: "Approved with one nit",
      },
      { intent: "press", key: "Control+a" },
      { intent: "click", target: { role: "button", name: "Bold" } },
      { intent: "click", target: { role: "button", name: "Post" } },
    ],
    outcome: "Posted: Approved with one nit (bold)",
  },
  {
    id: "editorjs-notes",
    page: "editorjs.html",
    about: "Editor.js: a block editor, each paragraph a contenteditable block with its own data",
    steps: [
      {
        intent: "fill",
        target: { role: "generic", name: "Summary goes here." },
        text: "Faster sign-in for everyone",
      },
      { intent: "click", target: { role: "button", name: "Save" } },
    ],
    outcome: "Saved: Faster sign-in for everyone | Fixed the login timeout.",
  },
  {
    id: "lexical-save",
    page: "lexical.html",
    about: "Lexical: a React rich-text editor keeping its own state, its two paragraphs replaced",
    steps: [
      {
        intent: "fill",
        target: { role: "textbox", name: "Note" },
        text: "Ship the beta on Friday",
      },
      { intent: "click", target: { role: "button", name: "Save" } },
    ],
    outcome: "Saved: Ship the beta on Friday",
  },
  {
    id: "ckeditor-publish",
    page: "ckeditor.html",
    about:
      "CKEditor 5: a classic editor keeping its own model, its draft replaced, bolded from its toolbar",
    steps: [
      { intent: "fill", target: { role: "textbox", name: "Title" }, text: "Version 2.0" },
      // CKEditor adds its help hint (an Alt+0 dialog) to the label the page gives the editor.
      {
        intent: "fill",
        target: { role: "textbox", name: "Announcement. Press Alt+0 for help." },
        text: "Version 2.0 is out today",
      },
      { intent: "press", key: "Control+a" },
      { intent: "click", target: { role: "button", name: "Bold" } },
      { intent: "click", target: { role: "button", name: "Publish" } },
    ],
    outcome: "Published: Version 2.0 | <p><strong>Version 2.0 is out today</strong></p>",
  },
  {
    id: "mantine-create",
    page: "mantine.html",
    about:
      "Mantine: a Modal's form with a searchable Select, a MultiSelect and a Switch, in portals",
    steps: [
      { intent: "click", target: { role: "button", name: "New project" }, reveals: true },
      { intent: "fill", target: { role: "textbox", name: "Project name" }, text: "Apollo" },
      { intent: "type", target: { role: "combobox", name: "Owner" }, text: "mar", reveals: true },
      { intent: "click", target: { role: "option", name: "Marta Nowak" } },
      { intent: "click", target: { role: "combobox", name: "Tags" }, reveals: true },
      { intent: "click", target: { role: "option", name: "api" } },
      { intent: "click", target: { role: "option", name: "web" } },
      { intent: "check", target: { role: "switch", name: "Private" } },
      { intent: "click", target: { role: "button", name: "Create" } },
    ],
    outcome: "Created: Apollo; owner=Marta Nowak; tags=api,web; private=yes",
  },
  {
    id: "react-datepicker-trip",
    page: "react-datepicker.html",
    about: "react-datepicker: two popup calendars of gridcell days, a next-month button",
    steps: [
      { intent: "fill", target: { role: "textbox", name: "Destination" }, text: "Lisbon" },
      { intent: "click", target: { role: "textbox", name: "Check-in" }, reveals: true },
      { intent: "click", target: { role: "button", name: "Next Month" }, reveals: true },
      { intent: "click", target: { role: "gridcell", name: "Choose Monday, April 12th, 2027" } },
      { intent: "click", target: { role: "textbox", name: "Check-out" }, reveals: true },
      { intent: "click", target: { role: "gridcell", name: "Choose Thursday, April 15th, 2027" } },
      { intent: "click", target: { role: "button", name: "Book" } },
    ],
    outcome: "Booked: Lisbon, 2027-04-12 to 2027-04-15",
  },
  {
    id: "sortable-kanban",
    page: "sortable.html",
    about:
      "SortableJS: a kanban board of two lists in one group, cards moved by native HTML5 drag and drop",
    // Each card is named by its title (`aria-labelledby`), not by its tag. Within a list a card
    // dropped on another takes its place; across lists SortableJS places it by the drags on the
    // way in (its inverted swap), and a drag that comes in level with a card, as a browser's
    // drag session sends it, puts the card after that one.
    steps: [
      {
        intent: "drag",
        target: { role: "listitem", name: "Update pricing page" },
        to: { role: "listitem", name: "Write release notes" },
      },
      {
        intent: "drag",
        target: { role: "listitem", name: "Fix login bug" },
        to: { role: "listitem", name: "Design new logo" },
      },
      { intent: "click", target: { role: "button", name: "Save board" } },
    ],
    outcome:
      "Saved: To do=[Update pricing page, Write release notes]; Done=[Set up CI, Design new logo, Fix login bug]",
  },
  {
    id: "select2-assign",
    page: "select2.html",
    about: "Select2: a searchable single select grouped by team, a multiple tags select",
    steps: [
      { intent: "click", target: { role: "combobox", name: "Choose a reviewer" }, reveals: true },
      // The dropdown, at the end of the body, opens with its own search field focused.
      {
        intent: "type",
        target: { role: "searchbox", name: "Search people" },
        text: "mar",
        reveals: true,
      },
      { intent: "click", target: { role: "option", name: "Marta Nowak" } },
      { intent: "click", target: { role: "searchbox", name: "Search labels" }, reveals: true },
      { intent: "click", target: { role: "option", name: "bug" } },
      { intent: "click", target: { role: "searchbox", name: "Search labels" }, reveals: true },
      { intent: "click", target: { role: "option", name: "security" } },
      { intent: "click", target: { role: "button", name: "Save" } },
    ],
    outcome: "Saved: reviewer=Marta Nowak; labels=bug,security",
  },
  {
    id: "element-plus-schedule",
    page: "element-plus.html",
    about:
      "Element Plus (Vue 3): a form's filterable Select and date picker in popper portals, a radio group, a Dialog",
    steps: [
      { intent: "fill", target: { role: "textbox", name: "Title" }, text: "DB upgrade" },
      { intent: "click", target: { role: "combobox", name: "Service" }, reveals: true },
      { intent: "type", target: { role: "combobox", name: "Service" }, text: "bil", reveals: true },
      { intent: "click", target: { role: "option", name: "Billing API" } },
      { intent: "click", target: { role: "combobox", name: "Date" }, reveals: true },
      { intent: "click", target: { role: "gridcell", name: "15" } },
      { intent: "click", target: { role: "radio", name: "High" } },
      { intent: "click", target: { role: "button", name: "Schedule" }, reveals: true },
      { intent: "click", target: { role: "button", name: "Confirm" } },
    ],
    outcome: "Scheduled: DB upgrade; service=Billing API; date=2027-06-15; impact=High",
  },
  {
    id: "monaco-run",
    page: "monaco.html",
    about:
      "Monaco Editor: VS Code's editor keeping its own model, input through EditContext, its five lines replaced by one",
    // Monaco's textbox is a zero-width EditContext `<div>` (not contenteditable) over the drawn
    // lines, which are aria-hidden: a person clicks the lines or tabs in, selects all and types.
    steps: [
      { intent: "press", key: "Control+a", target: { role: "textbox", name: "Query editor" } },
      {
        intent: "type",
        target: { role: "textbox", name: "Query editor" },
        text: "SELECT name FROM users WHERE active = 1;",
      },
      { intent: "click", target: { role: "button", name: "Run" } },
    ],
    outcome: "Ran: SELECT name FROM users WHERE active = 1;",
  },
  {
    id: "tanstack-void",
    page: "tanstack-toast.html",
    about:
      "TanStack Table v9 + react-toastify: sortable headers, client pagination, a row action whose toast offers Undo before it closes itself",
    // A numeric column sorts descending first. The toast closes after 5 s: Undo must come before.
    steps: [
      { intent: "click", target: { role: "button", name: "Amount" } },
      { intent: "click", target: { role: "button", name: "Next" }, reveals: true },
      { intent: "click", target: { role: "button", name: "Void INV-1036" }, reveals: true },
      { intent: "click", target: { role: "button", name: "Undo" } },
      { intent: "click", target: { role: "button", name: "Void INV-1003" }, reveals: true },
      { intent: "click", target: { role: "button", name: "Done" } },
    ],
    outcome: "Done: voided=INV-1003; undone=INV-1036; sort=amount desc; page=2",
  },
  {
    id: "fullcalendar-reschedule",
    page: "fullcalendar.html",
    about:
      "FullCalendar 7 (vanilla global bundle): month view moved on by its own toolbar button, an event opened into the app's dialog, its start time changed",
    steps: [
      { intent: "click", target: { role: "button", name: "Next Month" }, reveals: true },
      // An event is a button named by its start time, as the grid shows it, and its title.
      { intent: "click", target: { role: "button", name: "10a Design review" }, reveals: true },
      { intent: "select", target: { role: "combobox", name: "Start time" }, option: "14:30" },
      { intent: "click", target: { role: "button", name: "Save" } },
    ],
    outcome: "Saved: Design review 2027-06-15 14:30-15:30",
  },
  {
    id: "handsontable-budget",
    page: "handsontable.html",
    about:
      "Handsontable: a spreadsheet grid whose cells open an editor when typed into (Enter commits), a numeric cell and a dropdown cell whose editor lists options",
    // Typing on a selected cell opens Handsontable's editor with what was typed; Enter commits it.
    // Enter on the selected dropdown cell opens its editor and the option list; a click on an
    // option commits it. The outcome names each changed cell with its JSON value (a number stays
    // unquoted, so a number committed as text reads differently).
    steps: [
      { intent: "click", target: { role: "gridcell", name: "$1,200.00" } },
      { intent: "type", target: { role: "gridcell", name: "$1,200.00" }, text: "4500" },
      { intent: "press", key: "Enter" },
      { intent: "click", target: { role: "gridcell", name: "People" } },
      { intent: "press", key: "Enter", reveals: true },
      { intent: "click", target: { role: "option", name: "Engineering" } },
      { intent: "click", target: { role: "button", name: "Save" } },
    ],
    outcome: 'Saved: Travel.amount=4500; Training.department="Engineering"',
  },
  {
    id: "vaadin-assign",
    page: "vaadin.html",
    about:
      "Vaadin web components: a grid whose cells are slotted into its shadow table, a combo box and a date picker whose options and calendars open in overlays",
    // A click on a grid row selects it (the app sets `selectedItems` on `active-item-changed`);
    // the click lands on the cell's content, a light-DOM child of the grid slotted into the
    // shadow cell. The date picker opens on the app's `initialPosition`, March 2027, as a modal
    // that hides the page; choosing a day closes it and gives the page back.
    steps: [
      { intent: "click", target: { role: "gridcell", name: "TCK-1042" } },
      { intent: "click", target: { role: "combobox", name: "Assignee" }, reveals: true },
      { intent: "click", target: { role: "option", name: "Marta Nowak" } },
      { intent: "click", target: { role: "combobox", name: "Due date" }, reveals: true },
      {
        intent: "click",
        target: { role: "gridcell", name: "15 March 2027, Monday" },
        reveals: true,
      },
      { intent: "click", target: { role: "button", name: "Assign" } },
    ],
    outcome: "Assigned TCK-1042 to Marta Nowak, due 2027-03-15",
  },
  {
    id: "react-aria-booking",
    page: "react-aria.html",
    about:
      "React Aria Components: DatePickers of month/day/year spinbutton segments with a Calendar in a Popover, a filtering ComboBox",
    // A person types the whole date into the month segment: each segment, once full, hands focus
    // to the next. The check-out calendar opens on the check-in month (its `placeholderValue`),
    // days before check-in disabled. Both popovers hide the rest of the page while open.
    steps: [
      {
        intent: "type",
        target: { role: "spinbutton", name: "month, Check-in" },
        text: "04122027",
      },
      { intent: "click", target: { role: "button", name: "Calendar Check-out" }, reveals: true },
      { intent: "click", target: { role: "button", name: "Thursday, April 15, 2027" } },
      {
        intent: "type",
        target: { role: "combobox", name: "Destination" },
        text: "lis",
        reveals: true,
      },
      { intent: "click", target: { role: "option", name: "Lisbon" }, reveals: true },
      { intent: "click", target: { role: "button", name: "Book" } },
    ],
    outcome: "Booked: Lisbon, 2027-04-12 to 2027-04-15",
  },
  {
    id: "rhf-signup",
    page: "react-hook-form.html",
    about:
      "React Hook Form: a sign-up form validated on submit, errors shown beside their fields, fixed and submitted again",
    // The first submit, with a malformed email and no password, plan or terms, shows each error
    // beside its field (`aria-invalid`, `aria-describedby`, `role="alert"`); the email is then
    // replaced whole. The billing period stays monthly, as RHF's `defaultValues` set it.
    steps: [
      { intent: "fill", target: { role: "textbox", name: "Full name" }, text: "Ada Lovelace" },
      { intent: "fill", target: { role: "textbox", name: "Email" }, text: "ada@example" },
      { intent: "click", target: { role: "button", name: "Create account" }, reveals: true },
      { intent: "fill", target: { role: "textbox", name: "Email" }, text: "ada@example.com" },
      { intent: "fill", target: { role: "textbox", name: "Password" }, text: "correct-horse-9" },
      { intent: "select", target: { role: "combobox", name: "Plan" }, option: "Team" },
      { intent: "check", target: { role: "checkbox", name: "I agree to the Terms of Service" } },
      { intent: "click", target: { role: "button", name: "Create account" } },
    ],
    outcome:
      "Signed up: Ada Lovelace <ada@example.com>; plan=Team; billing=monthly; terms=accepted; password=15 chars; submits=2",
  },
  {
    id: "datatables-orders",
    page: "datatables.html",
    about:
      "DataTables 3 (jQuery, default styling): built-in search box, header sort controls whose names change with the sort, paging buttons, a row action rendered by a column `render`, a native confirm dialog",
    // A header's sort control is a `role="button"` span named "<title>: Activate to sort"; once
    // sorted ascending it is renamed "…: Activate to invert sorting". "Shipped" matches 13 orders
    // (two pages); by total descending, ORD-1012 is on page 2. Each draw builds the paging
    // buttons anew (`<button role="link">`), so a sort reveals a new "Next". The refunded order
    // leaves the "Shipped" search, so the outcome's page count is that of the redrawn table.
    steps: [
      {
        intent: "type",
        target: { role: "searchbox", name: "Search:" },
        text: "Shipped",
        reveals: true,
      },
      {
        intent: "click",
        target: { role: "button", name: "Total: Activate to sort" },
        reveals: true,
      },
      {
        intent: "click",
        target: { role: "button", name: "Total: Activate to invert sorting" },
        reveals: true,
      },
      { intent: "click", target: { role: "link", name: "Next" }, reveals: true },
      { intent: "click", target: { role: "button", name: "Refund ORD-1012" }, reveals: true },
      { intent: "click", target: { role: "button", name: "Confirm refund" } },
    ],
    outcome:
      'Refunded: ORD-1012 (Tom Becker, $55.28); search="Shipped"; order=total desc; page=2/2; refunds=1',
  },
  {
    id: "swiper-shop",
    page: "swiper.html",
    about:
      "Swiper: a product carousel whose off-screen slides stay in the accessibility tree (a11y module defaults), moved by its arrow and bullet divs-as-buttons with a slide animation",
    // Two cards show at a time, so the bullets are the five positions "Go to slide 1..5". The
    // Next arrow is a div the a11y module makes a `button` named "Next slide"; slides are
    // `group`s named "n / 6", none hidden or inert while off screen. The second Next lands while
    // the first slide animation (400 ms) runs. The outcome names the carousel's position, so a
    // click on an off-screen card without moving the carousel does not pass.
    steps: [
      { intent: "click", target: { role: "button", name: "Next slide" }, reveals: true },
      { intent: "click", target: { role: "button", name: "Next slide" }, reveals: true },
      { intent: "click", target: { role: "button", name: "Add Trail Running Shoes to cart" } },
      { intent: "click", target: { role: "button", name: "Go to slide 5" }, reveals: true },
      { intent: "click", target: { role: "button", name: "Add Trekking Poles to cart" } },
      { intent: "click", target: { role: "button", name: "Checkout" } },
    ],
    outcome: "Checked out: [Trail Running Shoes, Trekking Poles]; total $198; showing slide 5",
  },
  {
    id: "chakra-invite",
    page: "chakra.html",
    about:
      "Chakra UI v3 (Ark UI / Zag.js): a Dialog's form with a Field, a composable Select portalled into the dialog, a Switch; a row's icon-only Menu in a portal",
    // The Select's trigger is a `button` with role combobox named by its label; its options are
    // portalled into the dialog's content. The Switch is a visually hidden `input type=checkbox`
    // (no role=switch) inside a `<label>`. Remove reports the team as it then stands, so the
    // invite's role and billing flag show in the outcome.
    steps: [
      { intent: "click", target: { role: "button", name: "Invite member" }, reveals: true },
      { intent: "fill", target: { role: "textbox", name: "Email" }, text: "dana.lee@example.com" },
      { intent: "click", target: { role: "combobox", name: "Role" }, reveals: true },
      { intent: "click", target: { role: "option", name: "Editor" } },
      { intent: "check", target: { role: "checkbox", name: "Can manage billing" } },
      { intent: "click", target: { role: "button", name: "Send invite" } },
      {
        intent: "click",
        target: { role: "button", name: "Actions for Ben Okafor" },
        reveals: true,
      },
      { intent: "click", target: { role: "menuitem", name: "Remove" } },
    ],
    outcome:
      "Team: Ana Silva (Owner, billing); Chloé Martin (Viewer); dana.lee@example.com (Editor, billing, pending)",
  },
  {
    id: "material-web-report",
    page: "material-web.html",
    about:
      "Material Web (@material/web): Lit web components whose controls live in shadow DOM, a select whose options open in a menu popup, a checkbox and a switch labelled by a wrapping <label>, a confirm dialog",
    // md-outlined-select renders role=combobox (named by its label) in its shadow root; a click
    // opens an md-menu popup of md-select-options, each an <li role="option"> in its own shadow
    // root. md-checkbox and md-switch are form-associated custom elements labelled by a wrapping
    // <label>, as the docs show. Submit opens an md-dialog (a modal native <dialog> in shadow
    // DOM); its "File bug" button submits the dialog's method="dialog" form, and the page reports
    // on the dialog's close with that returnValue.
    steps: [
      {
        intent: "fill",
        target: { role: "textbox", name: "Title" },
        text: "App crashes when saving a draft offline",
      },
      { intent: "click", target: { role: "combobox", name: "Severity" }, reveals: true },
      { intent: "click", target: { role: "option", name: "Critical" } },
      { intent: "check", target: { role: "checkbox", name: "Attach device logs" } },
      { intent: "check", target: { role: "switch", name: "Email me when the status changes" } },
      { intent: "click", target: { role: "button", name: "Submit" }, reveals: true },
      { intent: "click", target: { role: "button", name: "File bug" } },
    ],
    outcome:
      'Filed: "App crashes when saving a draft offline"; severity=critical; logs=attached; notify=on',
  },
  {
    id: "leaflet-offices",
    page: "leaflet.html",
    about:
      "Leaflet 1.9.4 (no tiles, offline): the map's own zoom control, marker <img>s made buttons named by their alt, a popup whose button fills a booking form beside the map",
    // The "+" is an <a role="button" aria-label="Zoom in">; it zooms about the centre with a
    // 250 ms animation that moves every marker. A marker is an <img role="button"> named by its
    // `alt` ("Berlin office"; its `title` "Berlin" is the description). Its popup is built on
    // the click, in the map's popup pane. "Book a visit" closes the popup and enables the
    // form's disabled fieldset with the office filled in. The outcome names the zoom level.
    steps: [
      { intent: "click", target: { role: "button", name: "Zoom in" } },
      { intent: "click", target: { role: "button", name: "Berlin office" }, reveals: true },
      { intent: "click", target: { role: "button", name: "Book a visit" }, reveals: true },
      { intent: "fill", target: { role: "textbox", name: "Your name" }, text: "Ada Lovelace" },
      { intent: "click", target: { role: "button", name: "Confirm booking" } },
    ],
    outcome: "Booked: Berlin office; visitor=Ada Lovelace; zoom=5",
  },
  {
    id: "tabulator-inventory",
    page: "tabulator.html",
    about:
      "Tabulator 6: a header filter input that filters live (300 ms debounce), in-cell editors opened by a click on the cell: a list editor whose values open in a popup list, a number editor committed with Enter",
    // The header filter is an `input type=search` named by its placeholder. "14" and "Berlin" are
    // in several rows until the filter leaves only the desk lamp. A click focuses the cell
    // (`tabindex=0`), which opens its editor in place: the list editor's values are plain
    // `div tabindex=0` items in a popup on <body>; the number editor is an `input type=number`
    // in the cell, committed with Enter. The outcome names each edited row from `getData()`.
    steps: [
      {
        intent: "type",
        target: { role: "searchbox", name: "Filter products" },
        text: "desk lamp",
        reveals: true,
      },
      { intent: "click", target: { role: "gridcell", name: "Berlin" }, reveals: true },
      { intent: "click", target: { role: "generic", name: "Rotterdam" } },
      { intent: "click", target: { role: "gridcell", name: "14" }, reveals: true },
      { intent: "type", target: { role: "spinbutton", name: "" }, text: "30", clear: true },
      { intent: "press", key: "Enter" },
      { intent: "click", target: { role: "button", name: "Save changes" } },
    ],
    outcome:
      'Saved: SKU-1003 warehouse="Rotterdam", stock=30; showing 1 of 12 (filter "desk lamp")',
  },
  {
    id: "trix-comment",
    page: "trix.html",
    about:
      "Trix: a <trix-editor> custom element bound to a hidden input, two typed lines, the second made a bullet from its toolbar",
    // The subject field starts as "Re: Launch plan" and is replaced. Trix names its editor from
    // the page's <label for> (it copies the text into aria-label). The "\n" is typed as Enter, so
    // the caret ends on the second line, which the toolbar's Bullets button (keeping the editor's
    // focus) turns into a list item. The outcome is the hidden input's value, Trix's own HTML.
    steps: [
      {
        intent: "fill",
        target: { role: "textbox", name: "Subject" },
        text: "Launch moves to Friday",
      },
      {
        intent: "type",
        target: { role: "textbox", name: "Message" },
        text: "Agreed, one change:\nShip on Friday",
      },
      { intent: "click", target: { role: "button", name: "Bullets" } },
      { intent: "click", target: { role: "button", name: "Post" } },
    ],
    outcome:
      "Posted: Launch moves to Friday | <div>Agreed, one change:</div><ul><li>Ship on Friday</li></ul>",
  },
  {
    id: "mui-tree-move",
    page: "mui-tree.html",
    about:
      "MUI X Tree View (RichTreeView): nested folders expanded by clicking their rows, checkbox selection of a file deep inside, a toolbar action on the selection",
    // Items are `li role="treeitem"` named by their contents, with `aria-expanded` on folders and
    // `aria-checked` on every selectable item; a collapsed folder's children are not rendered.
    // In checkbox mode a click on a row expands it but does not select it: only the row's
    // checkbox (an `aria-hidden` input) or Space on the focused item checks the file.
    steps: [
      { intent: "click", target: { role: "treeitem", name: "Finance" }, reveals: true },
      { intent: "click", target: { role: "treeitem", name: "2026" }, reveals: true },
      { intent: "check", target: { role: "treeitem", name: "Q2 report 2026.pdf" } },
      { intent: "click", target: { role: "button", name: "MOVE TO ARCHIVE" } },
    ],
    outcome: "Moved to archive: Finance/2026/Q2 report 2026.pdf",
  },
  {
    id: "cmdk-palette",
    page: "cmdk.html",
    about:
      "cmdk: a command palette in a Radix Dialog (portal, rest of the page aria-hidden), opened by a button and by Ctrl+K, whose combobox input filters grouped options as the person types; a nested page of options; Enter runs the highlighted option",
    // The input is a `combobox` named by cmdk's visually hidden <label> ("Command menu", the
    // Dialog's `label`); items are `option`s in `group`s whose headings are aria-hidden. Filtering
    // hides non-matching groups and unmounts non-matching items. "Change theme…" pushes a nested
    // page (search cleared, new options). Ctrl+K is a document keydown listener, as cmdk's docs
    // write it; Enter in the input runs the first (highlighted) match, "Go to Billing".
    steps: [
      { intent: "click", target: { role: "button", name: "Search commands" }, reveals: true },
      {
        intent: "type",
        target: { role: "combobox", name: "Command menu" },
        text: "theme",
        reveals: true,
      },
      { intent: "click", target: { role: "option", name: "Change theme…" }, reveals: true },
      { intent: "click", target: { role: "option", name: "Dark" } },
      { intent: "press", key: "Control+k", reveals: true },
      {
        intent: "type",
        target: { role: "combobox", name: "Command menu" },
        text: "bill",
        reveals: true,
      },
      { intent: "press", key: "Enter", target: { role: "combobox", name: "Command menu" } },
    ],
    outcome: "Ran: Theme Dark, Go to Billing; theme=dark; view=Billing; sidebar=shown",
  },
  {
    id: "primevue-payment",
    page: "primevue.html",
    about:
      "PrimeVue 4 (Vue 3, Aura theme): a filterable Select and a MultiSelect in overlays appended to the body, a currency InputNumber that formats as it is typed, a DatePicker popup, a ToggleSwitch",
    steps: [
      { intent: "click", target: { role: "combobox", name: "Customer" }, reveals: true },
      { intent: "click", target: { role: "option", name: "Globex Corporation" } },
      { intent: "fill", target: { role: "spinbutton", name: "Amount" }, text: "1250.50" },
      { intent: "click", target: { role: "combobox", name: "Paid on" }, reveals: true },
      { intent: "click", target: { role: "gridcell", name: "18" } },
      { intent: "click", target: { role: "combobox", name: "Tags" }, reveals: true },
      { intent: "click", target: { role: "option", name: "Wire" } },
      { intent: "click", target: { role: "option", name: "Urgent" } },
      { intent: "press", key: "Escape", reveals: true },
      { intent: "check", target: { role: "switch", name: "Email a receipt" } },
      { intent: "click", target: { role: "button", name: "Save payment" } },
    ],
    outcome:
      "Payment: Globex Corporation; amount=1250.5; paid=18 this month; tags=Urgent+Wire; receipt=true",
  },
  {
    id: "vuetify-triage",
    page: "vuetify.html",
    about:
      "Vuetify 3 (Vue 3, Material Design): a Select and an Autocomplete whose menus are overlays teleported to the body, a Checkbox, a Dialog with a scrim",
    // Vuetify's buttons draw their labels in capitals (`text-transform: uppercase`), and
    // Chromium names them by the text as drawn: "SAVE". The Select's and the Autocomplete's
    // input lets the pointer through to its field (`pointer-events: none`), which opens the menu.
    steps: [
      { intent: "click", target: { role: "combobox", name: "Priority" }, reveals: true },
      { intent: "click", target: { role: "option", name: "High" } },
      {
        intent: "type",
        target: { role: "combobox", name: "Assignee" },
        text: "mar",
        reveals: true,
      },
      { intent: "click", target: { role: "option", name: "Marta Nowak" } },
      { intent: "check", target: { role: "checkbox", name: "Notify watchers" } },
      { intent: "click", target: { role: "button", name: "SAVE" }, reveals: true },
      { intent: "click", target: { role: "button", name: "CONFIRM" } },
    ],
    outcome: "Triaged: priority=High; assignee=Marta Nowak; notify=true",
  },
  {
    id: "fomantic-invite",
    page: "fomantic.html",
    about:
      "Fomantic-UI (jQuery, the maintained Semantic UI): a search dropdown and a selection dropdown built of divs over a hidden input, a checkbox whose input is hidden behind its label, a modal whose actions are divs",
    // Little ARIA: the selection dropdown is a focusable div named by the choice it shows, its
    // items and the modal's actions are divs a person takes for buttons, and the checkbox's
    // label is no `<label for>` (the library pairs them): the checkbox reads its text beside it.
    steps: [
      { intent: "type", target: { role: "textbox", name: "Country" }, text: "ger", reveals: true },
      { intent: "click", target: { role: "generic", name: "Germany" } },
      { intent: "click", target: { role: "generic", name: "Viewer" }, reveals: true },
      { intent: "click", target: { role: "generic", name: "Editor" } },
      { intent: "check", target: { role: "checkbox", name: "Send me a weekly summary" } },
      { intent: "click", target: { role: "button", name: "Send invite" }, reveals: true },
      { intent: "click", target: { role: "generic", name: "Yes, send it" } },
    ],
    outcome: "Invited: marta@example.com; country=Germany; role=Editor; weekly=true",
  },
  {
    id: "chosen-ticket",
    page: "chosen.html",
    about:
      "Chosen (jQuery): two selects drawn beside their hidden native selects, one with a search field, each with a results list that listens for the mouse",
    // The selects' labels name the hidden native selects, so Chosen's boxes are named by what
    // they show; the search field has no name, and closed it is clipped shut.
    steps: [
      { intent: "fill", target: { role: "textbox", name: "Summary" }, text: "Export hangs" },
      { intent: "click", target: { role: "generic", name: "Choose a product" }, reveals: true },
      // Chosen marks the typed part of each result (`<em>Rep</em>orting`).
      { intent: "type", target: { role: "textbox", name: "" }, text: "rep", reveals: true },
      { intent: "click", target: { role: "listitem", name: "Reporting" } },
      { intent: "click", target: { role: "generic", name: "Choose a severity" }, reveals: true },
      { intent: "click", target: { role: "listitem", name: "High" } },
      { intent: "click", target: { role: "button", name: "File ticket" } },
    ],
    outcome: "Filed: Export hangs; product=Reporting; severity=High",
  },
  {
    id: "ionic-profile",
    page: "ionic.html",
    about:
      "Ionic (web components): fields, a toggle and a checkbox inside shadow roots, a select that opens an alert of radio buttons laid over the app",
    steps: [
      { intent: "fill", target: { role: "textbox", name: "Display name" }, text: "Marta N." },
      { intent: "click", target: { role: "button", name: "Language, Choose one" }, reveals: true },
      { intent: "click", target: { role: "radio", name: "Polski" } },
      { intent: "click", target: { role: "button", name: "OK" } },
      { intent: "check", target: { role: "switch", name: "Weekly digest" } },
      { intent: "check", target: { role: "checkbox", name: "I accept the new terms" } },
      { intent: "click", target: { role: "button", name: "SAVE PROFILE" } },
    ],
    outcome: "Saved: Marta N.; language=pl; digest=true; terms=true",
  },
  {
    id: "intl-tel-contact",
    page: "intl-tel.html",
    about:
      "intl-tel-input: a phone field with a country button beside it, whose dropdown holds a search field and a long list of countries",
    steps: [
      { intent: "fill", target: { role: "textbox", name: "Name" }, text: "Marta Nowak" },
      {
        intent: "click",
        target: { role: "button", name: "Change country, selected United States (+1)" },
        reveals: true,
      },
      { intent: "type", target: { role: "combobox", name: "Search" }, text: "pol", reveals: true },
      { intent: "click", target: { role: "option", name: "Poland +48" } },
      { intent: "fill", target: { role: "textbox", name: "Phone" }, text: "601 234 567" },
      { intent: "click", target: { role: "button", name: "Save contact" } },
    ],
    outcome: "Saved: Marta Nowak; phone=+48601234567; country=pl; valid=true",
  },
  {
    id: "tagify-topics",
    page: "tagify.html",
    about:
      "Tagify: tags and an editable span in place of the input, a suggestions dropdown added to the page as you type, tags removed by their x",
    steps: [
      // The tag the page came with is not an allowed topic: its x removes it.
      { intent: "click", target: { role: "button", name: "remove tag" } },
      {
        intent: "type",
        target: { role: "textbox", name: "Tags input field" },
        text: "type",
        reveals: true,
      },
      { intent: "click", target: { role: "option", name: "typescript" } },
      {
        intent: "type",
        target: { role: "textbox", name: "Tags input field" },
        text: "perf",
        reveals: true,
      },
      { intent: "click", target: { role: "option", name: "performance" } },
      { intent: "click", target: { role: "button", name: "Save tags" } },
    ],
    outcome: "Tags: typescript, performance",
  },
  {
    id: "quasar-project",
    page: "quasar.html",
    about:
      "Quasar (Vue): a select that filters as typed and lists its options in a menu at the end of the page, a masked date field, a toggle, a confirmation dialog",
    steps: [
      { intent: "fill", target: { role: "textbox", name: "Project name" }, text: "Atlas" },
      { intent: "type", target: { role: "combobox", name: "Owner" }, text: "mar", reveals: true },
      { intent: "click", target: { role: "option", name: "Marta Nowak" } },
      // The field's calendar opens from its icon, which Quasar hides from the tree
      // (`aria-hidden`): the date is typed into its mask, as a keyboard user enters it.
      { intent: "type", target: { role: "textbox", name: "Due date" }, text: "20270315" },
      { intent: "check", target: { role: "switch", name: "Share with the team" } },
      { intent: "click", target: { role: "button", name: "CREATE PROJECT" }, reveals: true },
      { intent: "click", target: { role: "button", name: "YES, CREATE" } },
    ],
    outcome: "Created: Atlas; owner=Marta Nowak; due=2027/03/15; shared=true",
  },
  {
    id: "bootstrap-select-invite",
    page: "bootstrap-select.html",
    about:
      "bootstrap-select (jQuery, Bootstrap 5): selects drawn as buttons over hidden native selects, a menu with a live search field, a multiple select that stays open as options are ticked",
    steps: [
      { intent: "fill", target: { role: "textbox", name: "Company" }, text: "Nordwind" },
      { intent: "click", target: { role: "combobox", name: "Country" }, reveals: true },
      { intent: "type", target: { role: "combobox", name: "Search" }, text: "ger", reveals: true },
      { intent: "click", target: { role: "option", name: "Germany" } },
      { intent: "click", target: { role: "combobox", name: "Areas" }, reveals: true },
      { intent: "click", target: { role: "option", name: "Payments" } },
      { intent: "click", target: { role: "option", name: "Support" } },
      { intent: "press", key: "Escape" },
      { intent: "click", target: { role: "button", name: "Send invitation" } },
    ],
    outcome: "Invited: Nordwind; country=Germany; areas=Payments+Support",
  },
  {
    id: "slim-select-shipment",
    page: "slim-select.html",
    about:
      "Slim Select (plain JavaScript): selects drawn as boxes over hidden native selects, a panel at the end of the page with a search field, a multiple select whose choices are chips with their own remove buttons",
    steps: [
      { intent: "fill", target: { role: "textbox", name: "Reference" }, text: "SHP-2041" },
      { intent: "click", target: { role: "combobox", name: "Carrier" }, reveals: true },
      {
        intent: "type",
        target: { role: "searchbox", name: "Search..." },
        text: "post",
        reveals: true,
      },
      { intent: "click", target: { role: "option", name: "PostNL" } },
      { intent: "click", target: { role: "button", name: "Remove Fragile" } },
      { intent: "click", target: { role: "combobox", name: "Handling" }, reveals: true },
      { intent: "click", target: { role: "option", name: "Keep dry" } },
      { intent: "click", target: { role: "button", name: "Plan shipment" } },
    ],
    outcome: "Planned: SHP-2041; carrier=PostNL; handling=Keep dry",
  },
  {
    id: "masks-payment",
    page: "masks.html",
    about:
      "Input masks (Inputmask, IMask): fields that rewrite their value on every input, inserting parentheses, dashes, slashes, spaces and thousands separators as the digits come",
    steps: [
      { intent: "fill", target: { role: "textbox", name: "Card holder" }, text: "Ana Silva" },
      { intent: "fill", target: { role: "textbox", name: "Phone" }, text: "5551234567" },
      { intent: "fill", target: { role: "textbox", name: "Date of birth" }, text: "15/03/1990" },
      {
        intent: "fill",
        target: { role: "textbox", name: "Card number" },
        text: "4111111111111111",
      },
      { intent: "fill", target: { role: "textbox", name: "Amount" }, text: "1250.50" },
      { intent: "click", target: { role: "button", name: "Save payment" } },
    ],
    outcome:
      "Saved: Ana Silva; phone=5551234567; born=15/03/1990; card=4111111111111111; amount=1250.5",
  },
  {
    id: "dropzone-claim",
    page: "dropzone.html",
    about:
      "Dropzone (plain JavaScript): two drop zones whose hidden file inputs sit at the end of the body, one per zone, each opened by a click on its own zone; chosen files show as previews",
    steps: [
      { intent: "fill", target: { role: "textbox", name: "Purpose" }, text: "Client visit" },
      {
        intent: "upload",
        target: { role: "button", name: "Drop the approval email here or click to choose" },
        file: { name: "approval.eml", type: "message/rfc822", text: "Approved. Ana" },
      },
      {
        intent: "upload",
        target: { role: "button", name: "Drop receipts here or click to choose" },
        file: { name: "taxi.txt", type: "text/plain", text: "Taxi 24.50 EUR" },
      },
      { intent: "click", target: { role: "button", name: "Submit claim" } },
    ],
    outcome: "Claimed: Client visit; receipts=taxi.txt(14); approval=approval.eml(13)",
  },
  {
    id: "input-otp-verify",
    page: "input-otp.html",
    about:
      "input-otp (React, as shadcn/ui's InputOTP): one transparent input laid over six drawn slots that show the digits, keeping only digits",
    steps: [
      { intent: "fill", target: { role: "textbox", name: "One-time code" }, text: "482913" },
      { intent: "click", target: { role: "button", name: "Verify" } },
    ],
    outcome: "Verified: 482913",
  },
  {
    id: "bootstrap-datepicker-booking",
    page: "bootstrap-datepicker.html",
    about:
      "bootstrap-datepicker (jQuery): a calendar of plain table cells opened below a text field, its month arrows and days handled by one listener on the calendar",
    steps: [
      { intent: "fill", target: { role: "textbox", name: "Guest name" }, text: "Ana Silva" },
      { intent: "click", target: { role: "textbox", name: "Check-in" }, reveals: true },
      { intent: "click", target: { role: "columnheader", name: "»" }, reveals: true },
      { intent: "click", target: { role: "cell", name: "15" } },
      { intent: "click", target: { role: "button", name: "Book" } },
    ],
    outcome: "Booked: Ana Silva; check-in=2027-04-15",
  },
  {
    id: "daterangepicker-report",
    page: "daterangepicker.html",
    about:
      "daterangepicker (jQuery, moment): two months side by side as plain tables whose days one mousedown listener per month handles, a range picked by two clicks and applied",
    steps: [
      { intent: "click", target: { role: "textbox", name: "Period" }, reveals: true },
      { intent: "click", target: { role: "cell", name: "10" } },
      { intent: "click", target: { role: "cell", name: "20" } },
      { intent: "click", target: { role: "button", name: "Apply" } },
      { intent: "click", target: { role: "button", name: "Run report" } },
    ],
    outcome: "Report: 2027-03-10 to 2027-03-20",
  },
  {
    id: "jstree-open",
    page: "jstree.html",
    about:
      "jsTree (jQuery): folders that open by a nameless arrow icon, a double click or the arrow keys, a click on a name selecting it, children drawn only once their folder opens",
    steps: [
      // A folder opens from the keyboard, as a person using the tree's own keys would.
      { intent: "press", target: { role: "treeitem", name: "Documents" }, key: "ArrowRight" },
      { intent: "press", target: { role: "treeitem", name: "Documents" }, key: "ArrowDown" },
      { intent: "press", target: { role: "treeitem", name: "Contracts" }, key: "ArrowDown" },
      { intent: "press", target: { role: "treeitem", name: "Invoices" }, key: "ArrowRight" },
      { intent: "click", target: { role: "treeitem", name: "April 2027.pdf" } },
      { intent: "click", target: { role: "button", name: "Open selected" } },
    ],
    outcome: "Opened: April 2027.pdf",
  },
  {
    id: "details-menu-pin",
    page: "details-menu.html",
    about:
      "GitHub's details-menu: a <details> whose <summary> opens a menu of radio items; an issue list whose row actions CSS draws only while the pointer rests on the row",
    steps: [
      { intent: "click", target: { role: "button", name: "Sort" }, reveals: true },
      { intent: "click", target: { role: "menuitemradio", name: "Most commented" } },
      // The row's actions are not drawn until the pointer rests on it, as a person's would.
      {
        intent: "hover",
        target: { role: "listitem", name: "Login fails on Safari" },
        reveals: true,
      },
      { intent: "click", target: { role: "button", name: "Pin" } },
    ],
    outcome: "Pinned: Login fails on Safari; sort=comments",
  },
  {
    id: "fluentui-ticket",
    page: "fluentui.html",
    about:
      "Fluent UI React v9: a Dropdown (a button that is a combobox) and a filtering Combobox whose listboxes open in a portal, a Switch, and a Dialog to confirm",
    steps: [
      { intent: "fill", target: { role: "textbox", name: "Title" }, text: "Printer jammed" },
      { intent: "click", target: { role: "combobox", name: "Priority" }, reveals: true },
      { intent: "click", target: { role: "option", name: "High" } },
      {
        intent: "type",
        target: { role: "combobox", name: "Assignee" },
        text: "mar",
        reveals: true,
      },
      { intent: "click", target: { role: "option", name: "Marta Nowak" } },
      { intent: "check", target: { role: "switch", name: "Notify watchers" } },
      { intent: "click", target: { role: "button", name: "Create ticket" }, reveals: true },
      { intent: "click", target: { role: "button", name: "Confirm" } },
    ],
    outcome: "Created: Printer jammed; priority=High; assignee=Marta Nowak; notify=yes",
  },
  {
    id: "blueprint-invite",
    page: "blueprint.html",
    about:
      "Blueprint: a Select whose button opens a popover with a filter field and a menu, a NumericInput stepped by its icon buttons, tabs whose panels render only when chosen",
    steps: [
      { intent: "fill", target: { role: "textbox", name: "Email" }, text: "ana@example.com" },
      { intent: "click", target: { role: "button", name: "Pick a team" }, reveals: true },
      {
        intent: "type",
        target: { role: "combobox", name: "Filter..." },
        text: "des",
        reveals: true,
      },
      { intent: "click", target: { role: "option", name: "Design" } },
      { intent: "click", target: { role: "button", name: "increment" } },
      { intent: "click", target: { role: "button", name: "increment" } },
      { intent: "click", target: { role: "tab", name: "Access" }, reveals: true },
      { intent: "check", target: { role: "radio", name: "Admin" } },
      { intent: "check", target: { role: "checkbox", name: "Send a welcome email" } },
      { intent: "click", target: { role: "button", name: "Send invite" } },
    ],
    outcome: "Invited: ana@example.com; team=Design; seats=3; role=admin; welcome=yes",
  },
  {
    id: "driver-tour-export",
    page: "driver.html",
    about:
      "driver.js: an onboarding tour started on load, whose overlay takes every click until its popover's Next and Done buttons finish it",
    steps: [
      { intent: "click", target: { role: "button", name: "Next" }, reveals: true },
      { intent: "click", target: { role: "button", name: "Next" }, reveals: true },
      { intent: "click", target: { role: "button", name: "Done" } },
      { intent: "select", target: { role: "combobox", name: "Range" }, option: "Last quarter" },
      { intent: "click", target: { role: "button", name: "Export report" } },
    ],
    outcome: "Exported: Last quarter; tour=finished",
  },
  {
    id: "sonner-undo",
    page: "sonner.html",
    about:
      "Sonner: an action answered by a toast whose Undo button exists for four seconds, in a notifications region apart from the page",
    steps: [
      {
        intent: "click",
        target: { role: "button", name: "Archive Quarterly numbers" },
        reveals: true,
      },
      { intent: "click", target: { role: "button", name: "Undo" } },
      { intent: "click", target: { role: "button", name: "Archive Lunch on Friday" } },
      { intent: "click", target: { role: "button", name: "Done" } },
    ],
    outcome: "Archived: Lunch on Friday; restored: Quarterly numbers",
  },
  {
    id: "naive-ui-rules",
    page: "naive-ui.html",
    about:
      "Naive UI (Vue 3): a filterable select whose options, with no roles, render in a virtual list in a popover; a switch named only by its form item's label above it",
    steps: [
      {
        intent: "type",
        target: { role: "textbox", name: "Warehouse" },
        text: "rot",
        reveals: true,
      },
      // Naive UI's options carry no role: a plain clickable element named by its text.
      { intent: "click", target: { role: "generic", name: "Rotterdam" } },
      { intent: "check", target: { role: "switch", name: "Express" } },
      { intent: "click", target: { role: "button", name: "Save rules" } },
    ],
    outcome: "Saved: warehouse=Rotterdam; parcels=10; express=yes",
  },
  {
    id: "tribute-mention",
    page: "tribute.html",
    about:
      "Tribute: an @mention typed into a contenteditable reply opens a plain list of people with no roles, chosen by a click",
    steps: [
      {
        intent: "type",
        target: { role: "textbox", name: "Reply" },
        text: "Looks good @mar",
        reveals: true,
      },
      { intent: "click", target: { role: "listitem", name: "Marta Nowak" } },
      { intent: "click", target: { role: "button", name: "Post reply" } },
    ],
    outcome: "Posted: Looks good @Marta Nowak; mentions=marta",
  },
];
