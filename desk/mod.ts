/**
 * DeskBridge's desktop host, `leash-desk`: a native-messaging host that acts
 * on the person's desktop itself, inside the workspaces and skills the person
 * turned on. It needs no Broker and never imports one.
 *
 * @module
 */

/** The native-messaging host name Chrome launches `leash-desk` under. */
export const DESK_HOST_NAME = "dev.leash.desk";
