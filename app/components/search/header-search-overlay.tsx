/**
 * The header's search overlay, opened from the field (desktop) or the search button (phone): two
 * islands, so the request to open it goes through this module rather than through React.
 */
import { useSyncExternalStore } from "react";
import { PAGE_CHANGE_EVENT } from "~/islands/navigation";
import { SearchOverlay } from "./SearchOverlay";

const CLOSED = { open: false, query: "" };
let state = CLOSED;
const listeners = new Set<() => void>();

function set(next: typeof state) {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// A result followed in place leaves the overlay closed on the next page.
if (typeof window !== "undefined") window.addEventListener(PAGE_CHANGE_EVENT, () => set(CLOSED));

export function openSearch(query: string) {
  set({ open: true, query });
}

export function HeaderSearchOverlay() {
  const { open, query } = useSyncExternalStore(subscribe, () => state, () => CLOSED);
  return <SearchOverlay open={open} initialQuery={query} onClose={() => set(CLOSED)} />;
}
