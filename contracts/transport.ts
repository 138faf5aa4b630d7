/**
 * The seam between the RPC peer and whatever carries its messages: a Unix
 * socket, Native Messaging stdio, a `chrome.runtime.Port`, or an in-memory
 * pair in tests. Messages are decoded JSON values; framing, if any, is the
 * transport's business.
 *
 * @module
 */

/** A message carrier. Callbacks are set by the peer before `start()`. */
export interface Transport {
  /** Begin delivering messages to `onmessage`. Called once. */
  start(): void;
  /**
   * Queue one message. Throws a `LeashError` (`RESULT_TOO_LARGE` for a message
   * over the frame cap, `QUEUE_FULL` when buffered output would pass 2 MiB)
   * instead of sending anything partial.
   */
  send(message: unknown): void;
  /** Close the carrier. Idempotent; `onclose` fires once. */
  close(): void;
  /** One decoded message from the other side. */
  onmessage?: (message: unknown) => void;
  /** The carrier closed, from either side. Fires once. */
  onclose?: () => void;
  /** The carrier failed to decode or deliver; a close follows. */
  onerror?: (error: Error) => void;
}
