import { useEffect, useState } from "react";
import { useI18n, useMessages } from "~/contexts/i18n";
import { useAddressNotice } from "~/components/notifications/use-address-notice";
import { useSession } from "~/components/session/session";
import { ADMIN_REQUIRED_NOTICE } from "~/lib/admin-notice";
import { localizePath, splitLocalePath } from "~/lib/i18n";
import { PREVIEW_PARAM } from "~/lib/preview";

/**
 * In the browser, where the session is known (docs/product.md#roles-and-permissions): a signed-in admin on the public site is sent
 * to the dashboard (unless previewing an article), and a reader turned away from /admin is told why.
 * An island: the address is read from the window once hydrated (the server's HTML is everyone's).
 */
export function AdminAwayFromSite() {
  const messages = useMessages();
  const { locale, defaultLocale } = useI18n();
  const session = useSession();
  const [address, setAddress] = useState<{ pathname: string; search: string } | null>(null);
  useEffect(() => setAddress({ pathname: window.location.pathname, search: window.location.search }), []);
  useAddressNotice(ADMIN_REQUIRED_NOTICE, messages.adminRequired, address?.search ?? "");

  useEffect(() => {
    if (!address) return;
    const params = new URLSearchParams(address.search);
    // The login page sends a signed-in admin on itself, to the page they asked for (`?redirect=`).
    const onLoginPage = splitLocalePath(address.pathname, defaultLocale).rest === "/login";
    if (session.status === "ready" && session.user?.role === "admin" && !params.has(PREVIEW_PARAM) && !onLoginPage) {
      window.location.replace(localizePath("/admin/dashboard", locale, defaultLocale));
    }
  }, [session.status, session.user, address, locale, defaultLocale]);

  return null;
}
