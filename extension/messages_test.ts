import assert from "node:assert/strict";
import {
  ApprovalCommandSchema,
  approvalPortName,
  ApprovalStateSchema,
  isOwnPage,
  PopupCommandSchema,
  popupPortName,
} from "./messages.ts";

const id = "eoijildolnmgmfgdgjflhdkjachcdkfm";

Deno.test("isOwnPage accepts only our extension's page for each port name", () => {
  const popup = `chrome-extension://${id}/popup/popup.html`;
  const approval = `chrome-extension://${id}/approval/approval.html`;
  assert.equal(isOwnPage(popupPortName, { id, url: popup }, id), true);
  assert.equal(isOwnPage(approvalPortName, { id, url: `${approval}?x#y` }, id), true);
  assert.equal(isOwnPage(popupPortName, { id, url: approval }, id), false);
  assert.equal(isOwnPage(approvalPortName, { id: "other", url: approval }, id), false);
  assert.equal(
    isOwnPage(popupPortName, { id, url: "https://example.com/popup/popup.html" }, id),
    false,
  );
  assert.equal(
    isOwnPage(popupPortName, { id, url: `chrome-extension://other/popup/popup.html` }, id),
    false,
  );
  assert.equal(isOwnPage(popupPortName, { id }, id), false);
  assert.equal(isOwnPage(popupPortName, undefined, id), false);
  assert.equal(isOwnPage("leash.other", { id, url: popup }, id), false);
});

Deno.test("page commands are strict: no extra fields, no unknown types", () => {
  assert.equal(PopupCommandSchema.safeParse({ type: "stop", leaseId: "l1" }).success, true);
  assert.equal(PopupCommandSchema.safeParse({ type: "stop-all" }).success, true);
  assert.equal(PopupCommandSchema.safeParse({ type: "stop", leaseId: "" }).success, false);
  assert.equal(PopupCommandSchema.safeParse({ type: "stop-all", extra: 1 }).success, false);
  assert.equal(PopupCommandSchema.safeParse({ type: "grant" }).success, false);
  assert.equal(
    ApprovalCommandSchema.safeParse({ type: "decide", claimId: "c", decision: "allow" }).success,
    true,
  );
  assert.equal(
    ApprovalCommandSchema.safeParse({ type: "decide", claimId: "c", decision: "always" }).success,
    false,
  );
});

Deno.test("the approval window's state carries the MCP client's own name beside the claim's", () => {
  const claim = {
    claimId: "claim-1",
    clientName: "Mine",
    mcpClientName: "codex",
    title: "Shop",
    origin: "https://shop.example",
    scope: "origin",
    reason: "Check the order",
    expiresAt: 1,
  };
  assert.deepEqual(ApprovalStateSchema.parse({ type: "claims", claims: [claim] }).claims, [claim]);
});
