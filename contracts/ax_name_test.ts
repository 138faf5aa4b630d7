import assert from "node:assert/strict";
import { axNodeName } from "./ax_name.ts";

const fromContents = (text: string) => ({
  type: "contents",
  value: { type: "computedString", value: text },
});
const unused = [
  { type: "relatedElement", attribute: "aria-labelledby" },
  { type: "attribute", attribute: "aria-label" },
];

Deno.test("a focused container's name from its contents is no name of its own", () => {
  // Chromium's answer for a focused map (`div tabindex=0`) holding buttons.
  const text = "London office Paris office Leaflet";
  const sources = [...unused, fromContents(text), { type: "attribute", superseded: true }];
  for (const role of ["generic", "group", "region", "paragraph", "listitem"]) {
    assert.equal(axNodeName({ role: { value: role }, name: { value: text, sources } }), "", role);
  }
});

Deno.test("a name from contents stands for the roles named that way", () => {
  const sources = [...unused, fromContents("Save draft")];
  for (const role of ["button", "link", "heading", "option", "cell", "StaticText", "tab"]) {
    assert.equal(
      axNodeName({ role: { value: role }, name: { value: "Save draft", sources } }),
      "Save draft",
      role,
    );
  }
});

Deno.test("a name the page gave stands whatever the role", () => {
  const label = { type: "attribute", attribute: "aria-label", value: { value: "Map of offices" } };
  const contents = { ...fromContents("London Paris"), superseded: true };
  const node = {
    role: { value: "generic" },
    name: { value: "Map of offices", sources: [label, contents] },
  };
  assert.equal(axNodeName(node), "Map of offices");
  // Without sources (a reply that leaves them out), the name is taken as it comes.
  assert.equal(axNodeName({ role: { value: "generic" }, name: { value: "Map" } }), "Map");
  assert.equal(axNodeName({ role: { value: "generic" } }), "");
  assert.equal(axNodeName({ name: { value: 3 } }), "");
});
