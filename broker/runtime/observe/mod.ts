/**
 * The observation engine: pure functions and books that turn a provider's
 * accessibility reads into token-budgeted observations with document
 * epochs, refs, cursors and deltas. No sockets, no browser.
 *
 * @module
 */
export * from "./budget.ts";
export * from "./cursors.ts";
export * from "./delta.ts";
export * from "./epochs.ts";
export * from "./observe.ts";
export * from "./prune.ts";
export * from "./query.ts";
export * from "./refs.ts";
export * from "./render.ts";
export * from "./rows.ts";
export * from "./scope.ts";
export * from "./tree.ts";
