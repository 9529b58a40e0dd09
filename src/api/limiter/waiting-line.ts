/** A position in a WaitingLine, used to leave it. */
export interface Place<T> {
  readonly value: T;
  prev: Place<T> | undefined;
  next: Place<T> | undefined;
  /** False once the value has left the line. */
  inLine: boolean;
}

/**
 * A first-come, first-served line where anyone may also leave from the middle (an aborted call)
 * or cut in at the front (a retry), each in constant time: tens of thousands of queued calls
 * must not make every grant or abort cost a pass over all of them.
 */
export class WaitingLine<T> {
  #head: Place<T> | undefined;
  #tail: Place<T> | undefined;
  #size = 0;

  get size(): number {
    return this.#size;
  }

  get first(): T | undefined {
    return this.#head?.value;
  }

  push(value: T): Place<T> {
    const place: Place<T> = { value, prev: this.#tail, next: undefined, inLine: true };
    if (this.#tail) this.#tail.next = place;
    else this.#head = place;
    this.#tail = place;
    this.#size++;
    return place;
  }

  unshift(value: T): Place<T> {
    const place: Place<T> = { value, prev: undefined, next: this.#head, inLine: true };
    if (this.#head) this.#head.prev = place;
    else this.#tail = place;
    this.#head = place;
    this.#size++;
    return place;
  }

  shift(): T | undefined {
    const head = this.#head;
    if (head) this.remove(head);
    return head?.value;
  }

  remove(place: Place<T>): void {
    if (!place.inLine) return;
    place.inLine = false;
    if (place.prev) place.prev.next = place.next;
    else this.#head = place.next;
    if (place.next) place.next.prev = place.prev;
    else this.#tail = place.prev;
    place.prev = undefined;
    place.next = undefined;
    this.#size--;
  }
}
