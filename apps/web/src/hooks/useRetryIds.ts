import { useRef } from 'react';

/**
 * Client ids for requests that must not happen twice (a payment, a post): the same request tried
 * again after its answer was lost carries the same id, so the server answers the one it stored.
 * `idFor(what)` gives one id per distinct request (`what`: its kind and values, so an edited request
 * is a new one); `forget()` once a request is done.
 */
export function useRetryIds(): { idFor(what: string): string; forget(): void } {
  const ids = useRef(new Map<string, string>());
  return {
    idFor(what) {
      let id = ids.current.get(what);
      if (id === undefined) {
        id = crypto.randomUUID();
        ids.current.set(what, id);
      }
      return id;
    },
    forget() {
      ids.current.clear();
    },
  };
}
