import assert from "node:assert/strict";

/** Every TypeScript file under `extension/`, tests and test helpers (`testing/`) aside. */
async function* sources(dir: URL): AsyncGenerator<URL> {
  for await (const entry of Deno.readDir(dir)) {
    const url = new URL(entry.name + (entry.isDirectory ? "/" : ""), dir);
    if (entry.isDirectory) {
      if (entry.name !== "testing") yield* sources(url);
    } else if (
      entry.name.endsWith(".ts") && !entry.name.endsWith("_test.ts") && !entry.name.startsWith("_")
    ) {
      yield url;
    }
  }
}

Deno.test("the extension imports only itself, contracts and zod, and never Deno", async () => {
  const root = new URL("./", import.meta.url);
  const offenders: string[] = [];
  for await (const file of sources(root)) {
    const text = await Deno.readTextFile(file);
    const name = file.pathname.slice(root.pathname.length);
    const specifiers = [
      ...text.matchAll(/^\s*(?:import|export)\s[^;]*?\sfrom\s+["']([^"']+)["']/gm),
      ...text.matchAll(/^\s*import\s+["']([^"']+)["']/gm),
    ].map((match) => match[1]);
    for (const specifier of specifiers) {
      const allowed = specifier === "zod" || specifier === "zod/mini" ||
        specifier.startsWith("./") ||
        (specifier.startsWith("../") &&
          !/(^|\/)(broker|native_host|tests|scripts)\//.test(specifier));
      if (!allowed) offenders.push(`${name}: ${specifier}`);
    }
    if (/\bDeno\./.test(text)) offenders.push(`${name}: uses Deno`);
  }
  assert.deepEqual(offenders, []);
});
