/**
 * The only functions the Broker may run in a page (DESIGN.md requirement 7).
 * The provider accepts `Runtime.callFunctionOn` only when its
 * `functionDeclaration` is exactly one of these strings, so no caller-chosen
 * script ever reaches a page: callers choose only the arguments, which are
 * JSON values or objects the Broker resolved itself.
 *
 * Each source is pure data, compared byte for byte. None returns page text:
 * only booleans, numbers and fixed words cross back, so comparing a value
 * with what the caller typed happens inside the page. `this` is the element
 * (or, for `textPresent`, the document) the call is made on.
 *
 * @module
 */

/**
 * A part of the page functions: `clippedAway(el)`, whether one of `el`'s
 * nearest eight ancestors clips it to a pixel or less: a wrapper that hides
 * its overflow in a box at most a pixel across, or clips to a rectangle of
 * nothing (`sr-only`, `p-hidden-accessible`: a visually hidden field keeps
 * a box of its own size there, and its box alone would send a click where
 * nothing of it shows). A scroller or a carousel that clips its content is
 * no such wrapper: what it hides is out of view, not hidden. Only
 * ancestors that hold the box in their flow clip it: an absolutely
 * positioned box passes the static ones on the way to its positioned
 * ancestor, a fixed one all of them.
 */
const clippedAway = String.raw`const clippedAway = (el) => {
    let position = getComputedStyle(el).position;
    let at = el.parentElement;
    for (let level = 0; at !== null && level < 8; level++, at = at.parentElement) {
      if (position === "fixed" || at === el.ownerDocument.body) return false;
      const style = getComputedStyle(at);
      if (position === "absolute" && style.position === "static") continue;
      position = style.position;
      if (/^rect\(0(px)?,? 0(px)?,? 0(px)?,? 0(px)?\)$/.test(style.clip)) return true;
      if (style.overflowX === "visible" && style.overflowY === "visible") continue;
      const box = at.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) return true;
    }
    return false;
  };`;

/**
 * Describe an element for the action engine: its kind, whether it is
 * connected, visible, shrunk (visible, but clipped to a pixel or less by
 * a wrapper: `clippedAway`), disabled, read-only, checked and focused. Kinds:
 * `text` (text-like input or textarea), `value` (date, time, colour or range
 * input), `checkbox` (with the checkable `item`s of trees, lists and grids:
 * `aria-checked` on a treeitem, option, gridcell or row), `radio`, `select`,
 * `multiselect`, `editable` (contenteditable) or `other`. A label whose
 * checkbox or radio is not rendered is that input's kind and state, seen
 * where the label is. A text field or editable element also says
 * whether it `suggests`: whether what is typed there may start a search or
 * open suggestions, on a timer the wait after typing must outlast. It does
 * when it says so (a combobox or search role, a search input, a datalist,
 * ARIA autocomplete, popup, expanded, controls or owns, or the browser's own
 * autocomplete turned off, as suggestion widgets do), sits in a search
 * landmark, or is named or marked for searching or filtering. `offOnly`
 * says the browser's autocomplete turned off was the only sign: form
 * libraries (Element Plus, Ionic) turn it off on every field.
 */
const describeElement = String.raw`function () {
  if (!(this instanceof Element) || !this.isConnected) return { connected: false };
  // A label whose checkbox or radio is not rendered stands for it: its state is the input's.
  const stood = this instanceof HTMLLabelElement ? this.control : null;
  const standsFor = stood instanceof HTMLInputElement &&
    (stood.type === "checkbox" || stood.type === "radio") && stood.getClientRects().length === 0;
  const el = standsFor ? stood : this;
  const tag = el.localName;
  const type = tag === "input" ? String(el.type).toLowerCase() : "";
  const role = el.getAttribute("role");
  const textTypes = ["text", "search", "url", "tel", "email", "password", "number"];
  const valueTypes = ["date", "datetime-local", "month", "week", "time", "color", "range"];
  let kind = "other";
  if (tag === "textarea" || (tag === "input" && textTypes.includes(type))) kind = "text";
  else if (tag === "input" && valueTypes.includes(type)) kind = "value";
  else if (tag === "input" && type === "checkbox") kind = "checkbox";
  else if (tag === "input" && type === "radio") kind = "radio";
  else if (tag === "select") kind = el.multiple ? "multiselect" : "select";
  else if (el.isContentEditable) kind = "editable";
  else if (role === "checkbox" || role === "switch" || role === "menuitemcheckbox") kind = "checkbox";
  else if (role === "radio" || role === "menuitemradio") kind = "radio";
  // An item of a tree, list or grid the page lets be checked (a file tree's checkbox selection).
  const itemRole = ["treeitem", "option", "gridcell", "row"].includes(role);
  if (kind === "other" && itemRole && el.hasAttribute("aria-checked")) kind = "checkbox";
  const item = kind === "checkbox" && itemRole;
  // What a person sees and clicks is the element itself, the label for an input it stands for.
  const visible = typeof this.checkVisibility === "function"
    ? this.checkVisibility({ visibilityProperty: true })
    : this.getClientRects().length > 0;
  ${clippedAway}
  const shrunk = visible && clippedAway(this);
  const disabled = el.matches(":disabled") || el.getAttribute("aria-disabled") === "true" ||
    el.closest("[inert]") !== null;
  const readOnly = ((kind === "text" || kind === "value") && el.readOnly === true) ||
    el.getAttribute("aria-readonly") === "true";
  let checked = null;
  if (tag === "input" && (type === "checkbox" || type === "radio")) {
    checked = el.indeterminate && type === "checkbox" ? "mixed" : el.checked;
  } else if (el.hasAttribute("aria-checked")) {
    const aria = el.getAttribute("aria-checked");
    checked = aria === "mixed" ? "mixed" : aria === "true";
  }
  // The element's own root answers for it, open or closed shadow root alike (the host's
  // shadowRoot is null for a closed one, so walking down from the document cannot reach it).
  const focused = this.getRootNode().activeElement === this;
  let suggests = false;
  let offOnly = false;
  if (kind === "text" || kind === "editable") {
    const has = (name) => el.hasAttribute(name) && !["false", "none"].includes(el.getAttribute(name));
    const marks = ["placeholder", "aria-label", "name", "id", "class", "title", "data-provide"]
      .map((name) => el.getAttribute(name) ?? "").join(" ");
    suggests = role === "combobox" || role === "searchbox" || type === "search" ||
      has("list") || has("aria-autocomplete") || has("aria-haspopup") ||
      has("aria-controls") || has("aria-owns") || el.hasAttribute("aria-expanded") ||
      el.closest("[role=search], search") !== null ||
      /search|filter|query|find|lookup|typeahead|autocomplete|suggest/i.test(marks);
    offOnly = !suggests && String(el.getAttribute("autocomplete")).toLowerCase() === "off";
    suggests = suggests || offOnly;
  }
  return {
    connected: true,
    kind,
    visible,
    shrunk,
    disabled,
    readOnly,
    checked,
    focused,
    suggests,
    offOnly,
    item,
  };
}`;

/**
 * A part of page functions: `isControl(node)`, whether a node is
 * interactive by tag, focusability, `onclick` or widget role.
 */
const controlTest = String
  .raw`const controls = "a[href], area[href], button, input:not([type=hidden]), select, " +
    "textarea, iframe, frame, embed, object, summary, details, audio[controls], " +
    "video[controls], [contenteditable]:not([contenteditable=false]), [tabindex], [onclick], " +
    "[role=button], [role=link], [role=checkbox], [role=radio], [role=switch], " +
    "[role=menuitem], [role=menuitemcheckbox], [role=menuitemradio], [role=option], " +
    "[role=tab], [role=textbox], [role=searchbox], [role=combobox], [role=slider], " +
    "[role=spinbutton], [role=treeitem], [role=gridcell]";
  const isControl = (node) => node instanceof Element && node.matches(controls);`;

/**
 * A part of the hit test and the box page functions: `isControl(node)`,
 * whether a node is interactive by tag, focusability, `onclick` or widget
 * role, `holdsOnly(container, target, limit)`, whether a container holds
 * no control but the target (at most `limit` elements searched), and
 * `faceOf(target)`, the element that draws a control its
 * wrappers clip to a pixel (`clippedAway`: a visually hidden
 * `<input role=combobox>` inside the box a person clicks, as PrimeVue's
 * MultiSelect draws it): its nearest ancestor, at most four levels up in
 * its own tree, with a box larger than a pixel, when that ancestor shows a
 * pointer, it and those below it on the way are no controls, and it holds
 * no control but the target (at most 200 elements searched); else null, as
 * for a control whose own box shows or that has no box of its own (a
 * control shrunk to nothing is hidden, not drawn by its parent).
 */
