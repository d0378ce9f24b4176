import { type Locale, localizePath, splitLocalePath } from "./i18n";
import { roleCan } from "./roles";
import type { Role } from "./schemas";

/**
 * Where to send a reader after sign-in, from a `?redirect=` value anyone can put in a link.
 * Security rule: only a path on this site is followed. Anything else would make the login page an
 * open redirect, a phishing tool that borrows our name ("sign in at khulasa…, then land on a fake
 * page"). So the value must start with exactly one "/"; "//host" and "/\host" are read by browsers
 * as another host, and a scheme ("https:", "javascript:") cannot start with "/". Browsers also drop
 * tabs and newlines from URLs ("/\t/host" becomes "//host"), so control characters and whitespace
 * are refused outright. A final parse checks that the result stays on our origin.
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  if (/[\s\u0000-\u001f\u007f\\]/.test(value)) return null;
  const base = "https://same-site.invalid";
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * docs/product.md#roles-and-permissions: after sign-in an admin (and every newsroom role) goes to the dashboard, anyone else home, unless a safe redirect was
 * asked for. A reader who signed in on a Nepali page carries on in Nepali, unless the redirect's
 * address names its language.
 */
export function afterSignInPath(
  redirect: string | null | undefined,
  role: Role,
  locale: Locale = "en",
  defaultLocale: Locale = "en",
): string {
  const path = safeRedirectPath(redirect);
  // Back to the login page would leave a signed-in reader nowhere to go.
  const usable = path && !/^(?:\/(?:ne|en))?\/login(?:[/?#]|$)/.test(path) ? path : null;
  const next = usable ?? (roleCan(role, "backOffice") ? "/admin/dashboard" : "/");
  return splitLocalePath(next, defaultLocale).prefixed ? next : localizePath(next, locale, defaultLocale);
}

/**
 * The admin area is a separate application: reach it with a full page load, not a client-side
 * navigation. It lives in every language: /admin/…, /ne/admin/…, /en/admin/….
 */
export const isAdminPath = (path: string) => /^(?:\/(?:ne|en))?\/admin(?:[/?#]|$)/.test(path);
