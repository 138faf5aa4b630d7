/**
 * The error the Broker throws when it refuses to start for a reason the
 * person can fix (an unsafe runtime dir, another Broker running). The CLI
 * prints its message and exits non-zero without a stack.
 *
 * It sits in the journal, the Broker's lowest layer, because a journal that
 * cannot be opened is one such refusal (`JournalOpenError` is a
 * `StartError`) and the journal imports nothing above it.
 *
 * @module
 */

/** A refusal to start, with a message that says what to fix. */
export class StartError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "StartError";
  }
}
