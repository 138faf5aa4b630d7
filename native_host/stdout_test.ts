import assert from "node:assert/strict";

const sources = [...Deno.readDirSync(new URL(".", import.meta.url))]
  .filter((entry) => entry.isFile && entry.name.endsWith(".ts") && !entry.name.endsWith("_test.ts"))
  .map((entry) => ({
    name: entry.name,
    text: Deno.readTextFileSync(new URL(entry.name, import.meta.url)),
  }));

Deno.test("no host module names Deno.stdout: local/stdout.ts owns it", () => {
  const naming = sources.filter((file) => file.text.includes("Deno.stdout")).map((f) => f.name);
  assert.deepEqual(naming, []);
  assert.match(sources.find((file) => file.name === "main.ts")?.text ?? "", /claimStdout\(\)/);
});

Deno.test("no host module prints with a console method that writes to stdout", () => {
  const printing = sources
    .filter((file) => /console\.(log|info|debug|dir|dirxml|table)\(/.test(file.text))
    .map((file) => file.name);
  assert.deepEqual(printing, []);
});