const faceOf = String.raw`${controlTest}
  // Whether a container holds no control but the target, searching at most limit elements.
  const holdsOnly = (container, target, limit) => {
    let seen = 0;
    for (const element of container.querySelectorAll("*")) {
      if (++seen > limit) return false;
      if (element !== target && isControl(element)) return false;
    }
    return true;
  };
  ${clippedAway}
  const faceOf = (target) => {
    const own = target.getBoundingClientRect();
    if (own.width * own.height <= 1 || !clippedAway(target)) return null;
    let face = target.parentElement;
    for (let level = 0; face !== null; level++, face = face.parentElement) {
      if (level >= 4 || isControl(face) || face === face.ownerDocument.body) return null;
      const box = face.getBoundingClientRect();
      if (box.width > 1 && box.height > 1) break;
    }
    if (face === null || getComputedStyle(face).cursor !== "pointer") return null;
    return holdsOnly(face, target, 200) ? face : null;
  };`;

/**
 * Whether a click on the node hit at a point (the argument) reaches this
 * element, the hit test of requirement 8. It does when the hit is:
 * 1. this element or inside it, across shadow roots upwards, and from
 *    slotted content to the slot it shows in (the way its events go: a
 *    grid's cell content, slotted into the cell in the grid's shadow tree);
 * 2. inside a label whose control is this element (`label.control`), with
 *    no other control between the hit and the label — the label hands
 *    the click on, as a person's click on it would; a label of another
 *    control refuses at once; a label of no control counts when this
 *    element is a checkbox or radio input beside it, in a wrapper that
 *    holds no other control (at most 50 elements searched): the page pairs
 *    them itself, as Semantic UI's checkbox does;
 * 3. a part of this element's own component that draws it: the component
 *    is this element's nearest custom-element ancestor in its own tree,
 *    else the host of its shadow root; the hit must be the component
 *    itself or inside the component's shadow tree (never among its other
 *    light children), with no control on the way up, and the component
 *    may hold no control besides this element (nor its ancestors and
 *    descendants), so a click there can mean nothing else;
 * 4. inside this element's face, when it is a control hidden to a pixel
 *    (see `faceOf`), with no control between the hit and the face: the
 *    face holds no other control, so a click there can mean nothing else;
 * 5. an ancestor of this element, when the element lets the pointer
 *    through (`pointer-events: none`: Vuetify's field input, drawn over
 *    by nothing, whose clicks its field takes) and the hit lies within the
 *    nearest control around it: a person's click there goes the same way.
 * Controls are interactive elements by tag, focusability, `onclick` or
 * widget role; another frame's node never reaches the element. A
 * component larger than 2,000 elements is refused rather than searched.
 * A hit on a ::before or ::after box is a hit on its element.
 */
const deliversTo = String.raw`function (found) {
  const target = this;
  // Chromium's hit test finds a ::before or ::after box as its own node, which resolves to a
  // CSSPseudoElement: the input goes to the element it belongs to.
  const hit = found instanceof Node ? found : found && found.element;
  if (!(hit instanceof Node)) return false;
  const up = (node) =>
    node.assignedSlot || (node instanceof ShadowRoot ? node.host : node.parentNode);
  let depth = 0;
  for (let node = hit; node; node = up(node)) {
    if (node === target) return true;
    if (++depth > 4096) return false;
  }
  ${faceOf}
  const within = (outer, node) => {
    for (let at = node; at; at = up(at)) if (at === outer) return true;
    return false;
  };
  // A label that names no control, beside a checkbox or radio in a wrapper holding no other
  // control: the page pairs the two itself (Semantic UI's and Fomantic-UI's checkbox draws
  // its box with the label, over the input, and toggles on the label's click).
  const besideToggle = (label) => {
    const wrapper = target.parentElement;
    return target instanceof HTMLInputElement && ["checkbox", "radio"].includes(target.type) &&
      wrapper !== null && label.parentElement === wrapper && holdsOnly(wrapper, target, 50);
  };
  for (let node = hit; node; node = up(node)) {
    if (!(node instanceof Element)) continue;
    if (node.localName === "label") {
      if (node.control === target) return true;
      if (node.control) return false;
      if (besideToggle(node)) return true;
    } else if (isControl(node)) {
      break;
    }
  }
  const face = faceOf(target);
  if (face !== null) {
    for (let node = hit; node; node = up(node)) {
      if (node === face) return true;
      if (isControl(node)) break;
    }
  }
  if (getComputedStyle(target).pointerEvents === "none" && within(hit, target)) {
    const around = target.parentElement && target.parentElement.closest(controls);
    if (around && within(around, hit)) return true;
  }
  let component = null;
  for (let node = target.parentElement; node; node = node.parentElement) {
    if (node.localName.includes("-")) {
      component = node;
      break;
    }
  }
  const tree = target.getRootNode();
  if (component === null && tree instanceof ShadowRoot) component = tree.host;
  if (component === null) return false;
  let drawn = hit === component;
  const roots = [component];
  if (component.shadowRoot) roots.push(component.shadowRoot);
  for (let node = hit; node && node !== component; node = up(node)) {
    if (node instanceof ShadowRoot) {
      roots.push(node);
      if (node.host === component) drawn = true;
    } else if (isControl(node)) {
      return false;
    }
  }
  if (!drawn) return false;
  for (let node = target; node && node !== component; node = up(node)) {
    if (node instanceof ShadowRoot) roots.push(node);
  }
  const searched = new Set();
  let seen = 0;
  while (roots.length > 0) {
    const root = roots.pop();
    if (searched.has(root)) continue;
    searched.add(root);
    for (const element of root.querySelectorAll("*")) {
      if (++seen > 2000) return false;
      if (element.shadowRoot) roots.push(element.shadowRoot);
      if (element === component || !isControl(element)) continue;
      if (within(target, element) || within(element, target)) continue;
      return false;
    }
  }
  return true;
}`;

/**
 * A part of the box page functions: `addQuads(quads, rects)` adds each
 * client rect that covers more than a pixel to `quads` as a quad (8
 * numbers, viewport coordinates), at most 8 in all; true once it holds 8.
 */
const addQuads = String.raw`const addQuads = (quads, rects) => {
    for (const rect of rects) {
      if (rect.width * rect.height <= 1) continue;
      quads.push([rect.left, rect.top, rect.right, rect.top, rect.right, rect.bottom, rect.left, rect.bottom]);
      if (quads.length === 8) return true;
    }
    return false;
  };`;

/**
 * The boxes of this control's first visible label, else of its face
 * (`faceOf`), as quads (8 numbers each, viewport coordinates), or null:
 * where to aim at a control drawn by its label or its face while its own
 * box is too small to take a click (a visually hidden checkbox, the hidden
 * input of a select drawn by its box). Only in the top frame, whose
 * viewport quads use.
 */
const labelBox = String.raw`function () {
  ${addQuads}
  ${faceOf}
  const view = this.ownerDocument.defaultView;
  if (!view || view !== view.top) return null;
  const shows = (element) => typeof element.checkVisibility !== "function" ||
    element.checkVisibility({ visibilityProperty: true, opacityProperty: true });
  for (const label of this.labels ?? []) {
    if (!shows(label)) continue;
    const quads = [];
    addQuads(quads, label.getClientRects());
    if (quads.length > 0) return quads;
  }
  const face = faceOf(this);
  if (face === null || !shows(face)) return null;
  const quads = [];
  addQuads(quads, face.getClientRects());
  return quads.length > 0 ? quads : null;
}`;

/**
 * The boxes of this item's own row, as quads (8 numbers each, viewport
 * coordinates), or null when it holds no item of its own role: an expanded
 * tree item (or a menu item with its submenu) holds its children's items
 * in its box, so the box's centre may be a child's row, where a click
 * would pick the child. Its own row is what comes before the branch that
 * holds the first nested item: a label, an icon, the row's content.
 * Null when nothing there has a box, and outside the top frame.
 */
