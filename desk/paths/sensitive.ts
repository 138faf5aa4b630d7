/**
 * Sensitive paths and execution sinks, judged on a workspace-relative path's
 * components, case-insensitively (a `.ENV` on a case-insensitive disk is
 * the same file as `.env`).
 *
 * - **Sensitive** paths are never read, listed (only counted), searched,
 *   written or served: `.env*` (but `.env.example`), private keys and
 *   keystores, anything under `.ssh/`, `.gnupg/`, `.aws/`, `.kube/`,
 *   credential files and Terraform state.
 * - **Execution sinks** may be read but are never written: anything under
 *   `.git/` (hooks included), `.husky/` or a browser's `NativeMessagingHosts/`,
 *   `.vscode/tasks.json`, `.vscode/launch.json`, `.envrc` and shell startup
 *   files (`.bashrc`, `.profile`, `.zshrc`…), because writing them makes
 *   something run.
 *
 * @module
 */
import { pathComponents } from "./syntax.ts";

const sensitiveFolders = new Set([".ssh", ".gnupg", ".aws", ".kube", ".docker", ".azure"]);

const sensitiveFiles = new Set([
  ".netrc",
  "_netrc",
  ".npmrc",
  ".pypirc",
  ".pgpass",
  ".git-credentials",
  ".htpasswd",
  "credentials",
  "credentials.json",
  "credentials.xml",
  "id_rsa",
  "id_dsa",
  "id_ecdsa",
  "id_ed25519",
  "id_ecdsa_sk",
  "id_ed25519_sk",
]);

const sensitiveExtensions = /\.(pem|key|p12|pfx|jks|keystore|ppk|kdbx|tfstate|tfstate\.backup)$/;

const sinkFolders = new Set([".git", ".husky", "nativemessaginghosts"]);

/** Files a shell or a login runs. */
const sinkNames = new Set([
  ".envrc",
  ".bashrc",
  ".bash_profile",
  ".bash_login",
  ".profile",
  ".zshrc",
  ".zprofile",
  ".zshenv",
  ".zlogin",
]);

const sinkFiles = new Set([".vscode/tasks.json", ".vscode/launch.json"]);

/** Whether one file or folder name is sensitive wherever it is. */
export function isSensitiveName(name: string): boolean {
  const lower = name.toLowerCase();
  if (sensitiveFolders.has(lower) || sensitiveFiles.has(lower)) return true;
  if (lower.startsWith(".env") && lower !== ".env.example") return true;
  return sensitiveExtensions.test(lower);
}

/** Whether the workspace-relative `relative` is sensitive: any component of it is. */
export function isSensitivePath(relative: string): boolean {
  return pathComponents(relative).some(isSensitiveName);
}

/** Whether writing `relative` would write an execution sink. */
export function isExecutionSink(relative: string): boolean {
  const parts = pathComponents(relative).map((part) => part.toLowerCase());
  if (parts.some((part) => sinkFolders.has(part))) return true;
  if (sinkNames.has(parts.at(-1) ?? "")) return true;
  return sinkFiles.has(parts.slice(-2).join("/"));
}
