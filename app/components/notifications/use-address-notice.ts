import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { useNotify } from "./notifications";

/**
 * A server redirect that turned someone away says why with a `?notice=` flag: show the message as
 * an error notification once, and take the flag out of the address so a reload does not repeat it.
 */
export function useAddressNotice(flag: string, message: string) {
  const location = useLocation();
  const navigate = useNavigate();
  const notify = useNotify();
  // The effect can run again before the flag has left the address.
  const shownFor = useRef<string | null>(null);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (params.get("notice") !== flag || shownFor.current === location.key) return;
    shownFor.current = location.key;
    notify(message, "error");
    params.delete("notice");
    const search = params.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : "" }, { replace: true });
  }, [flag, message, location.search, location.pathname, location.key, navigate, notify]);
}
