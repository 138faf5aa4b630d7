/**
 * The Native Host's exit codes. Chrome ignores them, but a person reading
 * `chrome://` logs, the doctor and the tests tell each way out apart by its
 * code; the reason itself goes to stderr as a JSON log line.
 *
 * | code | name                | meaning                                                                  |
 * | ---: | ------------------- | ------------------------------------------------------------------------ |
 * |    0 | `ok`                | the extension closed the port (stdin ended); a normal end                |
 * |    1 | `internal`          | an unexpected failure inside the host                                    |
 * |    2 | `usage`             | no caller origin on the command line                                     |
 * |    3 | `originRejected`    | the caller origin is not allowed; nothing was read, nothing was opened   |
 * |    4 | `configInvalid`     | the installed host config exists but cannot be read or is not valid      |
 * |    5 | `helloRejected`     | the first frame was not a schema-valid provider `hello` request          |
 * |    6 | `extensionProtocol` | a later extension frame was malformed, oversize or not an envelope       |
 * |    7 | `brokerUnavailable` | the token could not be read or the Broker's socket could not be reached  |
 * |    8 | `brokerProtocol`    | a Broker frame was malformed, oversize or not an envelope                |
 * |    9 | `browserLimit`      | a Broker frame would pass Chrome's 1 MiB cap; it was not written         |
 * |   10 | `brokerClosed`      | the Broker closed the connection                                         |
 * |   11 | `tokenLeak`         | a Broker frame contained the token; it was not written                   |
 *
 * @module
 */

/** Every exit code of the Native Host, by name. */
export const hostExitCodes = {
  ok: 0,
  internal: 1,
  usage: 2,
  originRejected: 3,
  configInvalid: 4,
  helloRejected: 5,
  extensionProtocol: 6,
  brokerUnavailable: 7,
  brokerProtocol: 8,
  browserLimit: 9,
  brokerClosed: 10,
  tokenLeak: 11,
} as const;

/** The name of one exit code. */
export type HostExit = keyof typeof hostExitCodes;