const headBox = String.raw`function () {
  ${addQuads}
  const view = this.ownerDocument.defaultView;
  const role = this.getAttribute("role");
  if (!view || view !== view.top || !role || !/^[a-z]+$/.test(role)) return null;
  const nested = this.querySelector("[role=" + role + "]");
  if (nested === null) return null;
  let branch = nested;
  while (branch.parentNode !== this) branch = branch.parentNode;
  const quads = [];
  const range = this.ownerDocument.createRange();
  for (const child of this.childNodes) {
    if (child === branch) break;
    let rects = [];
    if (child.nodeType === 1) rects = child.getClientRects();
    else if (child.nodeType === 3) {
      range.selectNodeContents(child);
      rects = range.getClientRects();
    }
    if (addQuads(quads, rects)) return quads;
  }
  return quads.length > 0 ? quads : null;
}`;

/**
 * The boxes of the first text of this element's own, as quads (8 numbers
 * each, viewport coordinates), when it holds a control drawn inside it:
 * null when it holds none, when no text outside them shows, and outside
 * the top frame. A row or card that holds controls (a mail row's checkbox
 * and star, a card's edit button) may have one at its centre, where a
 * click would work that control instead of the row; its own text (the
 * sender, the card's title) is where a person clicks the row itself.
 * Text in a control (as the hit test counts them, `controlTest`), in
 * another element that takes clicks of its own (a pointer cursor that
 * starts there) or in an `aria-hidden` part is not its own.
 */
const looseTextBox = String.raw`function () {
  ${addQuads}
  ${controlTest}
  const view = this.ownerDocument.defaultView;
  if (!view || view !== view.top) return null;
  const drawn = (element) => element.getClientRects().length > 0 &&
    getComputedStyle(element).visibility === "visible";
  if (![...this.querySelectorAll(controls)].some(drawn)) return null;
  const pointer = (element) => /^(pointer|hand)$/.test(getComputedStyle(element).cursor);
  const own = (element) => {
    for (let at = element; at !== null && at !== this; at = at.parentElement) {
      if (isControl(at) || at.getAttribute("aria-hidden") === "true") return false;
      if (pointer(at) && at.parentElement !== null && !pointer(at.parentElement)) return false;
    }
    return true;
  };
  const walker = this.ownerDocument.createTreeWalker(this, NodeFilter.SHOW_TEXT);
  const range = this.ownerDocument.createRange();
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    if (node.nodeValue.trim() === "" || !node.parentElement || !own(node.parentElement)) continue;
    range.selectNodeContents(node);
    const quads = [];
    addQuads(quads, range.getClientRects());
    if (quads.length > 0) return quads;
  }
  return null;
}`;

/**
 * A selection set by script is announced (`selectionchange`) a task later,
 * and Chromium runs input ahead of other tasks: an editor that keeps its
 * own document and takes the page's selection from that announcement
 * (CKEditor 5, Lexical) would apply the keys sent next to its old
 * selection — a fill deleting one character and typing before the old
 * text. The page functions that set one announce it at once; the
 * browser's own announcement follows and finds nothing new.
 */
const announceSelection = String
  .raw`this.ownerDocument.dispatchEvent(new Event("selectionchange"));`;

/** Select all text of an input, a textarea or a contenteditable element. */
const selectAllText = String.raw`function () {
  const tag = this.localName;
  if ((tag === "input" || tag === "textarea") && typeof this.select === "function") {
    this.select();
    return true;
  }
  if (this.isContentEditable) {
    const selection = this.ownerDocument.getSelection();
    const range = this.ownerDocument.createRange();
    range.selectNodeContents(this);
    selection.removeAllRanges();
    selection.addRange(range);
    ${announceSelection}
    return true;
  }
  return false;
}`;

/**
 * Put the caret at the end of an input, a textarea or a contenteditable
 * element. Returns false where the input type has no selection API (email,
 * number): the engine then presses End instead.
 */
const caretToEnd = String.raw`function () {
  const tag = this.localName;
  if (tag === "input" || tag === "textarea") {
    try {
      const end = this.value.length;
      this.setSelectionRange(end, end);
      return true;
    } catch {
      return false;
    }
  }
  if (this.isContentEditable) {
    const selection = this.ownerDocument.getSelection();
    const range = this.ownerDocument.createRange();
    range.selectNodeContents(this);
    range.collapse(false);
    selection.removeAllRanges();
    selection.addRange(range);
    ${announceSelection}
    return true;
  }
  return false;
}`;

/**
 * Compare the element's value with the argument without returning it:
 * `{ length, equals, endsWith, formatted }`. Inputs and textareas compare
 * `value` exactly, and say whether it is the text as an input mask
 * formats it (`formatted`: every character of the text in order, upper or
 * lower case, with only separators added: "5551234567" shown as
 * "(555) 123-4567", "1250.50" as "1,250.50"); a select compares its
 * selected option's value or label; a contenteditable element compares its
 * rendered text with runs of white space collapsed. `length` is -1 when the
 * element has no value.
 */
const compareValue = String.raw`function (expected) {
  const collapse = (text) => text.replace(/\s+/g, " ").trim();
  const tag = this.localName;
  if (tag === "select") {
    const option = this.selectedOptions[0];
    const equals = option !== undefined &&
      (option.value === expected || collapse(option.label) === collapse(expected));
    return {
      length: option === undefined ? 0 : option.value.length,
      equals,
      endsWith: equals,
      formatted: false,
    };
  }
  if (tag === "input" || tag === "textarea") {
    const value = String(this.value);
    const equals = value === expected;
    // A letter or digit the text lacks (a placeholder of a mask not filled, a prefix) or one of
    // the text's characters missing means the field holds something else.
    const separator = /[^\p{L}\p{N}]/u;
    const wanted = [...expected.toLowerCase()];
    let formatted = !equals && /[\p{L}\p{N}]/u.test(expected);
    let at = 0;
    for (const char of value.toLowerCase()) {
      if (at < wanted.length && char === wanted[at]) at++;
      else if (!separator.test(char)) formatted = false;
    }
    formatted = formatted && at === wanted.length;
    return { length: value.length, equals, endsWith: value.endsWith(expected), formatted };
  }
  if (this.isContentEditable) {
    const text = collapse(this.innerText);
    const wanted = collapse(expected);
    // Equal line by line: the blank line between paragraphs and the one line break a block's
    // last <br> adds say nothing, but an empty line left at the end (an editor's document
    // that kept one) is a difference.
    const lines = (value) => {
      const all = String(value).replace(/\u00a0/g, " ").replace(/\n$/, "").split("\n")
        .map((line) => line.replace(/[ \t]+/g, " ").trim());
      let end = all.length;
      while (end > 0 && all[end - 1] === "") end--;
      return [...all.slice(0, end).filter((line) => line !== ""), all.length - end].join("\n");
    };
    const equals = lines(this.innerText) === lines(expected);
    return { length: text.length, equals, endsWith: text.endsWith(wanted), formatted: false };
  }
  return { length: -1, equals: false, endsWith: false, formatted: false };
}`;

/**
 * Find enabled options of a select by label (white space collapsed), else
 * by value, one for each wanted text: `{ indices, selected }`, an index -1
 * where none has it, and the indices selected now, in order.
 */
const findOptions = String.raw`function (wanted) {
  if (this.localName !== "select") return { indices: wanted.map(() => -1), selected: [] };
  const collapse = (text) => text.replace(/\s+/g, " ").trim();
  const options = Array.from(this.options);
  const indices = wanted.map((text) => {
    const index = options.findIndex((o) => !o.disabled && collapse(o.label) === collapse(text));
    return index >= 0 ? index : options.findIndex((o) => !o.disabled && o.value === text);
  });
  const selected = options.flatMap((o, i) => o.selected ? [i] : []);
  return { indices, selected };
}`;

/**
 * Leave exactly the options at the argument's indices selected (one, for a
 * single select) and fire `input` and `change` as a person's choice would.
 * Returns whether exactly those are selected afterwards.
 */
const chooseOptions = String.raw`function (indices) {
  if (this.localName !== "select") return false;
  const options = Array.from(this.options);
  if (indices.some((index) => index < 0 || index >= options.length)) return false;
  if (this.multiple) options.forEach((o, i) => { o.selected = indices.includes(i); });
  else this.selectedIndex = indices[0];
  this.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
  this.dispatchEvent(new Event("change", { bubbles: true }));
  return options.every((o, i) => o.selected === indices.includes(i));
}`;

