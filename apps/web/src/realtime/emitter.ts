type Handler<T> = (payload: T) => void;

/** A tiny typed event emitter. `on` returns the matching unsubscribe function. */
export function createEmitter<Events extends Record<string, unknown>>() {
  const handlers = new Map<keyof Events, Set<Handler<never>>>();
  return {
    on<K extends keyof Events>(event: K, handler: Handler<Events[K]>): () => void {
      let set = handlers.get(event);
      if (!set) {
        set = new Set();
        handlers.set(event, set);
      }
      set.add(handler as Handler<never>);
      return () => {
        set.delete(handler as Handler<never>);
      };
    },
    emit<K extends keyof Events>(event: K, payload: Events[K]): void {
      for (const handler of [...(handlers.get(event) ?? [])]) {
        try {
          (handler as Handler<Events[K]>)(payload);
        } catch (error) {
          console.error(`[parley] handler of "${String(event)}" failed`, error);
        }
      }
    },
  };
}
