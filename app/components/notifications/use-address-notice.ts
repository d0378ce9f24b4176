import { useEffect, useRef } from "react";
import { useNotify } from "./notifications";

/**
 * A server redirect that turned someone away says why with a `?notice=` flag: show the message as
 * an error notification once, and take the flag out of the address so a reload does not repeat it.
 * `search` is the address's query: the router's on pages it runs, the window's in an island.
 */
export function useAddressNotice(flag: string, message: string, search: string) {
  const notify = useNotify();
  // The effect can run again before the flag has left the address.
  const shownFor = useRef<string | null>(null);

  useEffect(() => {
    const params = new URLSearchParams(search);
    if (params.get("notice") !== flag || shownFor.current === search) return;
    shownFor.current = search;
    notify(message, "error");
    params.delete("notice");
    const rest = params.toString();
    window.history.replaceState(window.history.state, "", `${window.location.pathname}${rest ? `?${rest}` : ""}${window.location.hash}`);
  }, [flag, message, search, notify]);
}