/**
 * Whether an input that takes no typed text (date, time, colour, range)
 * would hold the argument exactly as its value: tried on a detached input
 * of the same type and bounds, so a value the browser would clear or
 * change (`12/25/2026` for a date, `15` for a range up to 10) is known
 * before the field loses what it holds.
 */
const acceptsValue = String.raw`function (value) {
  if (this.localName !== "input") return false;
  const probe = this.ownerDocument.createElement("input");
  probe.type = this.type;
  for (const name of ["min", "max", "step"]) {
    if (this.hasAttribute(name)) probe.setAttribute(name, this.getAttribute(name));
  }
  probe.value = value;
  return probe.value === value;
}`;

/**
 * Set the value of an input that takes no typed text (date, time, colour,
 * range) through the native setter and fire `input` and `change`. Returns
 * whether the value reads back equal.
 */
const setControlValue = String.raw`function (value) {
  if (this.localName !== "input") return false;
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value").set;
  setter.call(this, value);
  this.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
  this.dispatchEvent(new Event("change", { bubbles: true }));
  return this.value === value;
}`;

/**
 * Whether the document's rendered text contains the argument, with runs of
 * white space collapsed on both sides. Called on the document.
 */
const textPresent = String.raw`function (needle) {
  const collapse = (text) => text.replace(/\s+/g, " ").trim();
  const root = this.body || this.documentElement;
  if (!root) return false;
  return collapse(root.innerText || root.textContent || "").includes(collapse(needle));
}`;

/**
 * The next element up from `el`, out of a shadow root to its host: the
 * chain `clipScrolls` reads and `restoreClipScrolls` counts its steps on,
 * so both walk it alike.
 */
const clipParent = String
  .raw`const clipParent = (el) => el.parentElement || (el.parentNode && el.parentNode.host) || null;`;

/**
 * The scroll positions of this element's ancestors that clip it without a
 * scroll bar (`overflow: hidden` either way: a carousel's track, a tab
 * strip), as [steps up, scrollLeft, scrollTop], nearest first; the
 * document's own scrolling (its `html` and `body`) is the viewport's and
 * not among them. Steps cross shadow roots to their hosts. Read before and
 * after a click's scroll into view, which scrolls such an ancestor as well
 * though no person can, so that the click can put it back
 * (`restoreClipScrolls`).
 */
const clipScrolls = String.raw`function () {
  ${clipParent}
  const doc = this.ownerDocument;
  const view = doc && doc.defaultView;
  const out = [];
  if (!view) return out;
  let at = this;
  for (let steps = 1; steps <= 256; steps++) {
    const parent = clipParent(at);
    if (!parent || parent === doc.body || parent === doc.documentElement) break;
    at = parent;
    const style = view.getComputedStyle(at);
    if (style.overflowX === "hidden" || style.overflowY === "hidden") {
      out.push([steps, at.scrollLeft, at.scrollTop]);
    }
  }
  return out;
}`;

/**
 * Put back the clipping ancestors a click's scroll into view moved: each
 * argument entry is [steps up, scrollLeft, scrollTop before the scroll,
 * scrollLeft, scrollTop after it] (see `clipScrolls`). An axis goes back
 * only while it still stands where the scroll left it: a page that scrolled
 * it itself on the click keeps its own position. Returns how many axes went
 * back.
 */
const restoreClipScrolls = String.raw`function (entries) {
  ${clipParent}
  let restored = 0;
  if (!Array.isArray(entries)) return restored;
  for (const entry of entries) {
    if (!Array.isArray(entry) || entry.length !== 5) continue;
    const [steps, left, top, leftAfter, topAfter] = entry;
    let at = this;
    for (let i = 0; at && i < steps && i < 256; i++) {
      at = clipParent(at);
    }
    if (!at || typeof at.scrollLeft !== "number") continue;
    if (left !== leftAfter && at.scrollLeft === leftAfter) {
      at.scrollLeft = left;
      restored++;
    }
    if (top !== topAfter && at.scrollTop === topAfter) {
      at.scrollTop = top;
      restored++;
    }
  }
  return restored;
}`;

/**
 * Scroll this element to `block` (`center`, `end` or `start`) of the
 * viewport and of every scroller around it, on both axes, at once (a page's
 * smooth scrolling aside). A plain scroll into view leaves an element that
 * shows already where it is, which may be under a sticky header or a fixed
 * footer; another alignment shows it clear, as a person scrolls on a little.
 * Returns whether it scrolled.
 */
const scrollAligned = String.raw`function (block) {
  if (block !== "center" && block !== "end" && block !== "start") return false;
  if (typeof this.scrollIntoView !== "function") return false;
  this.scrollIntoView({ block, inline: block, behavior: "instant" });
  return true;
}`;

/**
 * Whether the document of this node (or this document) is in view. A hidden
 * one (a background tab) draws no frames, and Chrome holds input that waits
 * for a frame: a mouse move for 5 s, a wheel for good.
 */
const pageVisible = String.raw`function () {
  return (this.ownerDocument || this).visibilityState === "visible";
}`;

/**
 * The file input an upload on `el` goes to, as a person would pick one: the
 * element itself, the control of a label, the one file input inside it (a
 * drop zone's), else the one inside its nearest ancestor, at most three up,
 * that holds any (a "Choose file" button beside its hidden input), else the
 * document's only one (a widget that keeps its input at the end of the
 * body, as Dropzone does). Two or more where one is looked for is no
 * answer: which one is meant is not known.
 */
const findFileInput = String.raw`const isFileInput = (node) =>
    node instanceof HTMLInputElement && node.type === "file";
  const fileInputOf = (el) => {
    if (isFileInput(el)) return el;
    if (el instanceof HTMLLabelElement && isFileInput(el.control)) return el.control;
    let at = el;
    for (let up = 0; at && up <= 3; up++, at = at.parentElement) {
      const found = at.querySelectorAll("input[type=file]");
      if (found.length === 1) return found[0];
      if (found.length > 1) return null;
    }
    const all = el.ownerDocument.querySelectorAll("input[type=file]");
    return all.length === 1 ? all[0] : null;
  };`;

/**
 * Whether an upload of `count` files can go to this element's file input
 * (see `findFileInput`): `ok`, `disabled` or `single` (it takes one file
 * and more were given); `elsewhere` when it has none of its own but its
 * document holds file inputs (upload widgets append one hidden input per
 * drop zone to the body: the one its click opens is the one), `none` when
 * the document holds no file input at all. With `from`, an element of the
 * same document is asked about (the input a click on `from` opened a
 * chooser from): `none` when it is of another document.
 */
const fileInputState = String.raw`function (count, from) {
  ${findFileInput}
  if (from !== undefined && from.ownerDocument !== this.ownerDocument) return "none";
  const input = fileInputOf(this);
  if (!input) {
    return this.ownerDocument.querySelector("input[type=file]") ? "elsewhere" : "none";
  }
  if (input.disabled) return "disabled";
  if (count > 1 && !input.multiple) return "single";
  return "ok";
}`;

/**
 * Give this element's file input (see `findFileInput`) the files of the
 * argument (`{name, type, data}`, bytes in base64) as a person's choice in
 * the file dialog would: its `files` replaced, then `input` and `change`.
 * Whether the input held them all before its listeners ran.
 */
const setInputFiles = String.raw`function (files) {
  ${findFileInput}
  const input = fileInputOf(this);
  if (!input || input.disabled) return false;
  const transfer = new DataTransfer();
  for (const file of files) {
    const binary = atob(file.data);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    transfer.items.add(new File([bytes], file.name, { type: file.type || "" }));
  }
  input.files = transfer.files;
  const held = input.files.length === files.length;
  input.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
  input.dispatchEvent(new Event("change", { bubbles: true }));
  return held;
}`;

/** Whether the pointer rests on this element or inside it. */
const hovered = String.raw`function () {
  return this.matches(":hover");
}`;

