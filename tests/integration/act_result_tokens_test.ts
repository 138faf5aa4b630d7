/**
 * What an action's answer costs the model: the text `browser_act` returns
 * when the document stayed, rendered by the observation engine's lean delta
 * and the MCP formatter together, counted with the o200k tokenizer. An
 * action whose only effect is one field's new value, or one checkbox's new
 * state, answers in at most 40 tokens, and keeps the page-content marking.
 */
import assert from "node:assert/strict";
import { countTokens } from "gpt-tokenizer";
import type { AxNode, AxSnapshot } from "../../contracts/methods/mod.ts";
import { pageDataNote } from "../../contracts/page_text.ts";
import { formatAct } from "../../broker/mcp/format.ts";
import { buildObservation } from "../../broker/runtime/observe/observe.ts";
import { loadSnapshot, testBooks } from "../../broker/runtime/observe/_test_utils.ts";

const page = { kind: "page" } as const;

/** The `browser_act` text after `change` on the checkout form, the document unchanged. */
function answerAfter(change: (nodes: AxNode[]) => void): string {
  const books = testBooks();
  const before: AxSnapshot = loadSnapshot("form_page.json");
  const first = buildObservation({ leaseId: "L", snapshot: before, scope: page }, books);
  const nodes = structuredClone(before.nodes);
  change(nodes);
  const observation = buildObservation(
    { leaseId: "L", snapshot: { ...before, nodes }, scope: page, since: first.cursor },
    books,
  );
  return formatAct({
    requestId: `leash-${crypto.randomUUID()}`,
    status: "verified",
    documentChanged: false,
    documentEpoch: observation.documentEpoch,
    observation,
  }, { documentEpoch: first.documentEpoch });
}

function node(nodes: AxNode[], role: string, name: string): AxNode {
  const found = nodes.find((candidate) => candidate.role === role && candidate.name === name);
  assert.ok(found !== undefined, `${role} ${name}`);
  return found;
}

Deno.test("a fill whose only effect is the field's new value answers in at most 40 tokens", () => {
  const text = answerAfter((nodes) => {
    const email = node(nodes, "textbox", "Email");
    email.value = "ada@example.com";
    // The field's own text follows its value, as in a browser.
    for (const text of nodes) if (text.name === "ada@") text.name = email.value;
  });
  assert.equal(
    text,
    `act verified\n${pageDataNote}\n` +
      '~ textbox "Email" value="ada@example.com" focused required ref=e5 in form "Shipping details"',
  );
  assert.ok(countTokens(text) <= 40, `${countTokens(text)} tokens: ${text}`);
});

Deno.test("a click whose only effect is a checkbox's new state answers in at most 40 tokens", () => {
  const text = answerAfter((nodes) => {
    node(nodes, "checkbox", "Email me about offers").states = ["checked"];
  });
  assert.equal(text.split("\n")[1], pageDataNote, "page text follows its marking");
  assert.ok(countTokens(text) <= 40, `${countTokens(text)} tokens: ${text}`);
});
