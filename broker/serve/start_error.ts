/**
 * The error the Broker throws when it refuses to start for a reason the
 * person can fix (an unsafe runtime dir, another Broker running). The CLI
 * prints its message and exits non-zero without a stack.
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