/**
 * Wait for the document's own reaction to settle: resolves once no DOM
 * mutation happened for `quietMs` (counted from the last input or change
 * the input clock saw, {@linkcode inputClockExpression}, when one runs in
 * its world) and no finite transition or animation that started less
 * than `sinceMs` ago, and can end before `timeoutMs`, is still running (in
 * the document or in an open shadow root, a web component's own), but a
 * colour, shadow, outline or filter transition, or the entrance of an
 * element with its content in it (a menu fading or sliding in), and no
 * modal's hiding of the rest of the page outlasts the modal (for at most
 * 500 ms past the last change); or when `timeoutMs` passed. A hidden
 * document (whose timers are throttled and which draws no frames) answers
 * after one task instead, quiet if nothing changed in it.
 * Answers `{quiet, mutating, animating}` (booleans only).
 *
 * Not one of {@linkcode pageFunctions}: the Broker's `cdp` never awaits a
 * page's promise. Only the provider runs it (`page.settle`), on the
 * document, awaiting it under a bound of its own, so a page that never lets
 * it resolve (a hidden tab's throttled timers, a replaced `setTimeout`)
 * cannot hold the tab's queue past that bound.
 */
export const settlePageFunction = String.raw`function (quietMs, timeoutMs, sinceMs) {
  const doc = this.ownerDocument || this;
  const now = () => performance.now();
  const start = now();
  // Animations carry frame times, which trail the clock by up to a few frames.
  const since = start - sinceMs - 50;
  const deadline = start + timeoutMs;
  let last = start;
  // The input clock an action's last input set in this world (inputClockExpression): the quiet
  // counts from that input or the page's last change since, not from now, when nothing it has
  // not yet delivered is waiting.
  const clock = globalThis.leashInputClock;
  if (clock) {
    delete globalThis.leashInputClock;
    const pending = clock.observer.takeRecords().length > 0;
    clock.observer.disconnect();
    if (!pending) last = Math.min(start, clock.last);
  }
  const from = last;
  const observer = new MutationObserver(() => {
    last = now();
  });
  const observed = { subtree: true, childList: true, attributes: true, characterData: true };
  observer.observe(doc, observed);
  // A web component's parts change and move in its open shadow root (Material's dialog closes
  // with an animation there, and tells the page once it ended), which neither the document's
  // observer nor its getAnimations() sees. The roots are looked for as the wait begins, and
  // again after the document changed, in a walk of at most shadowWalk elements.
  const shadowWalk = 20000;
  const roots = new Set();
  let rootsAt = -1;
  const findRoots = () => {
    rootsAt = last;
    const pending = [doc];
    let seen = 0;
    while (pending.length > 0 && seen < shadowWalk) {
      const walker = doc.createTreeWalker(pending.pop(), NodeFilter.SHOW_ELEMENT);
      let node = walker.nextNode();
      for (; node !== null && seen < shadowWalk; node = walker.nextNode()) {
        seen++;
        const root = node.shadowRoot;
        if (!root || roots.has(root)) continue;
        roots.add(root);
        observer.observe(root, observed);
        root.addEventListener("transitionend", ended, true);
        root.addEventListener("animationend", ended, true);
        pending.push(root);
      }
    }
  };
  // An empty layer that takes no pointer input is drawn over or under content, never content:
  // a button's press wave or ripple (Ant Design's runs two seconds), a glow. Its animation is
  // no reaction of the page to wait for.
  const decorative = (effect) => {
    const target = effect && effect.target;
    if (!target || typeof target.matches !== "function") return false;
    const style = getComputedStyle(target, effect.pseudoElement || null);
    if (style.pointerEvents !== "none") return false;
    if (effect.pseudoElement) return ["none", "normal", '""'].includes(style.content);
    return target.textContent.trim() === "" &&
      target.querySelector("img, svg, video, canvas, picture, input") === null;
  };
  // A colour, shadow, outline or filter easing changes how something looks, never what is
  // there or where: a hover's or a focus ring's (design systems ease them over 0.2-0.3 s on
  // every button and option). Such a transition is no reaction to wait for.
  const cosmetic = /color|shadow|outline|filter/;
  // An element coming into view with its content already in it (a menu, a popover, a panel
  // fading, zooming or sliding in) reads now as it will once its motion ends, and the next
  // action waits for what it aims at to stand still. Such an entrance is not waited for: each
  // property it animates comes to rest (an opacity that rises, no transform left, visible).
  // An empty layer's entrance is (a backdrop fading in, after which the page shows its
  // dialog), as is anything leaving, fading out, or changing its size or place.
  const frameKeys = new Set(["offset", "computedOffset", "easing", "composite"]);
  // A transform that leaves the element where and as it is: none, or only functions that
  // do nothing (scale 1, a move or turn of 0), as keyframes and computed styles spell them.
  const atRest = (property, value) => {
    const text = String(value).trim();
    if (text === "none") return true;
    const numbers = (args) => args.split(/[\s,]+/).filter(Boolean).map(parseFloat);
    if (property !== "transform") {
      const found = numbers(text.replace(/^[xyz]\s+/, ""));
      return found.length > 0 && found.every((n) => n === (property === "scale" ? 1 : 0));
    }
    const calls = text.match(/[a-zA-Z0-9]+\([^)]*\)/g);
    return calls !== null && calls.join(" ") === text.replace(/\s+(?=[a-zA-Z])/g, " ") &&
      calls.every((call) => {
        const [, name, args] = /^(\w+)\(([^)]*)\)$/.exec(call);
        const found = numbers(args);
        if (name.startsWith("scale")) return found.every((n) => n === 1);
        if (/^(?:translate|rotate|skew)/.test(name)) return found.every((n) => n === 0);
        if (name === "matrix") return found.join() === "1,0,0,1,0,0";
        return false;
      });
  };
  const holdsContent = (target) => {
    if (target.textContent.trim() !== "") return true;
    if (target.querySelector("input, select, textarea, button, img, svg, canvas, [role]")) {
      return true;
    }
    // A web component's part shows what is slotted into it.
    for (const slot of target.querySelectorAll("slot")) {
      for (const node of slot.assignedNodes({ flatten: true })) {
        if (node.textContent.trim() !== "") return true;
      }
    }
    return false;
  };
  // Whether the effect, at its computed timing, is such an entrance.
  const entering = (effect, timing) => {
    const target = effect.target;
    if (!target || effect.pseudoElement || typeof target.querySelector !== "function") {
      return false;
    }
    // Still in its delay, it shows nothing yet (its first frame: transparent, elsewhere).
    if (typeof timing.progress !== "number" || timing.progress <= 0) return false;
    let frames;
    try {
      frames = effect.getKeyframes();
    } catch (_) {
      return false;
    }
    if (frames.length < 2 || !holdsContent(target)) return false;
    const first = frames[0];
    const end = frames[frames.length - 1];
    let moves = 0;
    for (const property of new Set(frames.flatMap((frame) => Object.keys(frame)))) {
      // Keyframes name properties in camel case ("boxShadow"), transitions as CSS does.
      const css = property.replace(/[A-Z]/g, (letter) => "-" + letter.toLowerCase());
      if (frameKeys.has(property) || cosmetic.test(css)) continue;
      const from = first[property];
      const to = end[property];
      // A property the last frame leaves out returns to the element's own style.
      if (property === "opacity") {
        const rises = Number(to) > 0 && (from === undefined || Number(to) >= Number(from));
        if (to !== undefined && !rises) return false;
      } else if (["transform", "translate", "scale", "rotate"].includes(property)) {
        if (to !== undefined && !atRest(property, to)) return false;
      } else if (property === "visibility") {
        if (to !== undefined && to !== "visible") return false;
      } else {
        return false;
      }
      moves++;
    }
    return moves > 0;
  };
  // The running animations the page's reaction may still be in.
  const motions = () => {
    if (typeof doc.getAnimations !== "function") return [];
    if (rootsAt !== last) findRoots();
    const all = doc.getAnimations();
    for (const root of roots) {
      if (root.host && root.host.isConnected) all.push(...root.getAnimations());
    }
    return all.filter((animation) => {
      if (animation.playState !== "running" && !animation.pending) return false;
      if (cosmetic.test(String(animation.transitionProperty))) return false;
      if (decorative(animation.effect)) return false;
      const timing = animation.effect ? animation.effect.getComputedTiming() : null;
      if (!timing || !Number.isFinite(timing.endTime)) return false;
      if (entering(animation.effect, timing)) return false;
      // One that cannot end within the wait's bound is no reaction to wait for, as an endless
      // one is not: a toast's countdown bar, an autoplaying carousel's slide timer.
      if (timing.endTime - (timing.localTime ?? 0) > deadline - now()) return false;
      const started = animation.startTime;
      return typeof started !== "number" || started >= since;
    });
  };
  if (doc.visibilityState !== "visible") {
    // A hidden document's timers fire about once a second: yield one task (a message is not
    // throttled), so a reaction already under way lands, and answer; the caller asks again.
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        observer.disconnect();
        const mutating = last !== from;
        resolve({ quiet: !mutating, mutating, animating: false });
      };
      channel.port2.postMessage(0);
    });
  }
  // Pages go on when a motion ends (Bootstrap shows a modal's dialog once its backdrop faded
  // in, on transitionend): in the frame after, or on a short timer then. So the quiet lasts
  // afterMotionMs past the end of a motion that moves or shows something, as its end event
  // says or a look that saw it running sees it gone. Feedback no page waits for is left out:
  // a colour or shadow easing (a hover), and any motion in the element the input focused (a
  // pressed button's scale).
  const afterMotionMs = 50;
  const feedback = (property, target) => {
    if (cosmetic.test(String(property))) return true;
    const focused = doc.activeElement;
    return !!focused && focused !== doc.body && !!target && typeof target.nodeType === "number" &&
      focused.contains(target);
  };
  // Modal libraries hide the rest of the page from assistive technology while a dialog or menu
  // is open (aria-hidden or inert on the body's other children: Fluent's tabster, MUI, Radix,
  // react-aria) and lift it once it is gone, some a timer later (tabster 250 ms after the
  // dialog left). Until then the accessibility tree holds nothing of the page a person sees
  // again. So the wait holds, at most isolationMs past the page's last change, while every
  // child of the body drawn in view with content in it is so hidden: a popup still open is
  // a child of the body that is not, and keeps the page behind it hidden, as it should.
  const isolationMs = 500;
  const shut = (el) => el.getAttribute("aria-hidden") === "true" || el.hasAttribute("inert");
  const drawn = (el) => el.checkVisibility({ visibilityProperty: true, opacityProperty: true });
  const inView = (el) => {
    const box = el.getBoundingClientRect();
    return box.width > 1 && box.height > 1 && box.bottom > 0 && box.right > 0 &&
      box.top < innerHeight && box.left < innerWidth && drawn(el);
  };
  // Content a person sees: a control or a picture, else a text (looked for until the first).
  const shows = (el) => {
    if (el.querySelector("input, select, textarea, button, a[href], img, svg, canvas, [role]")) {
      return true;
    }
    const walker = doc.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      if (node.data.trim() !== "") return true;
    }
    return false;
  };
  const isolated = () => {
    const children = doc.body ? [...doc.body.children] : [];
    if (!children.some(shut)) return false;
    let hidden = false;
    for (const child of children) {
      if (shut(child)) {
        hidden ||= inView(child) && shows(child);
      } else if (drawn(child) && shows(child)) {
        // A popup's portal may have no box of its own: what it holds is placed.
        return false;
      }
    }
    return hidden;
  };
  let heldUntil = 0;
  const hold = (time) => {
    heldUntil = Math.max(heldUntil, time + afterMotionMs);
  };
  const ended = (event) => {
    if (!feedback(event.propertyName, event.target)) hold(now());
  };
  doc.addEventListener("transitionend", ended, true);
  doc.addEventListener("animationend", ended, true);
  findRoots();
  let lasting = false;
  return new Promise((resolve) => {
    const check = () => {
      const time = now();
      const mutating = time - last < quietMs;
      const running = motions();
      const moving = running.length > 0;
      const showing = running.some((motion) =>
        !feedback(motion.transitionProperty, motion.effect && motion.effect.target)
      );
      if (lasting && !showing) hold(time);
      lasting = showing;
      const held = time < heldUntil;
      const lifting = !mutating && !moving && !held && time - last < isolationMs && isolated();
      if ((!mutating && !moving && !held && !lifting) || time >= deadline) {
        observer.disconnect();
        for (const target of [doc, ...roots]) {
          target.removeEventListener("transitionend", ended, true);
          target.removeEventListener("animationend", ended, true);
        }
        // Cut while the page is still hidden behind a modal gone: not quiet, though nothing moves.
        resolve({ quiet: !mutating && !moving && !lifting, mutating, animating: moving });
        return;
      }
      const wait = mutating
        ? quietMs - (time - last)
        : moving || lifting
        ? 16
        : heldUntil - time;
      setTimeout(check, Math.max(1, Math.min(wait, deadline - time)));
    };
    // It watches at least half a window itself: what the page queued before it began (a busy
    // page's timers, its scheduler's messages) runs within that, however long ago the clock's
    // last change was.
    const watched = Math.max(quietMs - (start - last), quietMs / 2);
    setTimeout(check, Math.max(0, Math.min(watched, timeoutMs)));
  });
}`;

