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
 * Describe an element for the action engine: its kind, whether it is
 * connected, visible, disabled, read-only, checked and focused. Kinds:
 * `text` (text-like input or textarea), `value` (date, time, colour or range
 * input), `checkbox`, `radio`, `select`, `multiselect`, `editable`
 * (contenteditable) or `other`.
 */
const describeElement = String.raw`function () {
  const el = this;
  if (!(el instanceof Element) || !el.isConnected) return { connected: false };
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
  const visible = typeof el.checkVisibility === "function"
    ? el.checkVisibility({ visibilityProperty: true })
    : el.getClientRects().length > 0;
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
  let active = el.ownerDocument.activeElement;
  while (active && active.shadowRoot && active.shadowRoot.activeElement) {
    active = active.shadowRoot.activeElement;
  }
  return { connected: true, kind, visible, disabled, readOnly, checked, focused: active === el };
}`;

/**
 * Whether the node hit at a point (the argument) is this element or inside
 * it, crossing shadow roots upwards: the hit test of requirement 8.
 */
const containsNode = String.raw`function (hit) {
  for (let node = hit; node; node = node instanceof ShadowRoot ? node.host : node.parentNode) {
    if (node === this) return true;
  }
  return false;
}`;

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
    return true;
  }
  return false;
}`;

/**
 * Compare the element's value with the argument without returning it:
 * `{ length, equals, endsWith }`. Inputs and textareas compare `value`
 * exactly; a select compares its selected option's value or label; a
 * contenteditable element compares its rendered text with runs of white
 * space collapsed. `length` is -1 when the element has no value.
 */
const compareValue = String.raw`function (expected) {
  const collapse = (text) => text.replace(/\s+/g, " ").trim();
  const tag = this.localName;
  if (tag === "select") {
    const option = this.selectedOptions[0];
    const equals = option !== undefined &&
      (option.value === expected || collapse(option.label) === collapse(expected));
    return { length: option === undefined ? 0 : option.value.length, equals, endsWith: equals };
  }
  if (tag === "input" || tag === "textarea") {
    const value = String(this.value);
    return { length: value.length, equals: value === expected, endsWith: value.endsWith(expected) };
  }
  if (this.isContentEditable) {
    const text = collapse(this.innerText);
    const wanted = collapse(expected);
    return { length: text.length, equals: text === wanted, endsWith: text.endsWith(wanted) };
  }
  return { length: -1, equals: false, endsWith: false };
}`;

/**
 * Find an enabled option of a single select by label (white space
 * collapsed), else by value: `{ index, current }`, index -1 when none.
 */
const findOption = String.raw`function (wanted) {
  if (this.localName !== "select") return { index: -1, current: -1 };
  const collapse = (text) => text.replace(/\s+/g, " ").trim();
  const options = Array.from(this.options);
  let index = options.findIndex((o) => !o.disabled && collapse(o.label) === collapse(wanted));
  if (index < 0) index = options.findIndex((o) => !o.disabled && o.value === wanted);
  return { index, current: this.selectedIndex };
}`;

/**
 * Select the option at the argument's index and fire `input` and `change`
 * as a person's choice would. Returns whether it is selected afterwards.
 */
const chooseOption = String.raw`function (index) {
  if (this.localName !== "select" || index < 0 || index >= this.options.length) return false;
  this.selectedIndex = index;
  this.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
  this.dispatchEvent(new Event("change", { bubbles: true }));
  return this.selectedIndex === index;
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
 * Whether the document of this node (or this document) is in view. A hidden
 * one (a background tab) draws no frames, and Chrome holds input that waits
 * for a frame: a mouse move for 5 s, a wheel for good.
 */
const pageVisible = String.raw`function () {
  return (this.ownerDocument || this).visibilityState === "visible";
}`;

/**
 * Wait for the document's own reaction to settle: resolves once no DOM
 * mutation happened for `quietMs` and no finite transition or animation that
 * started less than `sinceMs` ago is still running, or when `timeoutMs`
 * passed. A hidden document (whose timers are throttled and which draws no
 * frames) answers after one task instead, quiet if nothing changed in it.
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
  const observer = new MutationObserver(() => {
    last = now();
  });
  observer.observe(doc, { subtree: true, childList: true, attributes: true, characterData: true });
  const animating = () => {
    if (typeof doc.getAnimations !== "function") return false;
    return doc.getAnimations().some((animation) => {
      if (animation.playState !== "running" && !animation.pending) return false;
      const timing = animation.effect ? animation.effect.getComputedTiming() : null;
      if (!timing || !Number.isFinite(timing.endTime)) return false;
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
        const mutating = last !== start;
        resolve({ quiet: !mutating, mutating, animating: false });
      };
      channel.port2.postMessage(0);
    });
  }
  return new Promise((resolve) => {
    const check = () => {
      const time = now();
      const mutating = time - last < quietMs;
      const moving = animating();
      if ((!mutating && !moving) || time >= deadline) {
        observer.disconnect();
        resolve({ quiet: !mutating && !moving, mutating, animating: moving });
        return;
      }
      const wait = mutating ? quietMs - (time - last) : 16;
      setTimeout(check, Math.max(1, Math.min(wait, deadline - time)));
    };
    setTimeout(check, Math.max(0, Math.min(quietMs, timeoutMs)));
  });
}`;

/** Every page function by name; the values are the exact declarations. */
export const pageFunctions = {
  caretToEnd,
  chooseOption,
  compareValue,
  containsNode,
  describeElement,
  findOption,
  pageVisible,
  selectAllText,
  setControlValue,
  textPresent,
} as const;

/** The name of one page function. */
export type PageFunctionName = keyof typeof pageFunctions;

const declarations: ReadonlySet<string> = new Set(Object.values(pageFunctions));

/** Whether `source` is exactly one of the {@linkcode pageFunctions}. */
export function isPageFunction(source: unknown): boolean {
  return typeof source === "string" && declarations.has(source);
}
