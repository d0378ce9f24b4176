import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { AdminAwayFromSite } from "~/components/layout/AdminAwayFromSite";
import { SiteFooter } from "~/components/layout/SiteFooter";
import { SiteHeader } from "~/components/layout/SiteHeader";
import { database } from "~/server/process/runtime";
import { listCategories } from "~/server/services/categories";
import { navCategoryOf } from "~/lib/article-cards";
import { splitLocalePath } from "~/lib/i18n";
import { pageLocale } from "~/server/http/page-locale";
import type { Route } from "./+types/reader-layout";
import { useMessages } from "~/components/i18n/i18n";

/** The frame of every reader page: header with one nav link per category, named in the page's language, and the footer. */
export async function loader({ request }: Route.LoaderArgs) {
  return { categories: (await listCategories(await database(), pageLocale(request))).map(navCategoryOf) };
}

/** Categories change rarely: only a form submission (an action) or a move to the other language refreshes them. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  // Unprefixed paths are in the same language on both sides, whichever the site's default is.
  const language = (url: URL) => splitLocalePath(url.pathname, "en").locale;
  if (language(currentUrl) !== language(nextUrl)) return true;
  return formMethod !== undefined && formMethod !== "GET" ? defaultShouldRevalidate : false;
}

export default function ReaderLayout({ loaderData }: Route.ComponentProps) {
  const messages = useMessages();
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-black">
        {messages.skipToContent}
      </a>
      <AdminAwayFromSite />
      <SiteHeader categories={loaderData.categories} />
      <main id="main" className="mx-auto min-h-[60vh] max-w-6xl px-4 py-6">
        <Outlet />
      </main>
      <SiteFooter categories={loaderData.categories} />
    </>
  );
}
