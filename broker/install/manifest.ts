/**
 * The native-messaging host manifest Chrome reads to find and admit the
 * Native Host.
 *
 * @module
 */
import { isAbsolute } from "node:path";
import { z } from "zod";
import { deskHostName, nativeHostName } from "../../contracts/identity.ts";
import { extensionOriginPattern } from "../../contracts/identity.ts";

/** A host manifest as Chrome reads it. */
export const HostManifestSchema = z.strictObject({
  name: z.string().regex(/^[a-z0-9_]+(\.[a-z0-9_]+)*$/),
  description: z.string().min(1),
  path: z.string().min(1).refine(isAbsolute, { message: "must be an absolute path" }),
  type: z.literal("stdio"),
  allowed_origins: z.array(z.string().regex(extensionOriginPattern)).min(1),
});

/** A host manifest. */
export type HostManifest = z.infer<typeof HostManifestSchema>;

/** The file name of our manifest: the host name plus `.json`. */
export const manifestFileName = `${nativeHostName}.json`;

/** The file name of DeskBridge's manifest, beside the relay's. */
export const deskManifestFileName = `${deskHostName}.json`;

/** Our manifest: the host at `hostPath` for `origins`. */
export function hostManifest(hostPath: string, origins: readonly string[]): HostManifest {
  return {
    name: nativeHostName,
    description: "Leash Native Host: relays the Leash extension to the local Leash Broker",
    path: hostPath,
    type: "stdio",
    allowed_origins: [...origins],
  };
}

/** DeskBridge's manifest: `leash-desk` at `deskPath` for `origins`. */
export function deskManifest(deskPath: string, origins: readonly string[]): HostManifest {
  return {
    name: deskHostName,
    description: "Leash DeskBridge: acts on this desktop inside the workspaces the person allowed",
    path: deskPath,
    type: "stdio",
    allowed_origins: [...origins],
  };
}

/** The manifest's file text. */
export function formatManifest(manifest: HostManifest): string {
  return `${JSON.stringify(manifest, null, 2)}\n`;
}
