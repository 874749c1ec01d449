/** A registry of listeners told of one kind of event: modules subscribe without the emitter knowing them. */
export interface Listeners<E> {
  add(listener: (event: E) => void | Promise<void>): void;
  /** Tells every listener, in order of adding; resolves when all have finished. */
  emit(event: E): Promise<void>;
}

export function listeners<E>(): Listeners<E> {
  const all: ((event: E) => void | Promise<void>)[] = [];
  return {
    add(listener) {
      all.push(listener);
    },
    async emit(event) {
      for (const listener of all) await listener(event);
    },
  };
}
