import { useMemo } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, type ShouldRevalidateFunction, isRouteErrorResponse, useMatches, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { useI18n, useLocalizePath, useMessages } from "./contexts/i18n";
import { I18nProvider } from "./components/i18n/router-i18n";
import { RouteProgress } from "./components/layout/RouteProgress";
import { NotificationsProvider } from "./components/notifications/notifications";
import { SessionProvider } from "./components/session/session";
import { loadCatalog, splitLocalePath } from "./lib/i18n";
import { THEME_SCRIPT } from "./lib/theme-script";
import { pageMeta, pageSeo } from "./lib/seo/page-meta";
import { config } from "./server/platform/config";
import { catalogChunks } from "./server/platform/catalog-chunks";
import { islandsManifest } from "./server/platform/islands-manifest";
import { IslandScripts } from "./islands/IslandScripts";
import { KEEP_TAPS_SCRIPT } from "./lib/keep-taps-script";
import { SiteUrlsProvider, useSiteUrls } from "./contexts/site-urls";
import { LOCAL_MEDIA_BASE } from "./lib/media-url";
import appStylesheet from "./app.css?url";
import readerStylesheet from "./reader.css?url";
import { ReaderStylesheet } from "./components/site/reader-stylesheet";
import { languageConfig } from "~/lib/languages";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "public";
export const logging: RequestLogging = "timed";

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.ico" }];

/**
 * Only what every page needs to know before it renders: which language unprefixed URLs are in, the
 * public origin that canonical, Open Graph and share addresses are built on, where uploads are
 * fetched from, and where each language's catalog is, for the page to fetch its own beside its
 * other scripts.
 */
export function loader() {
  const { defaultLocale, publicUrl, mediaPublicUrl } = config();
  return {
    defaultLocale,
    publicUrl,
    mediaUrl: mediaPublicUrl,
    catalogChunks: catalogChunks(),
    readerTextChunks: catalogChunks("reader"),
    islands: islandsManifest(),
  };
}

/**
 * In the browser, a navigation into another language first loads that language's catalog
 * (lib/i18n.ts). The data itself never changes for the life of the process.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const data = await serverLoader();
  await loadCatalog(splitLocalePath(new URL(request.url).pathname, data.defaultLocale).locale);
  return data;
}

/** The language written in a path, or "" for the default one (which is never written). */
const writtenLocale = (url: URL) => {
  const { locale, prefixed } = splitLocalePath(url.pathname, "en");
  return prefixed ? locale : "";
};

/** Only a change of language runs the root's loader again, for the catalog. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl }) => writtenLocale(currentUrl) !== writtenLocale(nextUrl);

/** Only pages without a meta of their own use this one (the back office, a failure): none is for search engines. */
export const meta: Route.MetaFunction = ({ matches, location }) => {
  const seo = pageSeo(matches, location);
  return pageMeta(seo, { title: seo.messages.defaultTitle, noindex: true });
};

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  return (
    <I18nProvider defaultLocale={root?.defaultLocale ?? "en"}>
      <SiteUrlsProvider value={useMemo(() => ({ mediaUrl: root?.mediaUrl ?? LOCAL_MEDIA_BASE, publicUrl: root?.publicUrl ?? null }), [root?.mediaUrl, root?.publicUrl])}>
        <Document>{children}</Document>
      </SiteUrlsProvider>
    </I18nProvider>
  );
}

/** A route whose handle says `islands: true` (the reader site's layout) is not hydrated whole. */
export interface IslandsHandle {
  islands?: boolean;
  /** The page carries the whole reader stylesheet rather than its own rules and a link (components/site/reader-stylesheet.tsx). */
  wholeStylesheet?: boolean;
}

function useIslandsPage(key: keyof IslandsHandle = "islands"): boolean {
  return useMatches().some((match) => (match.handle as IslandsHandle | undefined)?.[key]);
}

function Document({ children }: { children: React.ReactNode }) {
  const { locale, defaultLocale } = useI18n();
  const urls = useSiteUrls();
  const language = languageConfig(locale);
  const root = useRouteLoaderData<typeof loader>("root");
  const islands = useIslandsPage();
  // A reader page's islands need only their own texts (vite-plugins/reader-texts.ts).
  const catalogChunks = (islands ? root?.readerTextChunks[locale] : root?.catalogChunks[locale]) ?? [];
  const wholeStylesheet = useIslandsPage("wholeStylesheet");
  return (
    <html lang={language.tag} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        {language.fontPreload ? <link rel="preload" href={language.fontPreload} as="font" type="font/woff2" crossOrigin="anonymous" /> : null}
        {/* A reader page's islands ask for their texts with their other scripts, after the first paint (IslandScripts). */}
        {islands ? null : catalogChunks.map((chunk) => <link key={chunk} rel="modulepreload" href={chunk} />)}
        <script dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
        {/* Before the body, so that no tap on a control whose island is still coming is lost. */}
        {islands ? <script dangerouslySetInnerHTML={{ __html: KEEP_TAPS_SCRIPT }} /> : null}
        {islands ? <ReaderStylesheet href={readerStylesheet} whole={wholeStylesheet} /> : <link rel="stylesheet" href={appStylesheet} />}
        <Meta />
        <Links />
      </head>
      <body className="bg-white text-neutral-900 antialiased dark:bg-neutral-950 dark:text-neutral-100">
        {children}
        {islands ? (
          <IslandScripts page={{ locale, defaultLocale, urls }} manifest={root?.islands ?? null} catalogChunks={catalogChunks} />
        ) : (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  // A reader page's dialogs and notifications are an island of its own (reader-layout.tsx).
  if (useIslandsPage()) return <Outlet />;
  return (
    <NotificationsProvider>
      <SessionProvider>
        <RouteProgress />
        <Outlet />
      </SessionProvider>
    </NotificationsProvider>
  );
}

/** Last resort: a failure outside any page's own boundary. Never a stack trace. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const messages = useMessages();
  const localize = useLocalizePath();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // In the browser only: on the server, handleError (entry.server.tsx) has logged it by the log's rules.
  if (!notFound && typeof document !== "undefined") console.error(error);
  return (
    <main className="mx-auto max-w-2xl p-8 text-center">
      <h1 className="text-3xl font-bold">{notFound ? messages.pageNotFound : messages.somethingWentWrong}</h1>
      <p className="mt-4">
        <a className="text-brand underline" href={localize("/")}>
          {messages.returnHome}
        </a>
      </p>
    </main>
  );
}
