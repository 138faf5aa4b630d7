/**
 * A screenshot of the leased tab through the provider's fenced `cdp`
 * (`Page.captureScreenshot`): its viewport, or an area beyond it (the whole
 * page or one element, `area.ts`) clipped and rendered beyond the viewport,
 * taken inside the tab's queue, with the epoch of the document it shows.
 *
 * - The size is read from the image itself (PNG `IHDR`, JPEG `SOFn`), so it
 *   is the size of the pixels returned: the viewport or area in device pixels.
 * - An image that does not fit in one frame, or that the provider refuses
 *   as too large, is taken again as JPEG at lower quality; when even the
 *   last step is too large the answer is `RESULT_TOO_LARGE` (`tooManyBytes`). `mimeType`
 *   says what was returned.
 * - The main frame's document is read before and after; when it changed in
 *   between the capture is taken once more, and a second change is
 *   `STALE_TARGET`.
 *
 * @module
 */
import { z } from "zod";
import { isLeashError, LeashError } from "../../../contracts/errors.ts";
import type { JsonObject } from "../../../contracts/json.ts";
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
import type { CaptureArea } from "./area.ts";

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
  area: CaptureArea | undefined,
  signal: AbortSignal,
): Promise<Omit<Capture, "documentEpoch"> | undefined> {
  // Beyond the viewport only with a clip: the area, already bounded in pixels.
  const beyond: JsonObject = area === undefined ? {} : {
    clip: { ...area.clip, scale: 1 },
    ...(area.beyondViewport ? { captureBeyondViewport: true } : {}),
  };
  let answer;
  try {
    answer = await cdp("Page.captureScreenshot", { ...shot, ...beyond }, { signal });
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

async function capture(
  cdp: Cdp,
  format: Shot["format"],
  area: CaptureArea | undefined,
  signal: AbortSignal,
) {
  for (const shot of captureLadder[format]) {
    const image = await take(cdp, shot, area, signal);
    if (image !== undefined) return image;
  }
  throw new LeashError("RESULT_TOO_LARGE", { detail: { reason: "tooManyBytes" } });
}

/**
 * Capture `held`'s viewport, or `area` when given, as `format` (see the
 * module doc). Call it inside the tab's queue.
 */
export async function captureViewport(
  held: OwnedLease,
  books: ObserveBooks,
  format: Shot["format"],
  signal: AbortSignal,
  area?: CaptureArea,
): Promise<Capture> {
  const cdp = leaseCdp(held);
  for (let attempt = 0; attempt < 2; attempt++) {
    const before = await readDocument(cdp, signal);
    const image = await capture(cdp, format, area, signal);
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
