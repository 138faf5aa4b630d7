/**
 * A "Documents" file browser with MUI X Tree View, as a file app writes it:
 * a RichTreeView of nested folders and files built from `items`, with
 * checkbox selection over several items (`checkboxSelection`,
 * `multiSelect`), folders collapsed at first and opened by clicking them
 * (the default `expansionTrigger`, the item's content). "Move to archive"
 * reports the path of each checked item, from the tree's controlled
 * `selectedItems`. In checkbox mode a click on an item's row does not
 * select it: only its checkbox (aria-hidden, the item itself carries
 * `aria-checked`) or Space on the focused item does.
 * What the person did is told through `reportOutcome`, which `/report.js`
 * sets on the page.
 *
 * @module
 */
/** @jsxImportSource react */
import { Button, Stack, Typography } from "@mui/material";
import { RichTreeView } from "@mui/x-tree-view/RichTreeView";
import { useState } from "react";
import { createRoot } from "react-dom/client";

const documents = [
  {
    id: "finance",
    label: "Finance",
    children: [
      {
        id: "finance-2025",
        label: "2025",
        children: [
          { id: "finance-2025-q4", label: "Q4 report 2025.pdf" },
          { id: "finance-2025-budget", label: "Budget 2025.xlsx" },
        ],
      },
      {
        id: "finance-2026",
        label: "2026",
        children: [
          { id: "finance-2026-q1", label: "Q1 report 2026.pdf" },
          { id: "finance-2026-q2", label: "Q2 report 2026.pdf" },
          { id: "finance-2026-budget", label: "Budget 2026.xlsx" },
        ],
      },
      { id: "finance-invoices", label: "Invoice template.docx" },
    ],
  },
  {
    id: "hr",
    label: "HR",
    children: [
      {
        id: "hr-policies",
        label: "Policies",
        children: [
          { id: "hr-leave", label: "Leave policy.pdf" },
          { id: "hr-remote", label: "Remote work policy.pdf" },
        ],
      },
      { id: "hr-handbook", label: "Employee handbook.pdf" },
    ],
  },
  {
    id: "marketing",
    label: "Marketing",
    children: [
      { id: "marketing-brand", label: "Brand guidelines.pdf" },
      { id: "marketing-plan", label: "Campaign plan 2026.docx" },
    ],
  },
  { id: "readme", label: "Read me.txt" },
];

/** Each item's path from the root, by id. */
const paths = new Map();
(function walk(items, parent) {
  for (const item of items) {
    const path = parent === "" ? item.label : `${parent}/${item.label}`;
    paths.set(item.id, path);
    if (item.children !== undefined) walk(item.children, path);
  }
})(documents, "");

function Documents() {
  const [selected, setSelected] = useState([]);
  return (
    <Stack spacing={2} sx={{ maxWidth: 420, p: 3 }}>
      <Typography variant="h5" component="h1">Documents</Typography>
      <RichTreeView
        aria-label="Documents"
        items={documents}
        checkboxSelection
        multiSelect
        selectedItems={selected}
        onSelectedItemsChange={(_event, ids) => setSelected(ids)}
      />
      <Stack direction="row" spacing={1} alignItems="center">
        <Button
          variant="contained"
          disabled={selected.length === 0}
          onClick={() =>
            reportOutcome(`Moved to archive: ${selected.map((id) => paths.get(id)).join("; ")}`)}
        >
          Move to archive
        </Button>
        <Typography variant="body2" color="text.secondary">
          {selected.length} selected
        </Typography>
      </Stack>
    </Stack>
  );
}

createRoot(document.getElementById("documents")).render(<Documents />);
