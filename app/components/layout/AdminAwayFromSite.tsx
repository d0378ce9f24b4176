import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { useNotify } from "~/components/notifications/notifications";
import { useSession } from "~/components/session/session";
import { ADMIN_REQUIRED_NOTICE } from "~/lib/admin-notice";
import { PREVIEW_PARAM } from "~/lib/preview";
import { messages } from "~/lib/messages";

/**
 * SPEC 6 in the browser, where the session is known: a signed-in admin on the public site is sent
 * to the dashboard (unless previewing an article), and a reader turned away from /admin is told why.
 */
export function AdminAwayFromSite() {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const notify = useNotify();

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (session.status === "ready" && session.user?.role === "admin" && !params.has(PREVIEW_PARAM)) {
      window.location.replace("/admin/dashboard");
      return;
    }
    if (params.get("notice") === ADMIN_REQUIRED_NOTICE) {
      notify(messages.adminRequired, "error");
      params.delete("notice");
      const search = params.toString();
      navigate({ pathname: location.pathname, search: search ? `?${search}` : "" }, { replace: true });
    }
  }, [session.status, session.user, location.search, location.pathname, navigate, notify]);

  return null;
}
