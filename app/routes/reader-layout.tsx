import { Outlet, type ShouldRevalidateFunctionArgs, redirectDocument } from "react-router";
import { PageDialogs } from "~/components/layout/PageDialogs";
import { island } from "~/islands/Island";
import { MAIN_CONTENT_ID } from "~/lib/island-markers";
import { SiteFooter } from "~/components/layout/SiteFooter";
import { SiteHeader } from "~/components/layout/SiteHeader";
import type { ReaderLayoutData } from "~/components/layout/reader-layout-data";
import { database } from "~/server/process/runtime";
import { listCategories } from "~/server/services/categories";
import { navCategoryOf } from "~/lib/article-cards";
import { splitLocalePath } from "~/lib/i18n";
import { pageLocale } from "~/server/http/page-locale";
import type { Route } from "./+types/reader-layout";
import type { IslandsHandle } from "~/root";
import { useMessages } from "~/contexts/i18n";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "public";
export const logging: RequestLogging = "timed";

const PageDialogsIsland = island("page-dialogs", PageDialogs);

/** Reader pages are server-rendered HTML with islands, not hydrated whole (root.tsx, app/islands). */
export const handle: IslandsHandle = { islands: true };

/**
 * The back office's router reaches a reader page by loading it whole: reader pages are never
 * rendered in the browser, only their islands are hydrated.
 */
export function clientLoader({ request }: Route.ClientLoaderArgs): never {
  throw redirectDocument(request.url);
}

/** The frame of every reader page: header with one nav link per category, named in the page's language, and the footer. */
export async function loader({ request }: Route.LoaderArgs): Promise<ReaderLayoutData> {
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
      <a href={`#${MAIN_CONTENT_ID}`} className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-black">
        {messages.skipToContent}
      </a>
      <SiteHeader categories={loaderData.categories} />
      {/* Focusable from script: a page shown in place puts the reader here, as the skip link does
          (islands/navigation.ts). It is no control, so it draws no focus ring. */}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="mx-auto min-h-[60vh] max-w-6xl px-4 py-6 outline-none">
        <Outlet />
      </main>
      <SiteFooter categories={loaderData.categories} />
      <PageDialogsIsland />
    </>
  );
}
