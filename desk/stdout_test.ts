import assert from "node:assert/strict";

async function sources(dir: URL, prefix = ""): Promise<{ name: string; text: string }[]> {
  const found: { name: string; text: string }[] = [];
  for await (const entry of Deno.readDir(dir)) {
    if (entry.isDirectory) {
      found.push(...await sources(new URL(`${entry.name}/`, dir), `${prefix}${entry.name}/`));
    } else if (entry.name.endsWith(".ts") && !entry.name.endsWith("_test.ts")) {
      found.push({
        name: `${prefix}${entry.name}`,
        text: await Deno.readTextFile(new URL(entry.name, dir)),
      });
    }
  }
  return found;
}

Deno.test("no leash-desk module names Deno.stdout or prints to it: local/stdout.ts owns it", async () => {
  const files = await sources(new URL("./", import.meta.url));
  assert.ok(files.length > 10);
  assert.deepEqual(
    files.filter((file) => file.text.includes("Deno.stdout")).map((f) => f.name),
    [],
  );
  assert.deepEqual(
    files.filter((file) => /console\.(log|info|debug|dir|dirxml|table)\(/.test(file.text))
      .map((file) => file.name),
    [],
  );
  assert.match(files.find((file) => file.name === "main.ts")?.text ?? "", /claimStdout\(\)/);
});
