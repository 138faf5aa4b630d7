// The page's own record of what the person achieved: shown in its status
// line and title, and sent to the test server's /report, so a test reads the
// outcome without going through the agent's tools.
(() => {
  const run = new URLSearchParams(location.search).get("run") ?? "";
  const page = location.pathname.replace(/^\/|\.html$/g, "");
  globalThis.reportOutcome = (outcome) => {
    const status = document.getElementById("status");
    if (status !== null) status.textContent = outcome;
    document.title = outcome;
    const params = new URLSearchParams({ page, run, outcome });
    fetch(`/report?${params}`, { cache: "no-store" });
  };
})();
