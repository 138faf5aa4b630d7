/**
 * DeskBridge's desktop host, `leash-desk`: a native-messaging host that acts
 * on the person's desktop itself, inside the workspaces and skills the person
 * turned on. It needs no Broker and never imports one. `main.ts` is the
 * entry point.
 *
 * @module
 */
export { deskHostName as DESK_HOST_NAME } from "../contracts/identity.ts";
export { type DeskExit, deskExitCodes } from "./exit_codes.ts";
export { type DeskHostOptions, runDesk } from "./host.ts";
export { dispatch } from "./dispatch.ts";
