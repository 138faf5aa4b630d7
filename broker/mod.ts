/**
 * The Broker: the daemon (`leash serve`), its typed client SDK and the
 * directory and permission conventions both sides share.
 *
 * @module
 */
export {
  type ClientEvent,
  type ConnectOptions,
  type HelloOptions,
  LeashClient,
} from "./client/client.ts";
export { Broker, type BrokerOptions } from "./server/server.ts";
export { StartError } from "./journal/start_error.ts";
export { brokerStatus, type StatusReport } from "./client/status.ts";
