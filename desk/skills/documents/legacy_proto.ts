/**
 * Restores `Object.prototype.__proto__` inside the conversion worker only:
 * mammoth builds its promises by assigning `__proto__`, which Deno leaves
 * disables by default. The worker holds no permissions and answers only a
 * validated string, so the accessor reaches nothing else. It must be
 * imported before mammoth is evaluated.
 *
 * @module
 */

// Deno keeps an accessor there that refuses; this one is the standard's.
{
  Object.defineProperty(Object.prototype, "__proto__", {
    configurable: true,
    get(this: object) {
      return Object.getPrototypeOf(this);
    },
    set(this: object, prototype: unknown) {
      if (typeof prototype === "object" || typeof prototype === "function") {
        Object.setPrototypeOf(this, prototype);
      }
    },
  });
}
