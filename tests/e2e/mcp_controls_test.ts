/**
 * A stock MCP client on the fixture controls and the overlay page in real
 * Chromium, personal mode: checkbox, radio, select, contenteditable, named
 * keys (Enter submits, Tab moves focus), and a click on a covered element
 * that must not land. One world for the file.
 */
import assert from "node:assert/strict";
import { type Agent, refOf, startAgent } from "./_mcp.ts";
import { noBrowser } from "./harness.ts";

/** Do `action` on the lease, expecting `text` on the page after it; the action must verify. */
async function actShowing(
  agent: Agent,
  fence: { leaseId: string; documentEpoch: string },
  action: Record<string, unknown>,
  text: string,
) {
  const result = await agent.act({ ...fence, action, expect: { textPresent: text } });
  assert.equal(result.status, "verified", result.shown);
  return result;
}

Deno.test({
  name: "a stock MCP client drives form controls and refuses covered clicks",
  ignore: noBrowser,
  fn: async (t) => {
    await using agent = await startAgent({ accessMode: "personal" });
    const { world } = agent;

    await t.step("checkbox, radio, select and contenteditable change the page", async () => {
      const { tab, page } = await world.openTab(world.fixtures.url("controls.html"));
      const leaseId = await agent.claim(tab);
      const seen = await agent.observe({ leaseId });
      const documentEpoch = seen.documentEpoch;
      const act = async (action: Record<string, unknown>, expect: Record<string, unknown>) => {
        const result = await agent.act({ leaseId, documentEpoch, action, expect });
        assert.equal(result.status, "verified", result.shown);
        assert.equal(result.documentChanged, false);
        return result;
      };

      const subscribe = refOf(seen, "checkbox", "Subscribe");
      await act({ kind: "check", ref: subscribe, checked: true }, {
        element: { ref: subscribe, checked: true },
      });
      const terms = refOf(seen, "checkbox", "Accept terms");
      await act({ kind: "check", ref: terms, checked: false }, {
        element: { ref: terms, checked: false },
      });
      const large = refOf(seen, "radio", "Large");
      await act({ kind: "radio", ref: large }, { element: { ref: large, checked: true } });
      await act({ kind: "select", ref: refOf(seen, "combobox", "Colour"), option: "Blue" }, {
        textPresent: "colour: b",
      });
      // A single select takes one option, alone or as a list of one.
      const several = await agent.fail("browser_act", {
        leaseId,
        documentEpoch: seen.documentEpoch,
        action: {
          kind: "select",
          ref: refOf(seen, "combobox", "Colour"),
          option: ["Red", "Green"],
        },
      });
      assert.equal(several.code, "INVALID_PARAMS");
      assert.match(several.text, /Why: a single select takes one option/);
      const notes = refOf(seen, "textbox", "Notes");
      await act({ kind: "fillEditable", ref: notes, text: "Buy oat milk" }, {
        textPresent: "Buy oat milk",
      });

      assert.deepEqual(
        await page.evaluate(`[
          document.getElementById("subscribe").checked,
          document.getElementById("terms").checked,
          document.querySelector("input[name=size]:checked").id,
          document.getElementById("colour").value,
          document.getElementById("colour-echo").textContent,
          document.getElementById("notes").textContent,
        ]`),
        [true, false, "large", "b", "colour: b", "Buy oat milk"],
      );
      const after = await agent.observe({ leaseId, query: "checkbox" });
      assert.match(after.shown, /checkbox "Subscribe" checked ref=/);
      assert.doesNotMatch(after.shown, /checkbox "Accept terms" checked/);
      await agent.call("browser_release", { leaseId });
    });

    await t.step("a long select folds its options and still takes any of them", async () => {
      const { tab, page } = await world.openTab(world.fixtures.url("long_select.html"));
      const leaseId = await agent.claim(tab);
      const seen = await agent.observe({ leaseId });
      const country = refOf(seen, "combobox", "Country");
      const options = (text: string) => text.split("\n").filter((line) => /option "/.test(line));
      // 202 options: the first five show, and the line says where the rest are.
      assert.match(seen.shown, new RegExp(`— 197 more options \\(observe rootRef=${country}\\)`));
      assert.equal(options(seen.shown).length, 5);
      const fence = { leaseId, documentEpoch: seen.documentEpoch };
      // A folded option is chosen by its label all the same.
      const select = { kind: "select", ref: country, option: "Portugal" };
      await actShowing(agent, fence, select, "country: Portugal");
      assert.equal(await page.evaluate(`document.getElementById("country").value`), "Portugal");
      // Rooted at the select, the read lists every option, the chosen one selected.
      const all = await agent.observe({ leaseId, rootRef: country });
      assert.equal(options(all.shown).length, 202);
      assert.match(all.shown, /option "Portugal" selected/);
      // A section that appears with a long select reads in a few lines in the click's delta.
      const ship = { kind: "click", ref: refOf(seen, "button", "Ship elsewhere") };
      const revealed = await actShowing(agent, fence, ship, "Ship to");
      assert.match(
        revealed.shown,
        /\+ combobox "Ship to" .*— 197 more options \(observe rootRef=e\d+\)/,
      );
      assert.ok(options(revealed.shown).length <= 6, revealed.shown);
      // Its options are in optgroups: the select's all the same, and none has a ref.
      assert.match(revealed.shown, /\+ group "Popular"/);
      assert.ok(options(revealed.shown).every((line) => !line.includes("ref=")), revealed.shown);
      await agent.call("browser_release", { leaseId });
    });

    await t.step(
      "a popup past the delta's budget shows its first rows and where the rest are",
      async () => {
        const { tab, page } = await world.openTab(world.fixtures.url("long_listbox.html"));
        const leaseId = await agent.claim(tab);
        const seen = await agent.observe({ leaseId });
        const fence = { leaseId, documentEpoch: seen.documentEpoch };
        const open = { kind: "click", ref: refOf(seen, "button", "Choose a country") };
        const opened = await agent.act({ ...fence, action: open });
        // The search field and the first countries show; one line says how many more and where.
        assert.match(opened.shown, /\+ combobox "Search countries" .*ref=e\d+/);
        assert.match(opened.shown, /\+ option "Country number 1" ref=e\d+/);
        const rest =
          /^~ region listbox "Countries" ref=(e\d+) changed: (\d+) more rows \(\d+ added\) — observe rootRef=e\d+$/m
            .exec(opened.shown);
        assert.ok(rest !== null, opened.shown);
        const shown = opened.shown.split("\n").filter((line) => /option "/.test(line)).length;
        assert.ok(shown > 0 && shown < 240, opened.shown);
        assert.equal(Number(rest[2]), 240 - shown, opened.shown);
        // The call it names shows the rest, the last country with a ref to click.
        const all = await agent.observe({ leaseId, rootRef: rest[1] });
        const last = refOf(all, "option", "Country number 240");
        await actShowing(agent, { ...fence, documentEpoch: all.documentEpoch }, {
          kind: "click",
          ref: last,
        }, "Chosen: Country number 240");
        assert.equal(
          await page.evaluate(`document.getElementById("chosen").textContent`),
          "Chosen: Country number 240",
        );
        await agent.call("browser_release", { leaseId });
      },
    );

    await t.step("the page a closed modal dialog gives back is one line", async () => {
      const { tab } = await world.openTab(world.fixtures.url("modal_page.html"));
      const leaseId = await agent.claim(tab);
      const seen = await agent.observe({ leaseId });
      const fence = { leaseId, documentEpoch: seen.documentEpoch };
      const remove = { kind: "click", ref: refOf(seen, "button", "Delete project") };
      const opened = await actShowing(agent, fence, remove, "Delete this project?");
      const refs = (text: string) => [...text.matchAll(/ref=(e\d+)/g)].map((match) => match[1]);
      const yes = refs(opened.shown).find((ref) =>
        opened.shown.includes(`"Delete for good" ref=${ref}`)
      );
      assert.ok(yes !== undefined, opened.shown);
      const closed = await actShowing(agent, fence, { kind: "click", ref: yes }, "Project deleted");
      // The list the dialog hid is back as the first look showed it: one line, not its rows.
      assert.match(closed.shown, /^\+ \d+ rows back as before: heading "Projects" … /m);
      assert.doesNotMatch(closed.shown, /^\s*\+ link "Open Borealis"/m);
      assert.match(closed.shown, /Project deleted/);
      await agent.call("browser_release", { leaseId });
    });

    await t.step("a click takes its button, count and held keys", async () => {
      const { tab, page } = await world.openTab(world.fixtures.url("click_kinds.html"));
      const leaseId = await agent.claim(tab);
      const seen = await agent.observe({ leaseId });
      const fence = { leaseId, documentEpoch: seen.documentEpoch };
      const file = (name: string) => refOf(seen, "option", name);
      await actShowing(
        agent,
        fence,
        { kind: "click", ref: file("notes.txt") },
        "selected: notes.txt",
      );
      await actShowing(
        agent,
        fence,
        { kind: "click", ref: file("todo.txt"), modifiers: ["Control"] },
        "selected: notes.txt, todo.txt",
      );
      await actShowing(
        agent,
        fence,
        { kind: "click", ref: file("budget.csv"), modifiers: ["Shift"] },
        "selected: budget.csv, todo.txt",
      );
      await actShowing(
        agent,
        fence,
        { kind: "click", ref: file("plan.md"), count: 2 },
        "opened plan.md",
      );
      const menu = await actShowing(
        agent,
        fence,
        { kind: "click", ref: file("budget.csv"), button: "right" },
        "menu for budget.csv",
      );
      // The page's own menu opened, and it is what the result shows.
      assert.match(menu.shown, /menuitem "Rename budget\.csv" ref=e\d+/);
      assert.equal(await page.evaluate(`document.getElementById("menu").hidden`), false);
      await agent.call("browser_release", { leaseId });
    });

    await t.step(
      "files from the project go into a file input, its label or its drop zone",
      async () => {
        const { tab, page } = await world.openTab(world.fixtures.url("upload.html"));
        const leaseId = await agent.claim(tab);
        const seen = await agent.observe({ leaseId });
        const upload = async (ref: string, paths: string[], text: string) => {
          const result = await agent.call("browser_upload", {
            leaseId,
            ref,
            paths,
            expect: { textPresent: text },
          });
          const shown = result.content[0]?.type === "text" ? result.content[0].text : "";
          assert.match(shown, /^act verified/, shown);
          return shown;
        };
        // The input by its label's name: one file, its type from its name.
        await upload(
          refOf(seen, "button", "Avatar"),
          ["tests/fixtures/uploads/notes.txt"],
          "avatar: notes.txt, 18 bytes, text/plain",
        );
        // A drop zone whose input is hidden inside it: two files, read by the page.
        const shown = await upload(
          refOf(seen, "button", "Drop files or click to browse"),
          ["tests/fixtures/uploads/notes.txt", "tests/fixtures/uploads/budget.csv"],
          "attached 2 files",
        );
        assert.match(shown, /notes\.txt: hello from a file/);
        assert.equal(
          await page.evaluate(`document.getElementById("list").textContent`),
          "notes.txt: hello from a filebudget.csv: name,amount\nrent,900",
        );
        // Nothing outside the project, nothing hidden, and one file into an input that takes one.
        const outside = await agent.fail("browser_upload", {
          leaseId,
          ref: refOf(seen, "button", "Avatar"),
          paths: ["/etc/hostname"],
        });
        assert.equal(outside.code, "INVALID_PARAMS");
        assert.match(outside.message, /outside the working directory/);
        const two = await agent.fail("browser_upload", {
          leaseId,
          ref: refOf(seen, "button", "Avatar"),
          paths: ["tests/fixtures/uploads/notes.txt", "tests/fixtures/uploads/budget.csv"],
        });
        assert.equal(two.code, "TARGET_NOT_INTERACTABLE");
        assert.match(two.message, /takes one file/);
        await agent.call("browser_release", { leaseId });

        // Drop zones whose inputs sit at the end of the body, one each: the files go to the input
        // the zone's own click opens a file chooser from, and no dialog shows.
        const other = await world.openTab(world.fixtures.url("upload_body.html"));
        const importing = await agent.claim(other.tab);
        const zone = await agent.observe({ leaseId: importing });
        const zoneUpload = async (name: string, path: string, text: string) => {
          const result = await agent.call("browser_upload", {
            leaseId: importing,
            ref: refOf(zone, "button", name),
            paths: [path],
            expect: { textPresent: text },
          });
          const answer = result.content[0]?.type === "text" ? result.content[0].text : "";
          assert.match(answer, /^act verified/, answer);
        };
        await zoneUpload(
          "Drop a signature here",
          "tests/fixtures/uploads/notes.txt",
          "signed with notes.txt",
        );
        await zoneUpload(
          "Drop a CSV here",
          "tests/fixtures/uploads/budget.csv",
          "imported budget.csv: 2 lines",
        );
        // A button that opens no chooser takes no files: clicked, as the upload asked, unverified.
        const help = await agent.call("browser_upload", {
          leaseId: importing,
          ref: refOf(zone, "button", "Help"),
          paths: ["tests/fixtures/uploads/notes.txt"],
        });
        const helped = help.content[0]?.type === "text" ? help.content[0].text : "";
        assert.match(helped, /^act unverified/, helped);
        assert.equal(await other.page.evaluate("window.helpClicks"), 1);
        await agent.call("browser_release", { leaseId: importing });
      },
    );

    await t.step("a combobox's arrow keys show which option they moved to", async () => {
      const { tab } = await world.openTab(world.fixtures.url("combobox_active.html"));
      const leaseId = await agent.claim(tab);
      const seen = await agent.observe({ leaseId });
      const fence = { leaseId, documentEpoch: seen.documentEpoch };
      const fruit = refOf(seen, "combobox", "Fruit");
      const down = { kind: "press", key: "ArrowDown", ref: fruit };
      await agent.act({ ...fence, action: down });
      const second = await agent.act({ ...fence, action: down });
      // Focus stays in the field: the combobox's active option is what the keys changed.
      assert.match(second.shown, /^~ combobox "Fruit" active="Banana" .*ref=e\d+$/m);
      await actShowing(agent, fence, { kind: "press", key: "Enter", ref: fruit }, "Chose Banana");
      await agent.call("browser_release", { leaseId });
    });

    await t.step(
      "native date, time and colour fields are one row each, filled as their type writes them",
      async () => {
        const { tab, page } = await world.openTab(world.fixtures.url("pickers.html"));
        const leaseId = await agent.claim(tab);
        const seen = await agent.observe({ leaseId });
        const fence = { leaseId, documentEpoch: seen.documentEpoch };
        // One row per field, with its value as the input holds it; not the segments and the
        // picker button the browser draws inside it.
        assert.match(seen.shown, /^ *date "Check-in" value="2026-12-01" ref=e\d+$/m);
        assert.match(seen.shown, /^ *time "Arrival" ref=e\d+$/m);
        assert.match(seen.shown, /^ *datetime "Reminder" ref=e\d+$/m);
        assert.match(seen.shown, /^ *color "Accent" value="#000000" ref=e\d+$/m);
        assert.doesNotMatch(seen.shown, /spinbutton|Show date picker/);
        const checkin = refOf(seen, "date", "Check-in");

        // A date as a person writes it in one locale is refused before anything is sent: the
        // field keeps what it held.
        const refused = await agent.fail("browser_act", {
          ...fence,
          action: { kind: "fill", ref: checkin, text: "12/24/2026" },
        });
        assert.equal(refused.code, "INVALID_PARAMS");
        assert.match(refused.text, /Why: the field holds a value only as its type writes it/);
        assert.equal(await page.evaluate("document.forms.booking.checkin.value"), "2026-12-01");
        const guests = refOf(seen, "slider", "Guests");
        const beyond = await agent.fail("browser_act", {
          ...fence,
          action: { kind: "fill", ref: guests, text: "12" },
        });
        assert.equal(beyond.code, "INVALID_PARAMS");

        for (
          const [role, name, text] of [
            ["date", "Check-in", "2026-12-24"],
            ["time", "Arrival", "14:30"],
            ["datetime", "Reminder", "2026-12-24T09:15"],
            ["datetime", "Billing month", "2027-01"],
            ["color", "Accent", "#336699"],
            ["slider", "Guests", "3"],
          ]
        ) {
          const filled = await agent.act({
            ...fence,
            action: { kind: "fill", ref: refOf(seen, role, name), text },
          });
          assert.equal(filled.status, "verified", `${name}: ${filled.shown}`);
        }
        await actShowing(
          agent,
          fence,
          { kind: "click", ref: refOf(seen, "button", "Book") },
          "Booked: 2026-12-24 14:30 2026-12-24T09:15 2027-01 #336699 3 Parking",
        );
        await agent.call("browser_release", { leaseId });
      },
    );

    await t.step("a multiple select is left with exactly the options listed", async () => {
      const { tab, page } = await world.openTab(world.fixtures.url("pickers.html"));
      const leaseId = await agent.claim(tab);
      const seen = await agent.observe({ leaseId });
      const fence = { leaseId, documentEpoch: seen.documentEpoch };
      const amenities = refOf(seen, "listbox", "Amenities");
      const selected = () =>
        page.evaluate("[...document.forms.booking.amenities.selectedOptions].map((o) => o.value)");
      // By label and by value; what was selected before and is not listed is no longer.
      const chosen = await agent.act({
        ...fence,
        action: { kind: "select", ref: amenities, option: ["Breakfast", "spa"] },
      });
      assert.equal(chosen.status, "verified", chosen.shown);
      assert.deepEqual(await selected(), ["Breakfast", "spa"]);
      const one = await agent.act({
        ...fence,
        action: { kind: "select", ref: amenities, option: "Late checkout" },
      });
      assert.equal(one.status, "verified", one.shown);
      assert.deepEqual(await selected(), ["Late checkout"]);
      // An option it does not have changes nothing.
      const missing = await agent.fail("browser_act", {
        ...fence,
        action: { kind: "select", ref: amenities, option: ["Breakfast", "Sauna"] },
      });
      assert.equal(missing.code, "TARGET_NOT_INTERACTABLE");
      assert.deepEqual(await selected(), ["Late checkout"]);
      await agent.call("browser_release", { leaseId });
    });

    await t.step("Enter submits a form and Tab moves the focus", async () => {
      const { tab, page } = await world.openTab(world.fixtures.url("controls.html"));
      const leaseId = await agent.claim(tab);
      const seen = await agent.observe({ leaseId });
      const documentEpoch = seen.documentEpoch;
      const first = refOf(seen, "textbox", "First");
      const second = refOf(seen, "textbox", "Second");
      await agent.act({
        leaseId,
        documentEpoch,
        action: { kind: "fill", ref: first, text: "Ada" },
      });

      const tabbed = await agent.act({
        leaseId,
        documentEpoch,
        action: { kind: "press", key: "Tab", ref: first },
        expect: { element: { ref: second, focused: true } },
      });
      assert.equal(tabbed.status, "verified", tabbed.shown);
      assert.equal(await page.evaluate("document.activeElement.id"), "second");

      const entered = await agent.act({
        leaseId,
        documentEpoch,
        action: { kind: "press", key: "Enter", ref: first },
        expect: { textPresent: "Submitted Ada" },
      });
      assert.equal(entered.status, "verified", entered.shown);
      assert.equal(
        await page.evaluate("document.getElementById('submitted').textContent"),
        "Submitted Ada",
      );
      // The page's key log saw exactly the two named keys, on the fields they were pressed on.
      assert.deepEqual(
        await page.evaluate(
          "[...document.querySelectorAll('#keys li')].map((li) => li.textContent)",
        ),
        ["key Tab on first", "key Enter on first"],
      );
      await agent.call("browser_release", { leaseId });
    });

    await t.step(
      "a checkable tree item a click only focuses is checked with Space; an option by its click",
      async () => {
        const { tab, page } = await world.openTab(world.fixtures.url("check_items.html"));
        const leaseId = await agent.claim(tab);
        const seen = await agent.observe({ leaseId });
        const check = (role: string, name: string) =>
          agent.act({
            leaseId,
            documentEpoch: seen.documentEpoch,
            action: { kind: "check", ref: refOf(seen, role, name), checked: true },
          });
        const file = await check("treeitem", "Q2 report.pdf");
        assert.equal(file.status, "verified", file.shown);
        const label = await check("option", "Finance");
        assert.equal(label.status, "verified", label.shown);
        assert.deepEqual(
          await page.evaluate(`[
            [...document.querySelectorAll("[aria-checked=true]")].map((item) => item.textContent),
            window.keys,
          ]`),
          [["Q2 report.pdf", "Finance"], 1],
        );
        await agent.call("browser_release", { leaseId });
      },
    );

    await t.step(
      "a click on an element under an overlay is refused and not dispatched",
      async () => {
        const { tab, page } = await world.openTab(world.fixtures.url("overlay.html"));
        const leaseId = await agent.claim(tab);
        const seen = await agent.observe({ leaseId });
        const buy = refOf(seen, "button", "Buy now");
        const covered = await agent.fail("browser_act", {
          leaseId,
          documentEpoch: seen.documentEpoch,
          action: { kind: "click", ref: buy },
        });
        assert.equal(covered.code, "TARGET_COVERED", covered.text);
        assert.deepEqual(
          await page.evaluate("[window.buyClicks, window.bannerClicks, window.pointerEvents]"),
          [0, 0, 0],
          "no pointer event reached the page",
        );
        assert.equal(await page.evaluate("document.getElementById('buy-count').textContent"), "0");

        // Once the agent dismisses the banner, the same ref clicks through.
        const accepted = await agent.act({
          leaseId,
          documentEpoch: seen.documentEpoch,
          action: { kind: "click", ref: refOf(seen, "button", "Accept cookies") },
        });
        assert.notEqual(accepted.status, "uncertain", accepted.shown);
        const bought = await agent.act({
          leaseId,
          documentEpoch: seen.documentEpoch,
          action: { kind: "click", ref: buy },
          expect: { textPresent: "Buy clicks: 1" },
        });
        assert.equal(await page.evaluate("window.buyClicks"), 1);
        assert.equal(bought.status, "verified", bought.shown);
        await agent.call("browser_release", { leaseId });
      },
    );
  },
});
