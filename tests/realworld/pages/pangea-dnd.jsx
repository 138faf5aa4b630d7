/**
 * A sprint board with @hello-pangea/dnd (the maintained fork of
 * react-beautiful-dnd): two columns of cards, each card its own drag
 * handle. A drag starts once the pointer has moved 5 px with the button
 * held, the card then follows the pointer while the others make way
 * (animated), and the drop puts it where the pointer was: in another column
 * too. Save board sends the columns.
 * What the person did is told through `reportOutcome`, which `/report.js`
 * sets on the page.
 *
 * @module
 */
/** @jsxImportSource react */
import { DragDropContext, Draggable, Droppable } from "@hello-pangea/dnd";
import { useState } from "react";
import { createRoot } from "react-dom/client";

const initial = {
  todo: ["Write release notes", "Update pricing page", "Fix login bug"],
  done: ["Set up CI", "Design new logo"],
};
const titles = { todo: "To do", done: "Done" };

function Column({ id, cards }) {
  return (
    <section className="column" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{titles[id]}</h2>
      <Droppable droppableId={id}>
        {(provided) => (
          <div ref={provided.innerRef} {...provided.droppableProps} className="cards">
            {cards.map((card, index) => (
              <Draggable key={card} draggableId={card} index={index}>
                {(dragged) => (
                  <div
                    ref={dragged.innerRef}
                    {...dragged.draggableProps}
                    {...dragged.dragHandleProps}
                    className="card"
                  >
                    {card}
                  </div>
                )}
              </Draggable>
            ))}
            {provided.placeholder}
          </div>
        )}
      </Droppable>
    </section>
  );
}

function Board() {
  const [columns, setColumns] = useState(initial);
  const onDragEnd = ({ source, destination }) => {
    if (destination === null) return;
    setColumns((now) => {
      const next = { todo: [...now.todo], done: [...now.done] };
      const [card] = next[source.droppableId].splice(source.index, 1);
      next[destination.droppableId].splice(destination.index, 0, card);
      return next;
    });
  };
  return (
    <>
      <DragDropContext onDragEnd={onDragEnd}>
        <div className="board">
          <Column id="todo" cards={columns.todo} />
          <Column id="done" cards={columns.done} />
        </div>
      </DragDropContext>
      <button
        type="button"
        onClick={() =>
          reportOutcome(
            `Saved: To do=[${columns.todo.join(", ")}]; Done=[${columns.done.join(", ")}]`,
          )}
      >
        Save board
      </button>
    </>
  );
}

createRoot(document.getElementById("board")).render(<Board />);
