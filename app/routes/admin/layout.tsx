import { useState } from "react";
import { Outlet, type ShouldRevalidateFunctionArgs, useLocation } from "react-router";
import { AdminLanguageSwitch } from "~/components/admin/AdminLanguageSwitch";
import { MenuButton } from "~/components/layout/MenuButton";
import { adminMeta } from "~/components/admin/admin-meta";
import { useLocalizePath, useMessages } from "~/contexts/i18n";
import { NavLink } from "~/components/i18n/links";
import type { MessageKey } from "~/lib/messages";
import { ROLE_FORBIDDEN_NOTICE } from "~/lib/admin-notice";
import { type Ability, roleCan } from "~/lib/roles";
import { roleName } from "~/lib/role-names";
import type { StaffMember } from "~/components/admin/use-newsroom-role";
import { useAddressNotice } from "~/components/notifications/use-address-notice";
import { requireBackOfficePage } from "~/server/http/admin-guard";
import { mustEnrolSecondFactor } from "~/server/services/second-factor-policy";
import { ACCOUNT_SECURITY_PATH, DOCUMENTS_PATH, NEWSLETTER_PATH } from "~/lib/admin-paths";
import { ReauthenticationProvider } from "~/components/admin/account/reauthentication";
import { apiRequest } from "~/lib/api-client";
import { TipKeyChangeNotice } from "~/components/admin/tips/TipKeyChangeNotice";
import { readOrNull } from "~/server/http/admin-read";
import { tipKeyNotice } from "~/server/services/tip-key-notice";
import type { Route } from "./+types/layout";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

/**
 * Every page under /admin passes through this guard first (docs/product.md#roles-and-permissions). The frame is shown to an
 * account that must set up a second factor too (each page's own guard sends it to the account
 * screen), with only that screen in its navigation.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requireBackOfficePage(request, "backOffice", { whileEnrolling: true });
  return {
    staff: { id: staff.id, name: staff.name, email: staff.email, role: staff.role } satisfies StaffMember,
    enrolling: mustEnrolSecondFactor(staff),
    // Issue 36: a new tip-line key, until this editor dismisses it (a failed read must not cost the page).
    tipKeyNotice: await readOrNull((db) => tipKeyNotice(db, staff)),
  };
}

/**
 * Who is signed in does not change from one section to the next, and every page's own loader runs
 * the guard: moving between sections fetches only the section's data (so a failed fetch is that
 * page's to report, inside the frame). A revalidation of the same page, after a write, refreshes it.
 */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname && defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);

/**
 * docs/product.md#the-frame-and-the-sidebar: the sidebar lists the sections plus Logout (issue 15 adds Review and the audit trail,
 * issue 17 the tip line, issue 35 the member's own account); each role sees those it may open.
 */
export const ADMIN_SECTIONS: readonly { to: string; label: MessageKey; ability: Ability }[] = [
  { to: "/admin/dashboard", label: "adminDashboard", ability: "backOffice" },
  { to: "/admin/articles", label: "adminArticles", ability: "backOffice" },
  { to: "/admin/review", label: "adminReview", ability: "editEveryArticle" },
  { to: DOCUMENTS_PATH, label: "adminDocuments", ability: "backOffice" },
  { to: NEWSLETTER_PATH, label: "adminNewsletter", ability: "sendNewsletters" },
  { to: "/admin/categories", label: "adminCategories", ability: "manageSections" },
  { to: "/admin/tags", label: "adminTags", ability: "manageSections" },
  { to: "/admin/users", label: "adminUsers", ability: "manageUsers" },
  { to: "/admin/comments", label: "adminComments", ability: "moderateComments" },
  { to: "/admin/writers", label: "adminWriters", ability: "manageSections" },
  { to: "/admin/tips", label: "tipInboxNav", ability: "readTips" },
  { to: "/admin/audit", label: "adminAudit", ability: "manageUsers" },
  { to: ACCOUNT_SECURITY_PATH, label: "adminAccount", ability: "backOffice" },
];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const messages = useMessages();
  const localize = useLocalizePath();
  const [menuOpen, setMenuOpen] = useState(false);
  const { staff, enrolling, tipKeyNotice: keyNotice } = loaderData;
  const sections = ADMIN_SECTIONS.filter((section) => roleCan(staff.role, section.ability) && (!enrolling || section.to === ACCOUNT_SECURITY_PATH));
  useAddressNotice(ROLE_FORBIDDEN_NOTICE, messages.roleForbidden, useLocation().search);

  async function logout() {
    await apiRequest("/api/users/logout", { method: "POST" });
    // The back office is left behind entirely: a full load drops every admin-only state.
    window.location.assign(localize("/"));
  }

  return (
    <div className="min-h-screen bg-neutral-100 text-neutral-900 lg:flex dark:bg-neutral-950 dark:text-neutral-100">
      <a href="#admin-main" className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-black">
        {messages.skipToContent}
      </a>
      {/* On a desktop the aside is a column as tall as the page (the flex row stretches it), so its
          dark ground reaches the bottom of a long page; its contents stay in view as the page
          scrolls, and scroll on their own in a window shorter than they are. */}
      <aside className="border-b border-neutral-800 bg-neutral-900 text-neutral-100 lg:w-60 lg:shrink-0 lg:border-b-0">
        <div className="lg:sticky lg:top-0 lg:max-h-screen lg:overflow-y-auto lg:pb-4">
          <div className="flex items-center gap-3 px-4 py-4">
            <p className="mr-auto text-lg font-black">
              {messages.siteName} <span className="font-normal text-neutral-400">{messages.admin}</span>
            </p>
            {/* Outside the navigation: it is no section, and on a phone it stays in reach with the menu closed. */}
            <AdminLanguageSwitch className="lg:hidden" />
            <MenuButton open={menuOpen} controls="admin-nav" onToggle={() => setMenuOpen((open) => !open)} className="hover:bg-neutral-800" />
          </div>
          <nav id="admin-nav" aria-label={messages.adminNavigation} className={`${menuOpen ? "block" : "hidden"} px-2 pb-4 lg:block`}>
            <ul className="space-y-1">
              {sections.map((section) => (
                <li key={section.to}>
                  <NavLink
                    to={section.to}
                    onClick={() => setMenuOpen(false)}
                    className={({ isActive }) =>
                      `block rounded-md px-3 py-2 text-sm font-medium ${isActive ? "bg-brand text-white" : "text-neutral-300 hover:bg-neutral-800 hover:text-white"}`
                    }
                  >
                    {messages[section.label]}
                  </NavLink>
                </li>
              ))}
              <li>
                <button
                  type="button"
                  onClick={() => void logout()}
                  className="block w-full rounded-md px-3 py-2 text-left text-sm font-medium text-neutral-300 hover:bg-neutral-800 hover:text-white"
                >
                  {messages.logout}
                </button>
              </li>
            </ul>
            <p className="mt-6 break-words px-3 text-xs text-neutral-400">
              {staff.name}
              <br />
              {staff.email}
              <br />
              {roleName(staff.role, messages)}
            </p>
          </nav>
          <div className="hidden px-5 lg:block">
            <AdminLanguageSwitch />
          </div>
        </div>
      </aside>
      <main id="admin-main" className="min-w-0 flex-1 p-4 sm:p-6 lg:p-8">
        <ReauthenticationProvider>
          {keyNotice && !enrolling ? <TipKeyChangeNotice key={keyNotice.key_id} notice={keyNotice} /> : null}
          <Outlet />
        </ReauthenticationProvider>
      </main>
    </div>
  );
}