/**
 * The input clock, set in the provider's isolated world of the tab's
 * document right after an action's last input went in: when that was, and
 * when the page last changed since (a mutation observer keeps it). The wait
 * for the page's reaction ({@linkcode settlePageFunction}, in the same
 * world) takes it and counts its quiet from there, not from when the
 * Broker's ask for the wait arrived, a round trip and more later. Each
 * input sets it again; nothing crosses back.
 */
export const inputClockExpression = String.raw`(() => {
  const now = performance.now();
  const running = globalThis.leashInputClock;
  if (running) {
    running.observer.takeRecords();
    running.last = now;
    return true;
  }
  const clock = { last: now };
  clock.observer = new MutationObserver(() => {
    clock.last = performance.now();
  });
  clock.observer.observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    characterData: true,
  });
  globalThis.leashInputClock = clock;
  return true;
})()`;

/**
 * The document clock: the input clock ({@linkcode inputClockExpression})
 * set as each top-level document of a leased tab begins, in the provider's
 * isolated world, before the page's own script runs. The wait after a
 * navigation takes it there and counts its quiet from the document's last
 * change, not from when the wait reached a page that was busy loading.
 * Frames are left alone; nothing crosses back.
 */
export const documentClockSource = String.raw`if (window === window.top) ${inputClockExpression};`;

/**
 * The provider's change watch, begun in an isolated world of the top-level
 * document (never the page's own, which cannot see or reach it) before an
 * action's first input: it notes each element whose children, attributes
 * or text changed, each control whose value or state input changed, and
 * the elements that lost and gained the focus (no mutation says so),
 * until {@linkcode takeChangesExpression} ends it. At most 64 regions
 * (elements not inside one another); past that it notes only that there
 * were more. For each element whose children changed it also keeps the
 * first 64 elements added to it and taken from it: a popup a page appends
 * to the body of a long page, or the posts a feed appends to its long list,
 * are regions of their own where their parent is too large to read.
 * Nothing crosses back.
 */
export const watchChangesExpression = String.raw`(() => {
  if (globalThis.leashChangeWatch) return true;
  // The focused element, inside open shadow roots; the body's focus is the page's own.
  const focused = () => {
    let at = document.activeElement;
    while (at && at.shadowRoot && at.shadowRoot.activeElement) at = at.shadowRoot.activeElement;
    return at === document.body || at === document.documentElement ? null : at;
  };
  const watch = {
    noted: new Set(),
    added: new Map(),
    removed: new Map(),
    otherwise: new WeakSet(),
    more: false,
    ended: new AbortController(),
  };
  watch.focused = focused;
  watch.focusedAtStart = focused();
  const outermost = (elements) =>
    elements.filter((element) =>
      !elements.some((other) => other !== element && other.contains(element))
    );
  watch.elementOf = (node) => {
    let element = node.nodeType === 1 ? node : node.parentNode;
    if (element && element.nodeType === 11) element = element.host ?? null;
    return element && element.nodeType === 1 ? element : null;
  };
  watch.note = (node) => {
    if (watch.more || !node) return;
    const element = watch.elementOf(node);
    if (!element) return;
    watch.noted.add(element);
    if (watch.noted.size <= 256) return;
    watch.noted = new Set(outermost([...watch.noted].filter((noted) => noted.isConnected)));
    if (watch.noted.size > 64) {
      watch.more = true;
      watch.noted.clear();
    }
  };
  watch.outermost = outermost;
  // The elements each one got and lost as children, up to 64 each ("many" past that), and the
  // elements that changed otherwise (an attribute, a text): an element too large to read whose
  // children only came and went stands for those.
  const keep = (map, element, node) => {
    let kept = map.get(element);
    if (kept === "many") return;
    if (kept === undefined) map.set(element, kept = new Set());
    kept.add(node);
    if (kept.size > 64) map.set(element, "many");
  };
  watch.record = (record) => {
    watch.note(record.target);
    const element = watch.elementOf(record.target);
    if (!element) return;
    if (record.type !== "childList" || element !== record.target) {
      watch.otherwise.add(element);
      return;
    }
    for (const [map, nodes] of [[watch.added, record.addedNodes], [watch.removed, record.removedNodes]]) {
      for (const node of nodes) {
        if (node.nodeType === 1) keep(map, element, node);
        else watch.otherwise.add(element);
      }
    }
  };
  watch.observer = new MutationObserver((records) => {
    for (const record of records) watch.record(record);
  });
  watch.observer.observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    characterData: true,
  });
  for (const type of ["input", "change", "toggle"]) {
    document.addEventListener(type, (event) => {
      const target = event.composedPath()[0];
      watch.note(target);
      if (target && watch.elementOf(target)) watch.otherwise.add(watch.elementOf(target));
    }, {
      capture: true,
      signal: watch.ended.signal,
    });
  }
  globalThis.leashChangeWatch = watch;
  return true;
})()`;

