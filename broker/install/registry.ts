/**
 * The Windows registry through `reg.exe`: Chrome on Windows finds a host's
 * manifest through the default value of
 * `HKCU\Software\<vendor>\NativeMessagingHosts\<name>`.
 *
 * @module
 */

/** The `reg` arguments that set `key`'s default value to `value`. */
export function regAddArgs(key: string, value: string): string[] {
  return ["add", key, "/ve", "/t", "REG_SZ", "/d", value, "/f"];
}

/** The `reg` arguments that delete `key`. */
export function regDeleteArgs(key: string): string[] {
  return ["delete", key, "/f"];
}

/** The `reg` arguments that print `key`'s default value. */
export function regQueryArgs(key: string): string[] {
  return ["query", key, "/ve"];
}

/** The default value in `reg query /ve` output, or `undefined` when it has none. */
export function parseRegQuery(output: string): string | undefined {
  for (const line of output.split(/\r?\n/)) {
    const match = /^\s+\(.+?\)\s+REG_(?:EXPAND_)?SZ\s+(.*)$/.exec(line);
    if (match !== null) return match[1].trimEnd();
  }
  return undefined;
}

async function reg(args: readonly string[]): Promise<{ ok: boolean; stdout: string }> {
  const output = await new Deno.Command("reg", { args: [...args], stdout: "piped", stderr: "null" })
    .output();
  return { ok: output.success, stdout: new TextDecoder().decode(output.stdout) };
}

/** Set `key`'s default value to `value`; throws when `reg` fails. */
export async function setRegistryDefault(key: string, value: string): Promise<void> {
  if (!(await reg(regAddArgs(key, value))).ok) {
    throw new Error(`Cannot write registry key ${key}: reg add failed`);
  }
}

/** Delete `key`; resolves `false` when `reg` could not (for example, it was gone). */
export async function deleteRegistryKey(key: string): Promise<boolean> {
  return (await reg(regDeleteArgs(key))).ok;
}

/** `key`'s default value, or `undefined` when the key or value is missing. */
export async function readRegistryDefault(key: string): Promise<string | undefined> {
  const result = await reg(regQueryArgs(key));
  return result.ok ? parseRegQuery(result.stdout) : undefined;
}
