import { useSyncExternalStore } from "react";

const subscribe = () => () => undefined;

/**
 * False in the server-rendered HTML and until React has hydrated it. Controls that only work
 * through JavaScript (writes go through the REST API) stay disabled until then, so an early
 * click is never a silent no-op or a native form submission.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