/**
 * End the change watch and answer the changed regions' roots: the noted
 * elements still in the document, without those inside another, at most 64
 * (an array of elements), leaving out any of more than 400 elements (the
 * bounded read covers those as it can; the array's `dropped` says so)
 * unless it stands for the elements added to it (see the watch); after
 * the roots, from the array's `goneFrom` on, the elements taken from such
 * an element; its `focusOnly` lists (comma-separated) the indices of the
 * roots noted only because the focus left or reached them;
 * `0` when nothing changed, `null` when no watch was running, `"more"` when
 * the changes were too many to read region by region.
 */
export const takeChangesExpression = String.raw`(() => {
  const watch = globalThis.leashChangeWatch;
  if (!watch) return null;
  delete globalThis.leashChangeWatch;
  for (const record of watch.observer.takeRecords()) watch.record(record);
  // Elements noted only because the focus left or reached them, which the answer names.
  const focusOnly = new Set();
  const focusedNow = watch.focused();
  if (focusedNow !== watch.focusedAtStart && !watch.more) {
    for (const element of [watch.focusedAtStart, focusedNow]) {
      if (!element || watch.noted.has(element)) continue;
      focusOnly.add(element);
      watch.note(element);
    }
  }
  watch.observer.disconnect();
  watch.ended.abort();
  if (watch.more) return "more";
  const size = (element) => element.getElementsByTagName("*").length;
  // An element too large to read stands for the elements added to it and the changed ones in
  // it, as long as it can say which were added; what was taken from it is said gone (the read
  // cannot see it, nor reuse a walk that may hold it), and a change to it of another kind goes
  // unread, as before.
  const connected = [...watch.noted].filter((element) => element.isConnected);
  const work = watch.outermost(connected);
  const roots = [];
  const gone = [];
  let partly = false;
  // In the order they were noted: the regions are read in it.
  for (let element = work.shift(); element; element = work.shift()) {
    const added = watch.added.get(element) ?? new Set();
    const removed = watch.removed.get(element) ?? new Set();
    if (size(element) <= 400 || added === "many" || removed === "many") {
      roots.push(element);
      continue;
    }
    if (watch.otherwise.has(element) || removed.size > 0 || added.size === 0) partly = true;
    for (const child of removed) if (!child.isConnected) gone.push(child);
    const inside = [...added].filter((child) => child.isConnected && element.contains(child))
      .concat(connected.filter((other) => other !== element && element.contains(other)));
    work.push(...watch.outermost([...new Set(inside)]));
    if (roots.length + work.length > 64) return "more";
  }
  if (roots.length > 64) return "more";
  if (roots.length === 0 && gone.length === 0) return 0;
  const small = roots.filter((root) => size(root) <= 400);
  if (small.length < roots.length || partly) small.dropped = true;
  // The elements that went follow the roots in the array, from index goneFrom on.
  small.goneFrom = small.length;
  small.push(...gone);
  small.focusOnly = small.slice(0, small.goneFrom)
    .flatMap((root, index) => focusOnly.has(root) ? [index] : []).join(",");
  return small;
})()`;

/**
 * The layers laid over a page, for a page read that stopped at its bound:
 * what a person sees on top wherever it stands in the document (a popup,
 * a menu or a toast a library appends to the body's end, a banner, a
 * dialog). Found by what shows, not by role: the top layer (`:modal`,
 * `:popover-open`); the elements at the body's top two levels (where
 * portals put them) laid out against the page itself (`position: fixed`,
 * or `absolute` against the page or against such an element: an app whose
 * root is fixed over the viewport puts its popups inside it) and on top at
 * the middle of their part in view, however thin (a cookie bar, a toast);
 * and, at an 8×6 grid of points over the viewport and at the focus, the nearest
 * such element around the one there (the app's root, which the read
 * reaches, is none of its popups). At most 8. With `view`, then also what
 * the viewport shows of the page itself (a person who scrolled, or a tab
 * claimed mid-page, looks there): at 8 points across every 24 px down it,
 * the largest element around the one hit that holds at most 60 elements
 * (a row, a card, a paragraph), and the siblings between two such, at
 * most 60 in document order. Called in an isolated world; an array of
 * elements, `0` when there are none. Nothing else crosses back.
 */
export const layerRootsFunction = String.raw`function (view) {
  const root = document.documentElement;
  const body = document.body;
  if (!root || !body) return 0;
  const found = [];
  const add = (element) => {
    if (element && found.length < 8 && !found.includes(element)) found.push(element);
  };
  try {
    for (const element of document.querySelectorAll(":modal, :popover-open")) add(element);
  } catch {
    // A browser without these selectors has no top layer to find this way.
  }
  const positions = new Map();
  const positionOf = (element) => {
    let position = positions.get(element);
    if (position === undefined) {
      position = getComputedStyle(element).position;
      positions.set(element, position);
    }
    return position;
  };
  const page = (element) => element === null || element === body || element === root;
  const up = (element) =>
    element.parentElement ??
      (element.parentNode instanceof ShadowRoot ? element.parentNode.host : null);
  // Laid out against the page: fixed, or absolute against the page or against such a layer
  // (an app whose root is fixed over the viewport puts its popups inside it).
  const placements = new Map();
  const placed = (element) => {
    let answer = placements.get(element);
    if (answer === undefined) {
      const position = positionOf(element);
      const parent = element.offsetParent;
      answer = position === "fixed" ||
        (position === "absolute" && (page(parent) || placed(parent)));
      placements.set(element, answer);
    }
    return answer;
  };
  const layerOf = (element) => {
    for (let at = element; at && at !== body && at !== root;) {
      if (placed(at)) return at;
      at = up(at);
    }
    return null;
  };
  const width = innerWidth;
  const height = innerHeight;
  const onTop = (element) => {
    const box = element.getBoundingClientRect();
    const left = Math.max(box.left, 0);
    const right = Math.min(box.right, width);
    const top = Math.max(box.top, 0);
    const bottom = Math.min(box.bottom, height);
    if (right - left < 1 || bottom - top < 1) return false;
    const at = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
    return at !== null && element.contains(at);
  };
  let looked = 0;
  for (const child of body.children) {
    for (const element of [child, ...child.children]) {
      if (++looked > 400) break;
      if (placed(element) && onTop(element)) add(element);
    }
  }
  const columns = 8;
  const rows = 6;
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      const at = document.elementFromPoint(
        (column + 0.5) * width / columns,
        (row + 0.5) * height / rows,
      );
      if (at) add(layerOf(at));
    }
  }
  let focused = document.activeElement;
  while (focused?.shadowRoot?.activeElement) focused = focused.shadowRoot.activeElement;
  if (focused && focused !== body) add(layerOf(focused));
  if (view) found.push(...inView());
  return found.length === 0 ? 0 : found;

  function inView() {
    const sizes = new Map();
    const sizeOf = (element) => {
      let size = sizes.get(element);
      if (size === undefined) {
        size = element.getElementsByTagName("*").length;
        sizes.set(element, size);
      }
      return size;
    };
    const most = 60;
    const chunks = [];
    for (let y = 8; y < height && chunks.length < 60; y += 24) {
      for (let column = 0; column < 8; column++) {
        const hit = document.elementFromPoint((column + 0.5) * width / 8, y);
        // A layer is looked for apart; a hit on a large box's own padding names no row.
        if (!hit || hit === body || hit === root || layerOf(hit) || sizeOf(hit) > most) continue;
        let chunk = hit;
        for (let at = up(hit); at && at !== body && at !== root && sizeOf(at) <= most; at = up(at)) {
          chunk = at;
        }
        if (!chunks.includes(chunk) && !found.includes(chunk)) chunks.push(chunk);
      }
    }
    // Two chunks are one or apart (each is the largest small element around its hit). Rows
    // thinner than the points' spacing lie between two of their siblings: those are in view too.
    const inOrder = (list) =>
      list.sort((a, b) => a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1);
    inOrder(chunks);
    const between = [];
    for (const chunk of chunks) {
      const last = chunks.findLast((other) => other.parentNode === chunk.parentNode);
      if (last === chunk) continue;
      for (let at = chunk.nextElementSibling; at && at !== last; at = at.nextElementSibling) {
        if (!chunks.includes(at) && !between.includes(at)) between.push(at);
      }
    }
    return inOrder([...chunks, ...between]).slice(0, 60);
  }
}`;

