/**
 * The timers the worker's claim timeouts, reconnects and page-change hints
 * run on, behind numeric handles; tests pass manual ones instead.
 *
 * @module
 */

/** Timer functions, injectable for tests. */
export interface Timers {
  setTimeout(callback: () => void, ms: number): number;
  clearTimeout(handle: number): void;
}

const handles = new Map<number, ReturnType<typeof setTimeout>>();
let nextHandle = 0;

/** The global timers, behind numeric handles whatever the runtime's timer type. */
export const globalTimers: Timers = {
  setTimeout(callback, ms) {
    const handle = ++nextHandle;
    handles.set(
      handle,
      setTimeout(() => {
        handles.delete(handle);
        callback();
      }, ms),
    );
    return handle;
  },
  clearTimeout(handle) {
    const timer = handles.get(handle);
    handles.delete(handle);
    if (timer !== undefined) clearTimeout(timer);
  },
};
