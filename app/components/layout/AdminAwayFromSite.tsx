import { useEffect } from "react";
import { useI18n, useMessages } from "~/components/i18n/i18n";
import { useLocation } from "react-router";
import { useAddressNotice } from "~/components/notifications/use-address-notice";
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
  useAddressNotice(ADMIN_REQUIRED_NOTICE, messages.adminRequired);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    // The login page sends a signed-in admin on itself, to the page they asked for (`?redirect=`).
    const onLoginPage = splitLocalePath(location.pathname, defaultLocale).rest === "/login";
    if (session.status === "ready" && session.user?.role === "admin" && !params.has(PREVIEW_PARAM) && !onLoginPage) {
      window.location.replace(localizePath("/admin/dashboard", locale, defaultLocale));
    }
  }, [session.status, session.user, location.search, location.pathname, locale, defaultLocale]);

  return null;
}
