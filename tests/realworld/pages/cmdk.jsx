/**
 * A project dashboard with a command palette built on cmdk, as shadcn/ui and
 * Vercel build theirs: a "Search commands" button (and ⌘K / Ctrl+K anywhere
 * on the page) opens a `Command.Dialog` (a Radix Dialog in a portal, the rest
 * of the page hidden from assistive technology while it is open) holding a
 * `Command.Input` that filters grouped `Command.Item`s as the person types.
 * An item runs on click or Enter; "Change theme…" opens a nested page of
 * themes in the same palette, as cmdk's README shows nested pages (a stack of
 * page names, the search cleared, Backspace on an empty search or Escape going
 * back). Every command that runs is told through `reportOutcome`, which
 * `/report.js` sets on the page, with the app's state after it.
 *
 * @module
 */
/** @jsxImportSource react */
import { Command } from "cmdk";
import { useEffect, useState } from "react";
import { createRoot } from "react-dom/client";

const views = ["Overview", "Deployments", "Billing", "Settings"];
const themes = ["Light", "Dark", "System"];

function Dashboard() {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState("");
  const [pages, setPages] = useState([]);
  const page = pages[pages.length - 1];
  const [view, setView] = useState("Overview");
  const [theme, setTheme] = useState("system");
  const [sidebar, setSidebar] = useState(true);
  const [ran, setRan] = useState([]);

  useEffect(() => {
    const down = (event) => {
      if (event.key === "k" && (event.metaKey || event.ctrlKey)) {
        event.preventDefault();
        setOpen((open) => !open);
      }
    };
    document.addEventListener("keydown", down);
    return () => document.removeEventListener("keydown", down);
  }, []);

  useEffect(() => {
    if (ran.length === 0) return;
    reportOutcome(
      `Ran: ${ran.join(", ")}; theme=${theme}; view=${view}; sidebar=${
        sidebar ? "shown" : "hidden"
      }`,
    );
  }, [ran]);

  const openChange = (next) => {
    setOpen(next);
    if (!next) {
      setPages([]);
      setSearch("");
    }
  };
  const run = (label, action) => {
    action();
    setRan((ran) => [...ran, label]);
    openChange(false);
  };
  const goTo = (name) => {
    setPages((pages) => [...pages, name]);
    setSearch("");
  };

  return (
    <div className={`app theme-${theme}`}>
      {sidebar && (
        <nav className="sidebar" aria-label="Main">
          {views.map((name) => (
            <a
              key={name}
              href={`#${name.toLowerCase()}`}
              aria-current={name === view ? "page" : undefined}
              onClick={(event) => {
                event.preventDefault();
                setView(name);
              }}
            >
              {name}
            </a>
          ))}
        </nav>
      )}
      <main>
        <header>
          <h1>Hermes · {view}</h1>
          <button type="button" className="search" onClick={() => setOpen(true)}>
            Search commands
          </button>
          <span className="hint">
            or press <kbd>⌘K</kbd>
          </span>
        </header>
        <p>Production deployment is healthy. Last deploy 2 hours ago by Chen Wei.</p>
      </main>
      <Command.Dialog
        open={open}
        onOpenChange={openChange}
        label="Command menu"
        overlayClassName="overlay"
        onKeyDown={(event) => {
          if (
            pages.length > 0 && (event.key === "Escape" || (event.key === "Backspace" && !search))
          ) {
            event.preventDefault();
            setPages((pages) => pages.slice(0, -1));
          }
        }}
      >
        <Command.Input
          value={search}
          onValueChange={setSearch}
          placeholder={page === "theme" ? "Choose a theme…" : "Type a command or search…"}
        />
        <Command.List>
          <Command.Empty>No results found.</Command.Empty>
          {page === undefined && (
            <>
              <Command.Group heading="Navigation">
                {views.map((name) => (
                  <Command.Item
                    key={name}
                    onSelect={() => run(`Go to ${name}`, () => setView(name))}
                  >
                    Go to {name}
                  </Command.Item>
                ))}
              </Command.Group>
              <Command.Group heading="Project">
                <Command.Item onSelect={() => run("Redeploy", () => {})}>Redeploy</Command.Item>
                <Command.Item onSelect={() => run("Copy project ID", () => {})}>
                  Copy project ID
                </Command.Item>
                <Command.Item onSelect={() => run("Archive project", () => {})}>
                  Archive project
                </Command.Item>
              </Command.Group>
              <Command.Separator />
              <Command.Group heading="Preferences">
                <Command.Item onSelect={() => goTo("theme")}>Change theme…</Command.Item>
                <Command.Item
                  onSelect={() => run("Toggle sidebar", () => setSidebar((shown) => !shown))}
                >
                  Toggle sidebar
                </Command.Item>
              </Command.Group>
            </>
          )}
          {page === "theme" && (
            <Command.Group heading="Theme">
              {themes.map((name) => (
                <Command.Item
                  key={name}
                  onSelect={() => run(`Theme ${name}`, () => setTheme(name.toLowerCase()))}
                >
                  {name}
                </Command.Item>
              ))}
            </Command.Group>
          )}
        </Command.List>
      </Command.Dialog>
    </div>
  );
}

createRoot(document.getElementById("dashboard")).render(<Dashboard />);
