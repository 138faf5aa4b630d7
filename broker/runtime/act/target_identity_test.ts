import assert from "node:assert/strict";
import { isLeashError } from "../../../contracts/errors.ts";
import type { JsonObject } from "../../../contracts/json.ts";
import type { Cdp } from "./cdp.ts";
import { checkIdentity } from "./target.ts";

/** A seam answering `getPartialAXTree` with `node`. */
function seam(node: JsonObject): Cdp {
  return (method) => {
    assert.equal(method, "Accessibility.getPartialAXTree");
    return Promise.resolve({ nodes: [{ backendDOMNodeId: 7, ...node }] });
  };
}

const wrapper = { backendNodeId: 7, role: "generic", name: "" };

Deno.test("checkIdentity() takes a node ignored only as uninteresting as a plain generic", async () => {
  await checkIdentity(
    seam({ ignored: true, role: { value: "none" }, ignoredReasons: [{ name: "uninteresting" }] }),
    wrapper,
  );
});

Deno.test("checkIdentity() takes a node that hides itself with aria-hidden as a plain generic", async () => {
  // An icon the page hid from the tree and clicks on: the probes say whether a person sees it.
  await checkIdentity(
    seam({
      ignored: true,
      role: { value: "none" },
      ignoredReasons: [{ name: "uninteresting" }, { name: "ariaHiddenElement" }],
    }),
    wrapper,
  );
  await checkIdentity(
    seam({
      ignored: true,
      role: { value: "none" },
      ignoredReasons: [{ name: "ariaHiddenElement" }],
    }),
    wrapper,
  );
});

Deno.test("checkIdentity() refuses a node ignored for being hidden, and a changed role", async () => {
  // Inside an aria-hidden subtree (a page behind a modal dialog), or not rendered.
  for (const reason of ["ariaHiddenSubtree", "notRendered", "inertElement"]) {
    await assert.rejects(
      checkIdentity(
        seam({
          ignored: true,
          role: { value: "none" },
          ignoredReasons: [{ name: "ariaHiddenElement" }, { name: reason }],
        }),
        wrapper,
      ),
      (error) => isLeashError(error) && error.code === "TARGET_NOT_INTERACTABLE",
      reason,
    );
  }
  await assert.rejects(
    checkIdentity(seam({ ignored: true, role: { value: "none" } }), wrapper),
    (error) => isLeashError(error) && error.code === "TARGET_NOT_INTERACTABLE",
  );
  await assert.rejects(
    checkIdentity(
      seam({ ignored: false, role: { value: "button" }, name: { value: "" } }),
      wrapper,
    ),
    (error) => isLeashError(error) && error.code === "STALE_TARGET",
  );
});
