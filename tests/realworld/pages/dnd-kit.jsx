/**
 * A team's priorities, ordered with dnd-kit's sortable preset: each row is
 * dragged by its handle (a pointer sensor that starts a drag once the
 * pointer has moved 5 px, and the keyboard sensor), the other rows make way
 * as it moves, and the new order is kept when it is dropped; Save order
 * sends it.
 * What the person did is told through `reportOutcome`, which `/report.js`
 * sets on the page.
 *
 * @module
 */
/** @jsxImportSource react */
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useState } from "react";
import { createRoot } from "react-dom/client";

const initial = [
  "Fix login bug",
  "Update docs",
  "Ship dark mode",
  "Migrate database",
  "Review analytics",
];

function Priority({ title }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition } =
    useSortable({ id: title });
  return (
    <li ref={setNodeRef} style={{ transform: CSS.Transform.toString(transform), transition }}>
      <button
        ref={setActivatorNodeRef}
        type="button"
        className="handle"
        aria-label={`Move ${title}`}
        {...attributes}
        {...listeners}
      >
        ⠿
      </button>
      <span>{title}</span>
    </li>
  );
}

function Priorities() {
  const [order, setOrder] = useState(initial);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  return (
    <>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={({ active, over }) => {
          if (over === null || active.id === over.id) return;
          setOrder((titles) =>
            arrayMove(titles, titles.indexOf(active.id), titles.indexOf(over.id))
          );
        }}
      >
        <SortableContext items={order} strategy={verticalListSortingStrategy}>
          <ol className="priorities">
            {order.map((title) => <Priority key={title} title={title} />)}
          </ol>
        </SortableContext>
      </DndContext>
      <button type="button" onClick={() => reportOutcome(`Order: ${order.join(", ")}`)}>
        Save order
      </button>
    </>
  );
}

createRoot(document.getElementById("priorities")).render(<Priorities />);
