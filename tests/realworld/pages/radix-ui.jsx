/**
 * A list of documents, each with a Radix UI dropdown menu of actions: the
 * menu opens on pointer down, in a portal, and hides the rest of the page
 * from assistive technology while it is open.
 * What the person did is told through `reportOutcome`, which `/report.js`
 * sets on the page.
 *
 * @module
 */
/** @jsxImportSource react */
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { createRoot } from "react-dom/client";

const documents = ["Q3 roadmap", "Hiring plan", "Launch checklist"];
const actions = ["Rename", "Duplicate", "Move to trash"];

function DocumentList() {
  return (
    <ul className="documents">
      {documents.map((title) => (
        <li key={title}>
          <span>{title}</span>
          <DropdownMenu.Root>
            <DropdownMenu.Trigger className="more" aria-label={`Actions for ${title}`}>
              ⋯
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content className="menu" align="end" sideOffset={4}>
                {actions.map((action) => (
                  <DropdownMenu.Item
                    key={action}
                    className="item"
                    onSelect={() => reportOutcome(`${action}: ${title}`)}
                  >
                    {action}
                  </DropdownMenu.Item>
                ))}
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
        </li>
      ))}
    </ul>
  );
}

createRoot(document.getElementById("documents")).render(<DocumentList />);
