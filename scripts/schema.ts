/**
 * Regenerate or check the published protocol schema.
 *
 * `deno task schema` (`--write`) rewrites contracts/protocol/v1.schema.json
 * when its content changed; `deno task schema:check` (no flag) exits 1 when
 * the committed file differs from what the zod schemas generate.
 *
 * @module
 */
import { parseArgs } from "node:util";
import {
  buildProtocolSchema,
  formatProtocolSchema,
  protocolSchemaPath,
} from "../contracts/schema.ts";

const schemaUrl = new URL(`../${protocolSchemaPath}`, import.meta.url);

async function readCommitted(): Promise<string | undefined> {
  try {
    return await Deno.readTextFile(schemaUrl);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw error;
  }
}

/** Write or check the schema file; returns the process exit code. */
export async function main(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { write: { type: "boolean", default: false } } });
  const generated = formatProtocolSchema(buildProtocolSchema());
  const committed = await readCommitted();
  if (values.write) {
    if (committed === generated) {
      console.log(`${protocolSchemaPath} unchanged`);
      return 0;
    }
    await Deno.mkdir(new URL(".", schemaUrl), { recursive: true });
    await Deno.writeTextFile(schemaUrl, generated);
    console.log(`${protocolSchemaPath} written`);
    return 0;
  }
  if (committed !== generated) {
    console.error(`${protocolSchemaPath} is out of date; run deno task schema`);
    return 1;
  }
  console.log(`${protocolSchemaPath} is up to date`);
  return 0;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
