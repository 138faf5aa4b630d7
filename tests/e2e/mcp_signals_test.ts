/**
 * What observations show on pages whose widgets carry no ARIA role, through
 * a stock MCP client in real Chromium: a span-grid calendar whose days are
 * clickable by their own listeners and cursor, custom selects that keep the
 * native `<select>` hidden, custom checkboxes over visually hidden inputs,
 * rich-text editors with placeholders, and draggable list items.
 */
import assert from "node:assert/strict";
import type { Observation } from "../../contracts/methods/mod.ts";
import { refOf, startAgent } from "./_mcp.ts";
import { noBrowser } from "./harness.ts";

/** The observed rows with `role` and exactly `name`. */
function rowsOf(observation: Observation, role: string, name: string) {
  return observation.nodes.filter((node) => node.role === role && node.name === name);
}

Deno.test({
  name: "observations give refs to what a person can click or drag, and to nothing hidden",
  ignore: noBrowser,
  fn: async (t) => {
    await using agent = await startAgent({ accessMode: "personal" });
    const { world } = agent;

    await t.step(
      "a calendar day drawn as a clickable span is clicked through its ref",
      async () => {
        const { tab, page } = await world.openTab(world.fixtures.url("signals_calendar.html"));
        const leaseId = await agent.claim(tab);
        const seen = await agent.observe({ leaseId });
        // The ref says it takes clicks; the structured node keeps the word.
        assert.match(seen.shown, /^ *generic "December 15, 2026" ref=e\d+$/m);
        // The day's number inherits the pointer from its day: no target of its own.
        const fifteen = rowsOf(seen, "StaticText", "15");
        assert.ok(fifteen.every((row) => row.ref === null), seen.shown);
        const day = refOf(seen, "generic", "December 15, 2026");
        const result = await agent.act({
          leaseId,
          documentEpoch: seen.documentEpoch,
          action: { kind: "click", ref: day },
          expect: { textPresent: "Chosen: December 15, 2026" },
        });
        assert.equal(result.status, "verified", result.shown);
        assert.equal(
          await page.evaluate("document.getElementById('chosen').textContent"),
          "Chosen: December 15, 2026",
        );

        // The month's arrows are nameless spans: they get a ref, shown named by their glyph,
        // and the next month is drawn.
        assert.match(
          seen.shown,
          /^ *generic "‹" ref=e\d+\n *text "December 2026"\n *generic "›" ref=/m,
        );
        const moved = await agent.act({
          leaseId,
          documentEpoch: seen.documentEpoch,
          action: { kind: "click", ref: refOf(seen, "generic", "›") },
          expect: { textPresent: "January 2027" },
        });
        assert.equal(moved.status, "verified", moved.shown);
        const january = await agent.observe({ leaseId });
        const first = refOf(january, "generic", "January 1, 2027");
        const picked = await agent.act({
          leaseId,
          documentEpoch: january.documentEpoch,
          action: { kind: "click", ref: first },
          expect: { textPresent: "Chosen: January 1, 2027" },
        });
        assert.equal(picked.status, "verified", picked.shown);
        await agent.call("browser_release", { leaseId });
      },
    );

    await t.step(
      "the page or tab a set marks with aria-current or its class is current; a dead link is disabled",
      async () => {
        const { tab } = await world.openTab(world.fixtures.url("signals_current.html"));
        const leaseId = await agent.claim(tab);
        const seen = await agent.observe({ leaseId });
        assert.match(seen.shown, /^ *button "Page 1" current ref=e\d+$/m);
        assert.match(seen.shown, /^ *button "Page 3" ref=e\d+$/m);
        // On the first page the pager's Previous takes no pointer events: it reads disabled, and
        // a click on it is refused, not sent to what is beneath (which the refusal names).
        assert.match(seen.shown, /^ *link "Previous" disabled ref=e\d+$/m);
        const previous = refOf(seen, "link", "Previous");
        const refused = await agent.fail("browser_act", {
          leaseId,
          documentEpoch: seen.documentEpoch,
          action: { kind: "click", ref: previous },
          timeoutMs: 0,
        });
        assert.equal(refused.code, "TARGET_COVERED", refused.text);
        const moved = await agent.act({
          leaseId,
          documentEpoch: seen.documentEpoch,
          action: { kind: "click", ref: refOf(seen, "button", "Page 3") },
        });
        assert.match(moved.shown, /~ button "Page 1" ref=e\d+/, moved.shown);
        assert.match(moved.shown, /~ button "Page 3" current focused ref=e\d+/, moved.shown);
        assert.match(moved.shown, new RegExp(`~ link "Previous" ref=${previous}$`, "m"));
        // Tabs that say which is shown by a class only: the tab clicked is current, the other not.
        assert.match(seen.shown, /^ *link "Overview" current ref=e\d+$/m);
        const tabbed = await agent.act({
          leaseId,
          documentEpoch: seen.documentEpoch,
          action: { kind: "click", ref: refOf(seen, "link", "Details") },
        });
        assert.match(tabbed.shown, /^ *~ link "Overview" ref=e\d+$/m);
        assert.match(tabbed.shown, /^ *~ link "Details" current focused ref=e\d+$/m);
        await agent.call("browser_release", { leaseId });
      },
    );

    await t.step("each click signal gives a ref; delegating containers do not", async () => {
      const { tab, page } = await world.openTab(world.fixtures.url("signals_clickables.html"));
      const leaseId = await agent.claim(tab);
      const seen = await agent.observe({ leaseId });
      const clickable = seen.nodes.filter((node) => node.states.includes("clickable"));
      // onclick, click, mousedown, pointer cursor, positive tabindex, the card, two inline spans
      // and a span styled clickable that the accessibility tree leaves out.
      assert.equal(clickable.length, 9, seen.shown);
      assert.ok(clickable.every((node) => node.ref !== null));
      assert.equal(seen.nodes.filter((node) => node.role === "button").length, 2);
      // The span the tree leaves out is clicked through the row that stands for it, named by
      // its text.
      const host = seen.nodes.find((node) => node.name === "Styled only");
      assert.ok(host !== undefined && host.role === "generic", seen.shown);
      assert.ok(host.states.includes("clickable") && host.ref !== null, seen.shown);
      await page.evaluate(
        "document.querySelector('span.pointer:not([id])').onclick = () => hit('styled')",
      );
      const clicked = await agent.act({
        leaseId,
        documentEpoch: seen.documentEpoch,
        action: { kind: "click", ref: host.ref },
        expect: { textPresent: "hit styled" },
      });
      assert.equal(clicked.status, "verified", clicked.shown);
      await agent.call("browser_release", { leaseId });
    });

    await t.step("hidden native selects carry no ref; the custom widgets' options do", async () => {
      const { tab } = await world.openTab(world.fixtures.url("signals_select.html"));
      const leaseId = await agent.claim(tab);
      const seen = await agent.observe({ leaseId });
      const fruit = ["Mango", "Papaya", "Kiwi", "Lime", "Fig", "Date", "Pear", "Plum", "Apple"];
      const more = ["Cherry", "Guava", "Lychee", "Gooseberry", "Currant", "Melon", "Grape"];
      const styled = ["Quince", "Nectarine"];
      for (const name of [...fruit, ...more, ...styled]) {
        const options = seen.nodes.filter((node) => node.name === name && node.ref !== null);
        assert.equal(options.length, 1, `${name}:\n${seen.shown}`);
        assert.equal(options[0].role, "option");
      }
      // The zero-size native select, labelled "Dried fruit", is not shown at all.
      assert.equal(rowsOf(seen, "combobox", "Dried fruit").length, 0, seen.shown);
      assert.equal(rowsOf(seen, "combobox", "Berries").length, 0, seen.shown);
      assert.ok(!seen.nodes.some((node) => node.role === "MenuListOption"), seen.shown);
      await agent.call("browser_release", { leaseId });
    });

    await t.step("a custom select showing its placeholder has no value", async () => {
      const { tab } = await world.openTab(world.fixtures.url("signals_placeholder.html"));
      const leaseId = await agent.claim(tab);
      const seen = await agent.observe({ leaseId });
      assert.match(seen.shown, /^combobox "Role" collapsed ref=e\d+$/m);
      assert.match(seen.shown, /^combobox "Team" collapsed ref=e\d+$/m);
      assert.match(seen.shown, /^combobox "Customer" collapsed ref=e\d+$/m);
      assert.match(seen.shown, /^spinbutton "Amount" editable ref=e\d+$/m);
      assert.match(seen.shown, /^combobox "Site" value="Berlin" collapsed ref=e\d+$/m);
      assert.doesNotMatch(seen.shown, /value="(Select a role|Pick a team|Pick a customer)"/);
      const chosen = await agent.act({
        leaseId,
        documentEpoch: seen.documentEpoch,
        action: { kind: "click", ref: refOf(seen, "button", "Make an editor") },
      });
      assert.match(chosen.shown, /^~ combobox "Role" value="Editor" collapsed ref=e\d+$/m);
      await agent.call("browser_release", { leaseId });
    });

    await t.step(
      "a select drawn around its visually hidden field is observed and clicked through its box",
      async () => {
        const { tab } = await world.openTab(world.fixtures.url("face_select.html"));
        const leaseId = await agent.claim(tab);
        const seen = await agent.observe({ leaseId });
        // The field is clipped to a pixel by its wrapper: still the combobox a person opens.
        assert.match(seen.shown, /^combobox "Tags" collapsed editable ref=e\d+$/m);
        const opened = await agent.act({
          leaseId,
          documentEpoch: seen.documentEpoch,
          action: { kind: "click", ref: refOf(seen, "combobox", "Tags") },
        });
        assert.match(opened.shown, /^~ combobox "Tags" expanded focused editable ref=e\d+$/m);
        assert.match(opened.shown, /^\+ status "Opened tags"$/m);
        await agent.call("browser_release", { leaseId });
      },
    );

    await t.step(
      "custom checkboxes and switches over visually hidden controls keep their refs",
      async () => {
        const { tab, page } = await world.openTab(world.fixtures.url("signals_checkbox.html"));
        const leaseId = await agent.claim(tab);
        const seen = await agent.observe({ leaseId });
        for (const name of ["Remember me", "Send newsletter", "Accept cookies"]) {
          const boxes = seen.nodes.filter((node) =>
            node.role === "checkbox" && node.name.trim() === name && node.ref !== null
          );
          assert.equal(boxes.length, 1, `${name}:\n${seen.shown}`);
        }
        // A zero-size input with no label stands for nothing a person can see.
        assert.equal(rowsOf(seen, "checkbox", "Orphan").length, 0, seen.shown);
        // A switch button shrunk to a pixel is checked through the label that draws it.
        const toggled = await agent.act({
          leaseId,
          documentEpoch: seen.documentEpoch,
          action: { kind: "check", ref: refOf(seen, "switch", "Auto-scale"), checked: true },
        });
        assert.equal(toggled.status, "verified", toggled.shown);
        assert.equal(
          await page.evaluate("document.getElementById('switch-state').textContent"),
          "on",
        );
        await agent.call("browser_release", { leaseId });
      },
    );

    await t.step(
      "letters a list marks in spans read as one name; a flex row's items and a badge do not join",
      async () => {
        const { tab, page } = await world.openTab(world.fixtures.url("signals_inline.html"));
        const leaseId = await agent.claim(tab);
        const seen = await agent.observe({ leaseId });
        assert.match(seen.shown, /listitem "Mateo García" ref=/, seen.shown);
        assert.match(seen.shown, /text "Desk lamp"\n\s*text "\$12"/, seen.shown);
        assert.match(seen.shown, /text "Release notes"\n\s*text "New"/, seen.shown);
        const chosen = await agent.act({
          leaseId,
          documentEpoch: seen.documentEpoch,
          action: { kind: "click", ref: refOf(seen, "listitem", "Marta Nowak") },
        });
        assert.match(chosen.shown, /Marta Nowak/, chosen.shown);
        assert.equal(
          await page.evaluate("document.getElementById('chosen').textContent"),
          "Marta Nowak",
        );
        await agent.call("browser_release", { leaseId });
      },
    );

    await t.step("editors say contenteditable, and a placeholder is never a value", async () => {
      const { tab } = await world.openTab(world.fixtures.url("signals_editor.html"));
      const leaseId = await agent.claim(tab);
      const seen = await agent.observe({ leaseId });
      for (const name of ["Story", "Code", "Comment"]) {
        const [editor] = seen.nodes.filter((node) => node.name === name);
        assert.ok(editor !== undefined, seen.shown);
        assert.ok(editor.states.includes("contenteditable"), seen.shown);
        assert.equal(editor.value, undefined, seen.shown);
        assert.notEqual(editor.ref, null);
      }
      assert.doesNotMatch(seen.shown, /Add a comment|Type some code|Write your story/);
      assert.match(seen.shown, /value="Draft text" (editable )?contenteditable ref=/);
      for (const name of ["Search", "Bio"]) {
        const [field] = seen.nodes.filter((node) => node.name.trim() === name);
        assert.equal(field.value, undefined, seen.shown);
        assert.ok(!field.states.includes("contenteditable"));
      }
      assert.doesNotMatch(seen.shown, /Search the shop|Tell us about you|Your city/);
      assert.match(seen.shown, /value="Oslo"/);
      await agent.call("browser_release", { leaseId });
    });

    await t.step(
      "a container the focus moved to is not named by its text, and its ref holds",
      async () => {
        const { tab } = await world.openTab(world.fixtures.url("signals_focus.html"));
        const leaseId = await agent.claim(tab);
        const seen = await agent.observe({ leaseId });
        assert.match(seen.shown, /^generic draggable ref=e\d+$/m);
        const map = seen.nodes.find((node) => node.role === "generic" && node.ref !== null);
        assert.ok(map?.ref, seen.shown);
        // The zoom button hands the focus to the map, which Chromium then names by all its text.
        const zoomed = await agent.act({
          leaseId,
          documentEpoch: seen.documentEpoch,
          action: { kind: "click", ref: refOf(seen, "button", "Zoom in") },
          expect: { textPresent: "Zoom 2" },
        });
        assert.equal(zoomed.status, "verified", zoomed.shown);
        assert.match(zoomed.shown, /^~ generic focused draggable ref=e\d+$/m);
        assert.doesNotMatch(zoomed.shown, /"Zoom in London office/);
        // The map is the element observed before it had the focus: its ref still reaches it.
        const clicked = await agent.act({
          leaseId,
          documentEpoch: seen.documentEpoch,
          action: { kind: "click", ref: map.ref },
          expect: { textPresent: "Map clicked" },
        });
        assert.equal(clicked.status, "verified", clicked.shown);
        // A scroll container a click focused shows its text in its own rows, named by none.
        await agent.act({
          leaseId,
          documentEpoch: seen.documentEpoch,
          action: { kind: "press", key: "Tab" },
        });
        const after = await agent.observe({ leaseId });
        assert.match(
          after.shown,
          /^generic[a-z ]* scrollable ref=e\d+\n {2}text "Visitors sign in at the front desk\."$/m,
        );
        assert.doesNotMatch(after.shown, /"Visitors sign in at the front desk\. Parking/);
        await agent.call("browser_release", { leaseId });
      },
    );

    await t.step(
      "a row whose actions show on hover is hovered, then its action clicked",
      async () => {
        const { tab, page } = await world.openTab(world.fixtures.url("signals_hover.html"));
        const leaseId = await agent.claim(tab);
        const seen = await agent.observe({ leaseId });
        // Nothing else in the rows or the card takes the pointer: each is a target of its own.
        assert.match(seen.shown, /^ *listitem "Late orders" hoverable ref=e\d+$/m);
        assert.match(seen.shown, /^ *generic "Weekly report" hoverable ref=e\d+$/m);
        assert.equal(rowsOf(seen, "button", "Delete").length, 0, seen.shown);
        assert.equal(rowsOf(seen, "link", "Edit").length, 0, seen.shown);
        const hovered = await agent.act({
          leaseId,
          documentEpoch: seen.documentEpoch,
          action: { kind: "hover", ref: refOf(seen, "listitem", "Late orders") },
        });
        // The answer shows the actions the hover drew, and one is clicked by its ref.
        const deleteRef = /\+ button "Delete" ref=(e\d+)/.exec(hovered.shown)?.[1];
        assert.ok(deleteRef !== undefined, hovered.shown);
        await agent.act({
          leaseId,
          documentEpoch: seen.documentEpoch,
          action: { kind: "click", ref: deleteRef },
        });
        assert.equal(
          await page.evaluate(`document.getElementById("result").textContent`),
          "Delete: Late orders",
        );
        // A disclosure's summary is a control: it opens its details.
        const summary = refOf(seen, "DisclosureTriangle", "Advanced");
        const opened = await agent.act({
          leaseId,
          documentEpoch: seen.documentEpoch,
          action: { kind: "click", ref: summary },
        });
        assert.match(opened.shown, /\+ checkbox "Exact matches only" ref=/);
        // A site menu's link whose submenu shows on hover says so; one that opens on a click
        // (it says it has a popup) does not.
        assert.match(seen.shown, /^ *link "Products" hoverable ref=e\d+$/m);
        assert.match(seen.shown, /^ *link "Account" ref=e\d+$/m);
        const menu = await agent.act({
          leaseId,
          documentEpoch: seen.documentEpoch,
          action: { kind: "hover", ref: refOf(seen, "link", "Products") },
        });
        const laptops = /\+ link "Laptops" ref=(e\d+)/.exec(menu.shown)?.[1];
        assert.ok(laptops !== undefined, menu.shown);
        await agent.act({
          leaseId,
          documentEpoch: seen.documentEpoch,
          action: { kind: "click", ref: laptops },
          expect: { textPresent: "Went to Laptops" },
        });
        await agent.call("browser_release", { leaseId });
      },
    );

    await t.step("icon-only buttons say their icon, and one is clicked by it", async () => {
      const { tab, page } = await world.openTab(world.fixtures.url("signals_icons.html"));
      const leaseId = await agent.claim(tab);
      const seen = await agent.observe({ leaseId });
      const buttons = seen.nodes.filter((node) => node.role === "button");
      assert.deepEqual(buttons.map((node) => [node.name, node.icon]), [
        ["", "pen"],
        ["", "Delete"],
        ["", "share"],
        // A button with a name of its own says that alone.
        ["Print", undefined],
      ]);
      assert.match(seen.shown, /^ *button icon="Delete" ref=e\d+$/m);
      const remove = buttons[1].ref;
      assert.ok(remove !== null);
      await agent.act({
        leaseId,
        documentEpoch: seen.documentEpoch,
        action: { kind: "click", ref: remove },
      });
      assert.equal(
        await page.evaluate(`document.getElementById("result").textContent`),
        "Done: delete",
      );
      await agent.call("browser_release", { leaseId });
    });

    await t.step(
      "a list that draws only the rows in view says it scrolls, and a wheel on it draws more",
      async () => {
        const { tab, page } = await world.openTab(world.fixtures.url("signals_virtual.html"));
        const leaseId = await agent.claim(tab);
        const seen = await agent.observe({ leaseId });
        assert.match(seen.shown, /^ *list "Contacts" scrollable ref=e\d+$/m);
        assert.match(seen.shown, /^ *list "Favourites"$/m);
        assert.doesNotMatch(seen.shown, /Contact 101/);
        const fence = { leaseId, documentEpoch: seen.documentEpoch };
        const wheeled = await agent.act({
          ...fence,
          action: {
            kind: "wheel",
            ref: refOf(seen, "button", "Contact 1"),
            deltaX: 0,
            deltaY: 3000,
          },
        });
        const drawn = /^ *\+ button "Contact 101" ref=(e\d+)$/m.exec(wheeled.shown);
        assert.ok(drawn !== null, wheeled.shown);
        const opened = await agent.act({
          ...fence,
          action: { kind: "click", ref: drawn[1] },
          expect: { textPresent: "opened contact 101" },
        });
        assert.equal(opened.status, "verified", opened.shown);
        assert.equal(
          await page.evaluate(`document.getElementById("opened").textContent`),
          "opened contact 101",
        );
        await agent.call("browser_release", { leaseId });
      },
    );

    await t.step(
      "a scroller with neither role nor name is a ref to wheel; one that stops scrolling leaves its rows",
      async () => {
        const { tab } = await world.openTab(world.fixtures.url("signals_virtual.html"));
        const leaseId = await agent.claim(tab);
        const seen = await agent.observe({ leaseId });
        // The scroll wrapper around a list box gives the list box its mark.
        assert.match(seen.shown, /^ *listbox "Cities" scrollable ref=e\d+\n *option "Oslo"/m);
        const people = /^( *)generic scrollable ref=(e\d+)\n\1 {2}text "Person 1"$/m.exec(
          seen.shown,
        );
        assert.ok(people !== null, seen.shown);
        assert.doesNotMatch(seen.shown, /Person 101/);
        const fence = { leaseId, documentEpoch: seen.documentEpoch };
        const wheeled = await agent.act({
          ...fence,
          action: { kind: "wheel", ref: people[2], deltaX: 0, deltaY: 3000 },
        });
        assert.match(wheeled.shown, /^ *\+ text "Person 101"$/m);
        // The log shortened until it no longer scrolls: its wrapper's row goes, the two messages
        // left stay, and the delta says only which went.
        const log = /^ *generic scrollable ref=(e\d+)\n *text "Message 1"$/m.exec(seen.shown);
        assert.ok(log !== null, seen.shown);
        const kept = await agent.act({
          ...fence,
          action: { kind: "click", ref: refOf(seen, "button", "Keep the last two") },
        });
        assert.match(kept.shown, /^- 8 siblings: text "Message 1" … text "Message 8"$/m);
        assert.doesNotMatch(kept.shown, new RegExp(`generic ref=${log[1]}\\b`));
        const after = await agent.observe({ leaseId });
        assert.match(after.shown, /^ *text "Message 9"\n *text "Message 10"$/m);
        await agent.call("browser_release", { leaseId });
      },
    );

    await t.step(
      "a label is the control a person clicks where its input is hidden or drawn as a glyph",
      async () => {
        const { tab, page } = await world.openTab(world.fixtures.url("signals_labels.html"));
        const leaseId = await agent.claim(tab);
        const seen = await agent.observe({ leaseId });
        // Each star reads as what its label's title says, in the page's order, and once.
        assert.match(
          seen.shown,
          /^group "Your rating"\n {2}radio "5 stars" ref=e\d+\n {2}radio "4 stars" ref=e\d+\n/m,
        );
        assert.doesNotMatch(seen.shown, /★|LabelText/);
        // Labels whose inputs are not rendered are the radios and the checkbox, checked or not.
        assert.match(seen.shown, /^ {2}radio "Okay" ref=e\d+$/m);
        assert.match(seen.shown, /^ *radio "Team 50 projects" checked ref=e\d+$/m);
        assert.match(seen.shown, /^checkbox "Remember me" ref=e\d+$/m);
        const fence = { leaseId, documentEpoch: seen.documentEpoch };
        const rated = await agent.act({
          ...fence,
          action: { kind: "radio", ref: refOf(seen, "radio", "4 stars") },
        });
        assert.equal(rated.status, "verified", rated.shown);
        const okay = await agent.act({
          ...fence,
          action: { kind: "radio", ref: refOf(seen, "radio", "Okay") },
        });
        assert.equal(okay.status, "verified", okay.shown);
        assert.match(okay.shown, /^~ radio "Okay" checked/m);
        const starter = await agent.act({
          ...fence,
          action: { kind: "click", ref: refOf(seen, "radio", "Starter 5 projects") },
        });
        assert.match(starter.shown, /^~ radio "Team 50 projects" ref=e\d+$/m);
        const remember = {
          kind: "check",
          ref: refOf(seen, "checkbox", "Remember me"),
          checked: true,
        };
        assert.equal((await agent.act({ ...fence, action: remember })).status, "verified");
        // Already checked: a verified no-op, nothing clicked that would uncheck it.
        assert.equal((await agent.act({ ...fence, action: remember })).status, "verified");
        assert.equal(
          await page.evaluate(`document.getElementById("chosen").textContent`),
          "s4,d2,starter,remember",
        );
        await agent.call("browser_release", { leaseId });
      },
    );

    await t.step(
      "a row or card that holds controls has a ref, and a click on it opens it, not its controls",
      async () => {
        const { tab } = await world.openTab(world.fixtures.url("signals_rows.html"));
        const leaseId = await agent.claim(tab);
        const seen = await agent.observe({ leaseId });
        const targets = seen.nodes.filter((node) =>
          node.states.includes("clickable") && node.ref !== null
        );
        // Two mail rows, the card, the notice in the tab order and the order's row; not the panel
        // that only stops clicks.
        assert.deepEqual(targets.map((node) => node.role), [
          "generic",
          "generic",
          "generic",
          "generic",
          "row",
        ]);
        const [mail, , card, notice, order] = targets.map((node) => node.ref!);
        assert.doesNotMatch(seen.shown, /Signed in as Ana.*ref=/);
        const click = async (ref: string, text: string, documentEpoch = seen.documentEpoch) => {
          const result = await agent.act({
            leaseId,
            documentEpoch,
            action: { kind: "click", ref },
            expect: { textPresent: text },
          });
          assert.equal(result.status, "verified", result.shown);
          return result;
        };
        // The card's middle is its edit button: the click goes to the card's own text, as it
        // does on a card drawn as one button holding another.
        await click(card, "Opened card Fix login bug");
        await click(refOf(seen, "button", "Q3 report Share"), "Opened card Q3 report");
        await click(order, "Opened order 1001");
        await click(notice, "Opened notice");
        // Hovered, the row draws its archive button and keeps its ref.
        const hovered = await agent.act({
          leaseId,
          documentEpoch: seen.documentEpoch,
          action: { kind: "hover", ref: mail },
        });
        assert.match(
          hovered.shown,
          new RegExp(`^\\+ button "Archive" ref=e\\d+ in generic ref=${mail}$`, "m"),
        );
        assert.doesNotMatch(hovered.shown, new RegExp(`^- generic ref=${mail}$`, "m"));
        await click(mail, "Opened Invoice March");
        await agent.call("browser_release", { leaseId });
      },
    );

    await t.step(
      "an icon the page hid from the tree with aria-hidden and clicks on is a button; hidden around it, it stays hidden; a see-through picture is hidden",
      async () => {
        const { tab, page } = await world.openTab(
          world.fixtures.url("signals_hidden_icons.html"),
        );
        const leaseId = await agent.claim(tab);
        const seen = await agent.observe({ leaseId });
        // In place, named by its icon set or by the glyph it draws.
        assert.match(
          seen.shown,
          /text "Invoice 1"\n *button icon="trash" ref=e\d+\n *listitem\n *text "Invoice 2"\n *button icon="Delete" ref=e\d+/,
        );
        assert.match(seen.shown, /button icon="pen" ref=e\d+/);
        assert.match(seen.shown, /text "Saved"\n *button "×" ref=e\d+/);
        // The icon inside a button is the button's; a hidden slide's, an icon moved off the
        // page and hidden words are not shown.
        assert.match(seen.shown, /button "Settings" ref=e\d+/);
        assert.equal(seen.nodes.filter((node) => node.role === "button").length, 5, seen.shown);
        assert.doesNotMatch(seen.shown, /Second slide|Archive/);
        // A see-through picture is seen by no one; a drawn one is.
        assert.match(seen.shown, /image "Logo"/);
        assert.doesNotMatch(seen.shown, /Uploaded/);

        const deleted = await agent.act({
          leaseId,
          documentEpoch: seen.documentEpoch,
          action: { kind: "click", ref: seen.nodes.find((node) => node.icon === "Delete")!.ref! },
          expect: { textPresent: "Deleted Invoice 2" },
        });
        assert.equal(deleted.status, "verified", deleted.shown);
        assert.equal(await page.evaluate("document.querySelectorAll('li').length"), 2);
        const closed = await agent.act({
          leaseId,
          documentEpoch: seen.documentEpoch,
          action: { kind: "click", ref: refOf(seen, "button", "×") },
        });
        assert.match(closed.shown, /- text "Saved"/);
        assert.equal(await page.evaluate("document.getElementById('toast')"), null);
        await agent.call("browser_release", { leaseId });
      },
    );

    await t.step("draggable items and drag handles have refs", async () => {
      const { tab } = await world.openTab(world.fixtures.url("signals_drag.html"));
      const leaseId = await agent.claim(tab);
      const seen = await agent.observe({ leaseId });
      const draggable = seen.nodes.filter((node) => node.states.includes("draggable"));
      // Two draggable list items, two grab handles and a panel with a move cursor.
      assert.equal(draggable.length, 5, seen.shown);
      assert.ok(draggable.every((node) => node.ref !== null), seen.shown);
      assert.match(seen.shown, /generic "Drag Pay bills" draggable ref=/);
      assert.match(seen.shown, /listitem "Wash the car" draggable ref=e\d+/);
      await agent.call("browser_release", { leaseId });
    });
  },
});
