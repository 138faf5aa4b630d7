/**
 * The handshake family: the one method every peer may call before it is
 * authenticated.
 *
 * @module
 */
import { HelloSchema, WelcomeSchema } from "../hello.ts";
import { defineMethod } from "./define.ts";

/** The handshake, open to every peer before it is authenticated. */
export const handshakeMethods = {
  hello: defineMethod({
    direction: "peer→broker",
    title: "Authenticate, negotiate the version and capabilities, and receive the welcome.",
    capability: null,
    params: HelloSchema,
    result: WelcomeSchema,
  }),
};
