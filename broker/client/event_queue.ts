/**
 * A bounded, single-consumer async queue: events pushed by the connection,
 * pulled by `for await`. Events are advisory (the spec never makes them the
 * only check), so when nobody reads and the queue is full the oldest is
 * dropped rather than growing without bound.
 *
 * @module
 */

/** A queue read with `for await`; it ends after {@linkcode EventQueue.end}. */
export class EventQueue<T> implements AsyncIterableIterator<T> {
  readonly #capacity: number;
  readonly #items: T[] = [];
  #waiting: ((result: IteratorResult<T>) => void) | undefined;
  #ended = false;
  #dropped = 0;

  /** Hold at most `capacity` unread items. */
  constructor(capacity = 1024) {
    this.#capacity = capacity;
  }

  /** Items dropped because nobody read them in time. */
  get dropped(): number {
    return this.#dropped;
  }

  /** Add an item, or hand it straight to a waiting reader. */
  push(item: T): void {
    if (this.#ended) return;
    const waiting = this.#waiting;
    if (waiting !== undefined) {
      this.#waiting = undefined;
      waiting({ value: item, done: false });
      return;
    }
    if (this.#items.length >= this.#capacity) {
      this.#items.shift();
      this.#dropped++;
    }
    this.#items.push(item);
  }

  /** No more items: a reader gets what is queued, then the end. Idempotent. */
  end(): void {
    if (this.#ended) return;
    this.#ended = true;
    const waiting = this.#waiting;
    this.#waiting = undefined;
    waiting?.({ value: undefined, done: true });
  }

  next(): Promise<IteratorResult<T>> {
    const item = this.#items.shift();
    if (item !== undefined) return Promise.resolve({ value: item, done: false });
    if (this.#ended) return Promise.resolve({ value: undefined, done: true });
    if (this.#waiting !== undefined) {
      return Promise.reject(new Error("Cannot read events: another reader is waiting"));
    }
    return new Promise((resolve) => this.#waiting = resolve);
  }

  /** Stop reading: what is queued is dropped and the queue ends. */
  return(): Promise<IteratorResult<T>> {
    this.#items.length = 0;
    this.end();
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<T> {
    return this;
  }
}
