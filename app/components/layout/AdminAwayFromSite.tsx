import { useEffect, useRef } from "react";
import { useI18n, useMessages } from "~/components/i18n/i18n";
import { useLocation, useNavigate } from "react-router";
import { useNotify } from "~/components/notifications/notifications";
import { useSession } from "~/components/session/session";
import { ADMIN_REQUIRED_NOTICE } from "~/lib/admin-notice";
import { localizePath, splitLocalePath } from "~/lib/i18n";
import { PREVIEW_PARAM } from "~/lib/preview";

/**
 * SPEC 6 in the browser, where the session is known: a signed-in admin on the public site is sent
 * to the dashboard (unless previewing an article), and a reader turned away from /admin is told why.
 */
export function AdminAwayFromSite() {
  const messages = useMessages();
  const { locale, defaultLocale } = useI18n();
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const notify = useNotify();
  // The effect runs again when the session arrives, before the notice has left the address.
  const noticeShownFor = useRef<string | null>(null);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    // The login page sends a signed-in admin on itself, to the page they asked for (`?redirect=`).
    const onLoginPage = splitLocalePath(location.pathname, defaultLocale).rest === "/login";
    if (session.status === "ready" && session.user?.role === "admin" && !params.has(PREVIEW_PARAM) && !onLoginPage) {
      window.location.replace(localizePath("/admin/dashboard", locale, defaultLocale));
      return;
    }
    if (params.get("notice") === ADMIN_REQUIRED_NOTICE && noticeShownFor.current !== location.key) {
      noticeShownFor.current = location.key;
      notify(messages.adminRequired, "error");
      params.delete("notice");
      const search = params.toString();
      navigate({ pathname: location.pathname, search: search ? `?${search}` : "" }, { replace: true });
    }
  }, [session.status, session.user, location.search, location.pathname, location.key, navigate, notify, messages, locale, defaultLocale]);

  return null;
}
