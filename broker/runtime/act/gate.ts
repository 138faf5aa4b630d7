/**
 * The point of no return of an action. Everything before it only reads the
 * page (and scrolls it into view); the first call that can change the page
 * (focus, input, a value-setting page function, navigation) goes through
 * {@linkcode DispatchGate.open}, which runs the journal's hook exactly once.
 *
 * @module
 */

/** Called right before the first page-changing call of an action; may throw to stop it. */
export type BeforeDispatch = () => void | Promise<void>;

/** Runs `beforeDispatch` once, right before the first dispatch, and remembers that it did. */
export class DispatchGate {
  readonly #beforeDispatch: BeforeDispatch | undefined;
  #opening: Promise<void> | undefined;
  #open = false;

  constructor(beforeDispatch?: BeforeDispatch) {
    this.#beforeDispatch = beforeDispatch;
  }

  /** Whether the hook has run and input may have reached the page. */
  get opened(): boolean {
    return this.#open;
  }

  /**
   * Run the hook if this is the first dispatch. When the hook throws, the
   * gate stays shut, nothing is dispatched and the error passes through.
   */
  open(signal?: AbortSignal): Promise<void> {
    this.#opening ??= (async () => {
      signal?.throwIfAborted();
      await this.#beforeDispatch?.();
      signal?.throwIfAborted();
      this.#open = true;
    })();
    return this.#opening;
  }
}
