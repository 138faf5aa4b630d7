/**
 * An invoices screen as an app writes it with TanStack Table v9 and
 * react-toastify: a headless `useTable` with the sorting and pagination
 * features and their client row models, rendered to a plain `<table>` whose
 * column headers are sort buttons (`aria-sort` on the header cell, the arrow
 * hidden), ten rows a page with Previous and Next, and a Void button on each
 * row. Voiding shows a toast with an Undo button, which closes by itself
 * after five seconds; Undo puts the invoice back as it was.
 * What the person did is told through `reportOutcome`, which `/report.js`
 * sets on the page.
 *
 * @module
 */
/** @jsxImportSource react */
import {
  createColumnHelper,
  createPaginatedRowModel,
  createSortedRowModel,
  rowPaginationFeature,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_text,
  tableFeatures,
  useTable,
} from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { createRoot } from "react-dom/client";
import { toast, ToastContainer } from "react-toastify";

const customers = [
  "Acme Corp",
  "Globex",
  "Initech",
  "Umbrella Health",
  "Stark Logistics",
  "Wayne Foods",
  "Hooli",
  "Soylent Labs",
];
const statuses = ["Open", "Paid", "Overdue", "Open", "Paid"];

/** Forty invoices, INV-1001 to INV-1040, with distinct amounts. */
const initialInvoices = Array.from({ length: 40 }, (_, i) => ({
  number: `INV-${1001 + i}`,
  customer: customers[(i * 3) % customers.length],
  amount: ((i * 7919 + 31) % 97) * 48 + 120 + ((i * 37) % 100) / 100,
  status: statuses[i % statuses.length],
  voided: false,
}));

const money = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, text: sortFn_text },
  rowPaginationFeature,
  paginatedRowModel: createPaginatedRowModel(),
});
const helper = createColumnHelper();

function UndoToast({ number, onUndo, closeToast }) {
  return (
    <div className="void-toast">
      <span>Invoice {number} voided</span>
      <button
        type="button"
        onClick={() => {
          onUndo();
          closeToast();
        }}
      >
        Undo
      </button>
    </div>
  );
}

function Invoices() {
  const [invoices, setInvoices] = useState(initialInvoices);
  const [undone, setUndone] = useState([]);

  const columns = useMemo(() => {
    const setVoided = (number, voided) =>
      setInvoices((all) => all.map((inv) => (inv.number === number ? { ...inv, voided } : inv)));
    const voidInvoice = (number) => {
      setVoided(number, true);
      toast(
        ({ closeToast }) => (
          <UndoToast
            number={number}
            closeToast={closeToast}
            onUndo={() => {
              setVoided(number, false);
              setUndone((list) => [...list, number]);
            }}
          />
        ),
        { autoClose: 5000 },
      );
    };
    return helper.columns([
      helper.accessor("number", { header: "Number" }),
      helper.accessor("customer", { header: "Customer" }),
      helper.accessor("amount", {
        header: "Amount",
        cell: (info) => money.format(info.getValue()),
      }),
      helper.accessor((inv) => (inv.voided ? "Void" : inv.status), {
        id: "status",
        header: "Status",
        cell: (info) => (
          <span className={`badge badge-${info.getValue().toLowerCase()}`}>{info.getValue()}</span>
        ),
      }),
      helper.display({
        id: "actions",
        header: () => <span className="visually-hidden">Actions</span>,
        cell: ({ row }) => {
          const inv = row.original;
          return (
            <button
              type="button"
              className="void"
              disabled={inv.voided || inv.status === "Paid"}
              aria-label={`Void ${inv.number}`}
              onClick={() => voidInvoice(inv.number)}
            >
              Void
            </button>
          );
        },
      }),
    ]);
  }, []);

  const table = useTable({
    features,
    columns,
    data: invoices,
    initialState: { pagination: { pageIndex: 0, pageSize: 10 } },
    // Voiding changes the data; the person stays on the page they are on.
    autoResetPageIndex: false,
  });

  const { sorting, pagination } = table.state;
  const outstanding = invoices
    .filter((inv) => !inv.voided && inv.status !== "Paid")
    .reduce((sum, inv) => sum + inv.amount, 0);

  const done = () => {
    const voided = invoices.filter((inv) => inv.voided).map((inv) => inv.number);
    const sort = sorting.length === 0
      ? "none"
      : sorting.map((s) => `${s.id} ${s.desc ? "desc" : "asc"}`).join(",");
    reportOutcome(
      `Done: voided=${voided.join(",") || "none"}; undone=${undone.join(",") || "none"}; ` +
        `sort=${sort}; page=${pagination.pageIndex + 1}`,
    );
  };
  const exportCsv = () => reportOutcome(`Exported: ${invoices.length} invoices`);

  return (
    <>
      <header className="toolbar">
        <h1>Invoices</h1>
        <p className="summary">
          {invoices.length} invoices · {money.format(outstanding)} outstanding
        </p>
        <button type="button" onClick={exportCsv}>Export CSV</button>
      </header>
      <table className="invoices">
        <caption className="visually-hidden">Invoices</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                return (
                  <th
                    key={header.id}
                    aria-sort={sorted === "asc"
                      ? "ascending"
                      : sorted === "desc"
                      ? "descending"
                      : undefined}
                  >
                    {header.isPlaceholder ? null : header.column.getCanSort()
                      ? (
                        <button
                          type="button"
                          className="sort"
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          <table.FlexRender header={header} />
                          <span aria-hidden="true" className="arrow">
                            {sorted === "asc" ? "▲" : sorted === "desc" ? "▼" : ""}
                          </span>
                        </button>
                      )
                      : <table.FlexRender header={header} />}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className={row.original.voided ? "voided" : undefined}>
              {row.getAllCells().map((cell) => (
                <td key={cell.id} className={`col-${cell.column.id}`}>
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <nav className="pager" aria-label="Pagination">
        <button
          type="button"
          onClick={() => table.previousPage()}
          disabled={!table.getCanPreviousPage()}
        >
          Previous
        </button>
        <span>Page {pagination.pageIndex + 1} of {table.getPageCount()}</span>
        <button type="button" onClick={() => table.nextPage()} disabled={!table.getCanNextPage()}>
          Next
        </button>
      </nav>
      <button type="button" className="done" onClick={done}>Done</button>
      <ToastContainer position="bottom-right" />
    </>
  );
}

createRoot(document.getElementById("invoices")).render(<Invoices />);
