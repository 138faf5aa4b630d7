/**
 * What the scripts that play the Broker themselves share (`check_ax_page.ts`,
 * `screenshot_extension.ts`): the Broker's side of the provider hello, and a
 * stand-in native host that pipes Chrome's native-messaging stdio straight to
 * the script's own socket, installed into a test profile.
 *
 * @module
 */
import { ProviderHelloSchema, WelcomeSchema } from "../contracts/hello.ts";
import { extensionId, nativeHostName } from "../contracts/identity.ts";
import { defineMethod } from "../contracts/methods/define.ts";

/** The scripted Broker's side of the handshake. */
export const brokerHandshake = {
  hello: defineMethod({
    direction: "peer→broker",
    title: "Receive the provider hello.",
    capability: null,
    params: ProviderHelloSchema,
    result: WelcomeSchema,
  }),
};

/**
 * Install, for the browser profile `profile`, a relay "host" that pipes
 * Chrome's native-messaging stdio to the scripted Broker's socket; its files
 * go under `temp`, and `description` names the script in the manifest.
 */
export async function installRelayHost(
  temp: string,
  profile: string,
  socketPath: string,
  description: string,
): Promise<void> {
  const relay = `${temp}/relay.ts`;
  await Deno.writeTextFile(
    relay,
    `const conn = await Deno.connect({ transport: "unix", path: ${JSON.stringify(socketPath)} });
await Promise.race([Deno.stdin.readable.pipeTo(conn.writable).catch(() => {}),
  conn.readable.pipeTo(Deno.stdout.writable).catch(() => {})]);
Deno.exit(0);\n`,
  );
  await Deno.writeTextFile(
    `${temp}/relay.sh`,
    `#!/bin/sh\nexec ${Deno.execPath()} run -A --no-config ${relay}\n`,
    { mode: 0o755 },
  );
  await Deno.mkdir(`${profile}/NativeMessagingHosts`, { recursive: true });
  await Deno.writeTextFile(
    `${profile}/NativeMessagingHosts/${nativeHostName}.json`,
    JSON.stringify({
      name: nativeHostName,
      description,
      path: `${temp}/relay.sh`,
      type: "stdio",
      allowed_origins: [`chrome-extension://${extensionId}/`],
    }),
  );
}
