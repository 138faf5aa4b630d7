/**
 * A table of projects with Ant Design as an app writes it: each row's
 * actions button opens a Dropdown menu on click, in a portal, that slides
 * in; Archive asks first in a confirm Modal (`modal.confirm` from `App`, as
 * antd recommends over the static `Modal.confirm`), which zooms in and
 * calls back when the person confirms.
 * What the person did is told through `reportOutcome`, which `/report.js`
 * sets on the page.
 *
 * @module
 */
/** @jsxImportSource react */
import { App, Button, Dropdown, Table, Typography } from "antd";
import { createRoot } from "react-dom/client";

const projects = [
  { key: "p1", name: "Q3 roadmap", owner: "Grace Kim", updated: "2 days ago" },
  { key: "p2", name: "Hiring plan", owner: "Jonas Berg", updated: "last week" },
  { key: "p3", name: "Launch checklist", owner: "Priya Sharma", updated: "yesterday" },
  { key: "p4", name: "Office move", owner: "Lucas Silva", updated: "3 weeks ago" },
];
const actions = [
  { key: "rename", label: "Rename" },
  { key: "duplicate", label: "Duplicate" },
  { type: "divider" },
  { key: "archive", label: "Archive" },
];

function ProjectTable() {
  const { modal } = App.useApp();
  const act = (project, action) => {
    if (action !== "archive") {
      reportOutcome(`${action}: ${project.name}`);
      return;
    }
    modal.confirm({
      title: `Archive ${project.name}?`,
      content: "Its members keep read access; you can restore it from Archived projects.",
      okText: "Archive project",
      onOk: () => reportOutcome(`Archived: ${project.name}`),
    });
  };
  const columns = [
    { title: "Project", dataIndex: "name" },
    { title: "Owner", dataIndex: "owner" },
    { title: "Updated", dataIndex: "updated" },
    {
      title: "",
      key: "actions",
      align: "right",
      render: (_value, project) => (
        <Dropdown
          trigger={["click"]}
          menu={{ items: actions, onClick: ({ key }) => act(project, key) }}
        >
          <Button type="text" aria-label={`Actions for ${project.name}`}>⋯</Button>
        </Dropdown>
      ),
    },
  ];
  return (
    <>
      <Typography.Title level={3}>Projects</Typography.Title>
      <Table columns={columns} dataSource={projects} pagination={false} />
    </>
  );
}

createRoot(document.getElementById("projects")).render(
  <App>
    <ProjectTable />
  </App>,
);
