/**
 * `leash-desk`'s exit codes. Chrome ignores them; people reading logs, the
 * doctor and the tests tell each way out apart by its code, and the reason
 * goes to stderr as a JSON log line.
 *
 * | code | name             | meaning                                                                |
 * | ---: | ---------------- | ---------------------------------------------------------------------- |
 * |    0 | `ok`             | the extension closed the port (stdin ended on a frame boundary)         |
 * |    1 | `internal`       | an unexpected failure inside the host                                  |
 * |    2 | `usage`          | no caller origin on the command line                                   |
 * |    3 | `originRejected` | the caller origin is not allowed; nothing was read                     |
 * |    4 | `policyInvalid`  | the desk policy exists but cannot be read or is not valid              |
 * |    6 | `protocol`       | a frame was oversize or the stream ended inside one                    |
 *
 * A frame whose payload is empty or not UTF-8 JSON is answered with
 * `INVALID_REQUEST` and the connection goes on: its length was honest, so
 * the next frame is still found. An oversize length cannot be skipped
 * without reading what it announces, so it is answered, then the host exits.
 *
 * @module
 */

/** Every exit code of `leash-desk`, by name. */
export const deskExitCodes = {
  ok: 0,
  internal: 1,
  usage: 2,
  originRejected: 3,
  policyInvalid: 4,
  protocol: 6,
} as const;

/** The name of one exit code. */
export type DeskExit = keyof typeof deskExitCodes;
