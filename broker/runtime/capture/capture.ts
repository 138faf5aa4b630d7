/**
 * A screenshot of the leased tab's viewport through the provider's fenced
 * `cdp` (`Page.captureScreenshot`, viewport only), taken inside the tab's
 * queue, with the epoch of the document it shows.
 *
 * - The size is read from the image itself (PNG `IHDR`, JPEG `SOFn`), so it
 *   is the size of the pixels returned: the viewport in device pixels.
 * - An image that does not fit in one frame, or that the provider refuses
 *   as too large, is taken again as JPEG at lower quality; when even the
 *   last step is too large the answer is `RESULT_TOO_LARGE`. `mimeType`
 *   says what was returned.
 * - The main frame's document is read before and after; when it changed in
 *   between the capture is taken once more, and a second change is
 *   `STALE_TARGET`.
 *
 * @module
 */
import { z } from "zod";
import { isLeashError, LeashError } from "../../../contracts/errors.ts";
import { limits } from "../../../contracts/limits.ts";
import type { ClientMethods, ResultOf } from "../../../contracts/methods/mod.ts";
import type { OwnedLease } from "../../authority/owned_lease.ts";
import type { Cdp } from "../act/mod.ts";
import { leaseCdp } from "../lease_calls.ts";
import { sameDocument } from "../../../contracts/document.ts";
import { readDocument } from "../document.ts";
import type { ObserveBooks } from "../observe/observe.ts";
import { staleTarget } from "../stale_target.ts";
import { imageSize } from "./_image_size.ts";

type Capture = ResultOf<ClientMethods, "browser.capture">;

/** One way to take the screenshot. */
export interface Shot {
  format: "png" | "jpeg";
  quality?: number;
}

/** The steps tried in order, by the format asked for. */
export const captureLadder: Record<Shot["format"], readonly Shot[]> = {
  png: [{ format: "png" }, { format: "jpeg", quality: 80 }, { format: "jpeg", quality: 50 }, {
    format: "jpeg",
    quality: 30,
  }],
  jpeg: [{ format: "jpeg", quality: 80 }, { format: "jpeg", quality: 50 }, {
    format: "jpeg",
    quality: 30,
  }],
};

/**
 * The most base64 characters one capture may carry: a frame less room for
 * the response envelope around it (its ID alone may take 512 bytes).
 */
export const maxCaptureChars = limits.maxFrameBytes - 4_096;

const ScreenshotAnswer = z.object({ data: z.string().min(1) });

/** Take `shot`; `undefined` when it is too large for a frame. */
async function take(
  cdp: Cdp,
  shot: Shot,
  signal: AbortSignal,
): Promise<Omit<Capture, "documentEpoch"> | undefined> {
  let answer;
  try {
    answer = await cdp("Page.captureScreenshot", { ...shot }, { signal });
  } catch (error) {
    if (isLeashError(error, "RESULT_TOO_LARGE")) return undefined;
    throw error;
  }
  const parsed = ScreenshotAnswer.safeParse(answer);
  if (!parsed.success) throw new LeashError("INTERNAL", { cause: parsed.error });
  const data = parsed.data.data;
  if (data.length > maxCaptureChars) return undefined;
  const size = imageSize(data, shot.format);
  if (size === undefined) {
    throw new LeashError("INTERNAL", {
      cause: new Error(`Cannot read the screenshot: it is not a ${shot.format} image`),
    });
  }
  return { mimeType: `image/${shot.format}`, data, ...size };
}

async function capture(cdp: Cdp, format: Shot["format"], signal: AbortSignal) {
  for (const shot of captureLadder[format]) {
    const image = await take(cdp, shot, signal);
    if (image !== undefined) return image;
  }
  throw new LeashError("RESULT_TOO_LARGE");
}

/**
 * Capture `held`'s viewport as `format` (see the module doc). Call it
 * inside the tab's queue.
 */
export async function captureViewport(
  held: OwnedLease,
  books: ObserveBooks,
  format: Shot["format"],
  signal: AbortSignal,
): Promise<Capture> {
  const cdp = leaseCdp(held);
  for (let attempt = 0; attempt < 2; attempt++) {
    const before = await readDocument(cdp, signal);
    const image = await capture(cdp, format, signal);
    const after = await readDocument(cdp, signal);
    if (sameDocument(before, after)) {
      const documentEpoch = books.epochs.epochFor(
        held.lease.leaseId,
        after.frameId,
        after.loaderId,
      );
      return { ...image, documentEpoch };
    }
  }
  throw staleTarget("the document kept changing while the tab was captured");
}