/**
 * The provider's text search of a large page, called on the top-level
 * document (or, with none, on `document`) in an isolated world: the nodes
 * whose text may make an accessible name or value holding `needle` (folded
 * to ASCII lower case, its whitespace collapsed), in document order, open
 * shadow roots included: text nodes that hold it; a short element whose
 * text holds it across inline children; an element whose `aria-label`,
 * `title`, `alt`, `placeholder`, `aria-valuetext` or current value does;
 * and the control a matching `label` or `aria-labelledby` target names.
 * Scripts and styles are skipped. At most `limit` nodes, in an array that
 * also carries `total` (every match) and `elements` (the document's), so
 * the caller can tell a page it should read whole. The walk is one
 * TreeWalker with no filter callback and the cheap checks first: a filter
 * or XPath search costs several times as much on 100,000 elements.
 */
export const searchTextFunction = String.raw`function (needle, limit) {
  const fold = (text) =>
    text.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 32)).replace(/\s+/g, " ");
  const ascii = !/[^\x00-\x7f]/.test(needle);
  const has = (text) => {
    if (typeof text !== "string" || text.length < needle.trim().length) return false;
    if (ascii && !text.toLowerCase().includes(needle.trim())) return false;
    return fold(text).includes(needle);
  };
  const found = [];
  const seen = new Set();
  let total = 0;
  const add = (node) => {
    if (!node || seen.has(node)) return;
    seen.add(node);
    total++;
    if (found.length < limit) found.push(node);
  };
  const labelled = (element) => {
    if (!element || found.length >= limit) return;
    const label = element.closest("label");
    if (label && label.control) add(label.control);
    for (let at = element, up = 0; at && up < 4; at = at.parentElement, up++) {
      if (!at.id) continue;
      for (const target of at.getRootNode().querySelectorAll("[aria-labelledby]")) {
        if (target.getAttribute("aria-labelledby").split(/\s+/).includes(at.id)) add(target);
      }
    }
  };
  const skipped = new Set(["script", "style", "noscript"]);
  const named = ["aria-label", "title", "alt", "placeholder", "aria-valuetext"];
  const walk = (root) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.nodeType === 3) {
        const parent = node.parentNode;
        if (parent.nodeType === 1 && skipped.has(parent.localName)) continue;
        if (has(node.data)) {
          add(node);
          labelled(node.parentElement);
        } else if (
          parent.nodeType === 1 && (node.previousSibling === null) !== (node.nextSibling === null) &&
          parent.textContent.length <= 500 && has(parent.textContent)
        ) {
          // A name can run across inline children: the whole text of a short parent, looked at
          // from its first and last text (not every one, which would cost the text squared).
          add(parent);
          labelled(parent);
        }
        continue;
      }
      if (node.hasAttributes()) {
        for (const name of named) {
          if (has(node.getAttribute(name))) {
            add(node);
            break;
          }
        }
      }
      const tag = node.localName;
      if (tag === "input" || tag === "textarea") {
        if (has(node.value)) add(node);
      } else if (tag === "select") {
        if (has(node.selectedOptions[0]?.text)) add(node);
      }
      if (node.shadowRoot) walk(node.shadowRoot);
    }
  };
  const doc = this && this.nodeType === 9 ? this : document;
  const top = doc.body || doc.documentElement;
  if (top) walk(top);
  found.total = total;
  found.elements = doc.getElementsByTagName("*").length;
  return found;
}`;

/**
 * The provider's own (not the Broker's): each element passed, a scroller the
 * page's snapshot named, read as `[scrollLeft, scrollTop, scrollWidth,
 * scrollHeight, clientLeft, clientTop, clientWidth, clientHeight]`: the
 * sizes its scrollable mark compares. Numbers only cross back.
 */
export const scrollSizesFunction = String.raw`function (...elements) {
  return elements.map((el) => [
    el.scrollLeft, el.scrollTop, el.scrollWidth, el.scrollHeight,
    el.clientLeft, el.clientTop, el.clientWidth, el.clientHeight,
  ]);
}`;

/**
 * The provider's signals stamp, in its isolated world of the top-level
 * document: what the page's signals snapshot (`signals_read.ts`) depends on
 * has not changed while the stamp stays the same. Begun on first use, it
 * counts every mutation of the document and of each open shadow root it has
 * seen (looked for again at each call: a custom element upgraded late gets
 * one without a mutation), and every event after which what it read may
 * differ with no mutation: any press of a key or button, a click or a wheel
 * (a script may set a checkbox's `checked` and nothing else), the pointer
 * over or off an element (`:hover`), the focus (`:focus-within`), a
 * control's value or state (`:checked`), a popover or details toggled, a
 * transition or animation, a scroll, a resize, a load. So an action always
 * moves it; a look after a look does not. Answers `"<world>:<count>"`, or
 * `null` while an animation or transition runs (its values change with no
 * event until it ends). Only that string crosses back.
 */
export const signalsStampExpression = String.raw`(() => {
  let stamp = globalThis.leashSignalsStamp;
  if (!stamp) {
    stamp = { id: Math.random().toString(36).slice(2), count: 0, roots: new WeakSet() };
    stamp.observer = new MutationObserver(() => { stamp.count++; });
    stamp.watch = (root) => {
      stamp.roots.add(root);
      stamp.observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
    };
    stamp.watch(document);
    const bump = () => { stamp.count++; };
    for (const type of [
      "pointerdown", "pointerup", "click", "keydown", "keyup", "wheel", "mouseover", "mouseout",
      "focusin", "focusout", "input", "change", "beforetoggle", "toggle", "transitionrun",
      "transitionend", "transitioncancel", "animationstart", "animationend", "animationcancel",
      "scroll", "resize", "hashchange", "fullscreenchange",
    ]) {
      window.addEventListener(type, bump, { capture: true, passive: true });
    }
    document.addEventListener("load", bump, { capture: true, passive: true });
    globalThis.leashSignalsStamp = stamp;
  }
  if (stamp.observer.takeRecords().length > 0) stamp.count++;
  const roots = [document];
  for (let k = 0; k < roots.length; k++) {
    for (const element of roots[k].querySelectorAll("*")) {
      const shadow = element.shadowRoot;
      if (!shadow) continue;
      roots.push(shadow);
      if (stamp.roots.has(shadow)) continue;
      stamp.watch(shadow);
      stamp.count++;
    }
  }
  const running = (root) => root.getAnimations().some((animation) => animation.playState === "running");
  if (roots.some(running)) return null;
  return stamp.id + ":" + stamp.count;
})()`;

/** Every page function by name; the values are the exact declarations. */
export const pageFunctions = {
  acceptsValue,
  caretToEnd,
  clipScrolls,
  chooseOptions,
  compareValue,
  deliversTo,
  describeElement,
  fileInputState,
  findOptions,
  hovered,
  labelBox,
  headBox,
  looseTextBox,
  pageVisible,
  restoreClipScrolls,
  scrollAligned,
  selectAllText,
  setControlValue,
  setInputFiles,
  textPresent,
} as const;

/** The name of one page function. */
export type PageFunctionName = keyof typeof pageFunctions;

const declarations: ReadonlySet<string> = new Set(Object.values(pageFunctions));

/** Whether `source` is exactly one of the {@linkcode pageFunctions}. */
export function isPageFunction(source: unknown): boolean {
  return typeof source === "string" && declarations.has(source);
}
