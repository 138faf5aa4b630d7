/**
 * The install receipt: every file, folder and registry key `leash install`
 * created, kept next to the host config, so `leash uninstall` removes
 * exactly those and nothing else.
 *
 * @module
 */
import { join } from "node:path";
import { z } from "zod";

/** What install wrote. */
export const ReceiptSchema = z.strictObject({
  version: z.literal(1),
  /** Files written (manifests, the dev launcher, the host config). */
  files: z.array(z.string().min(1)),
  /** Folders install created, parents before children. */
  dirs: z.array(z.string().min(1)),
  /** Windows registry keys install created. */
  registryKeys: z.array(z.string().min(1)),
});

/** What install wrote. */
export type Receipt = z.infer<typeof ReceiptSchema>;

/** The receipt's file name in the Leash app dir. */
export const receiptFileName = "install-receipt.json";

/** The receipt's path in `appDir`. */
export function receiptPath(appDir: string): string {
  return join(appDir, receiptFileName);
}

/** A receipt with nothing in it. */
export function emptyReceipt(): Receipt {
  return { version: 1, files: [], dirs: [], registryKeys: [] };
}

/** Read the receipt at `path`; `undefined` when there is none. Throws when it is not valid. */
export async function readReceipt(path: string): Promise<Receipt | undefined> {
  let text: string;
  try {
    text = await Deno.readTextFile(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw error;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`Cannot read install receipt ${path}: it is not JSON`, { cause: error });
  }
  const parsed = ReceiptSchema.safeParse(value);
  if (!parsed.success) throw new Error(`Cannot read install receipt ${path}: it is not valid`);
  return parsed.data;
}

/** `a` with everything of `b` added once, keeping first-seen order. */
export function mergeReceipts(a: Receipt, b: Receipt): Receipt {
  const union = (x: readonly string[], y: readonly string[]) => [...new Set([...x, ...y])];
  return {
    version: 1,
    files: union(a.files, b.files),
    dirs: union(a.dirs, b.dirs),
    registryKeys: union(a.registryKeys, b.registryKeys),
  };
}

/** The receipt's file text. */
export function formatReceipt(receipt: Receipt): string {
  return `${JSON.stringify(receipt, null, 2)}\n`;
}
