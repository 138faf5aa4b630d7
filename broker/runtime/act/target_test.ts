import assert from "node:assert/strict";
import { isLeashError } from "../../../contracts/errors.ts";
import type { JsonObject } from "../../../contracts/json.ts";
import type { Cdp } from "./cdp.ts";
import { PageObjects } from "./page_objects.ts";
import type { StepContext } from "./step.ts";
import { type ElementDescription, probeTarget, sameName, unmetNeed } from "./target.ts";

Deno.test("sameName() ignores white space differences", () => {
  assert.ok(sameName("Send  now\n", "Send now"));
  assert.ok(!sameName("Send later", "Send now"));
});

Deno.test("sameName() matches a name the provider shortened with an ellipsis by prefix", () => {
  assert.ok(sameName("A very long label that goes on", "A very long…"));
  assert.ok(!sameName("A different label", "A very long…"));
});

const button: ElementDescription = {
  connected: true,
  kind: "other",
  visible: true,
  disabled: false,
  readOnly: false,
  checked: null,
  focused: false,
};

Deno.test("unmetNeed() refuses the wrong kind and read-only at once, naming the action that can", () => {
  assert.deepEqual(unmetNeed({ ...button, kind: "checkbox" }, { kinds: ["text"] }), {
    code: "TARGET_NOT_INTERACTABLE",
    reason: "wrongKind",
    final: true,
    use: "check",
  });
  // A multiple select is selected too: with a list of the options to leave selected.
  assert.deepEqual(unmetNeed({ ...button, kind: "multiselect" }, { kinds: ["text"] }), {
    code: "TARGET_NOT_INTERACTABLE",
    reason: "wrongKind",
    final: true,
    use: "select",
  });
  assert.deepEqual(
    unmetNeed({ ...button, kind: "text", readOnly: true, visible: false }, { editable: true }),
    { code: "TARGET_NOT_INTERACTABLE", reason: "readonly", final: true },
  );
});

Deno.test("unmetNeed() lets hidden and disabled targets be waited for", () => {
  assert.deepEqual(unmetNeed({ ...button, visible: false }, {}), {
    code: "TARGET_NOT_INTERACTABLE",
    reason: "hidden",
  });
  assert.deepEqual(unmetNeed({ ...button, disabled: true }, {}), {
    code: "TARGET_NOT_INTERACTABLE",
    reason: "disabled",
  });
  assert.equal(unmetNeed({ ...button, disabled: true }, { allowDisabled: true }), undefined);
  assert.equal(unmetNeed(button, { kinds: ["other"] }), undefined);
});

const target = { backendNodeId: 7, role: "button", name: "Save" };

/**
 * A page whose answers wait until `released` resolves, noting each method
 * as it is sent: what goes out before the first answer went out together.
 */
function heldPage(
  description: ElementDescription | { connected: false },
  identity: JsonObject | Error,
) {
  const sent: string[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => release = resolve);
  const cdp: Cdp = async (method): Promise<JsonObject> => {
    sent.push(method);
    // The node resolves at once: describing needs it first, then the rest is held.
    if (method === "DOM.resolveNode") return { object: { objectId: "o7" } };
    await released;
    if (method === "Runtime.callFunctionOn") {
      return { result: { type: "object", value: { ...description } } };
    }
    if (method === "Accessibility.getPartialAXTree") {
      if (identity instanceof Error) throw identity;
      return identity;
    }
    throw new Error(`unexpected ${method}`);
  };
  const context = {
    cdp,
    objects: new PageObjects(cdp),
    target,
    patience: { deadline: Date.now() + 1_000 },
  } as unknown as StepContext;
  return { sent, release, context };
}

const sameNode = {
  nodes: [{
    backendDOMNodeId: 7,
    ignored: false,
    role: { value: "button" },
    name: { value: "Save" },
  }],
};

Deno.test("probeTarget() asks for the element's identity while it describes it, one round trip for both", async () => {
  const page = heldPage(button, sameNode);
  const probe = probeTarget(page.context, target, {});
  // Let every call that does not wait on an answer go out.
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.deepEqual(page.sent.toSorted(), [
    "Accessibility.getPartialAXTree",
    "DOM.resolveNode",
    "Runtime.callFunctionOn",
  ]);
  page.release();
  const answer = await probe;
  assert.equal(answer.ready, true);
});

Deno.test("probeTarget() answers a detached element as stale whatever its identity says", async () => {
  const page = heldPage({ connected: false }, new Error("No node with given id found"));
  page.release();
  await assert.rejects(
    probeTarget(page.context, target, {}),
    (error) => isLeashError(error, "STALE_TARGET"),
  );
});

Deno.test("probeTarget() answers a changed identity as stale, and a hidden one as unready", async () => {
  const renamed = heldPage(button, {
    nodes: [{
      backendDOMNodeId: 7,
      ignored: false,
      role: { value: "button" },
      name: { value: "Delete" },
    }],
  });
  renamed.release();
  await assert.rejects(
    probeTarget(renamed.context, target, {}),
    (error) => isLeashError(error, "STALE_TARGET"),
  );
  const hidden = heldPage(button, {
    nodes: [{ backendDOMNodeId: 7, ignored: true, role: { value: "none" } }],
  });
  hidden.release();
  const answer = await probeTarget(hidden.context, target, {});
  assert.equal(answer.ready, false);
});
