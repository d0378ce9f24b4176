import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { I18nProvider, useI18n, useLocalizePath, useMessages } from "./components/i18n/i18n";
import { RouteProgress } from "./components/layout/RouteProgress";
import { NotificationsProvider } from "./components/notifications/notifications";
import { SessionProvider } from "./components/session/session";
import { LOCALE_TAGS, type Locale, catalogs, splitLocalePath } from "./lib/i18n";
import { THEME_SCRIPT } from "./lib/theme-script";
import { config } from "./server/config";
import "./app.css";

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.ico" }];

/** Only what every page needs to know before it renders: which language unprefixed URLs are in. */
export function loader() {
  return { defaultLocale: config().defaultLocale };
}

/** The root loader never revalidates: the default locale is fixed for the life of the process. */
export const shouldRevalidate = () => false;

export const meta: Route.MetaFunction = ({ loaderData, location }) => {
  const { locale } = splitLocalePath(location.pathname, loaderData?.defaultLocale ?? "en");
  return [{ title: catalogs[locale].defaultTitle }];
};

export function Layout({ children }: { children: React.ReactNode }) {
  const defaultLocale: Locale = useRouteLoaderData<typeof loader>("root")?.defaultLocale ?? "en";
  return (
    <I18nProvider defaultLocale={defaultLocale}>
      <Document>{children}</Document>
    </I18nProvider>
  );
}

function Document({ children }: { children: React.ReactNode }) {
  const { locale } = useI18n();
  return (
    <html lang={LOCALE_TAGS[locale]} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <script dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
        <Meta />
        <Links />
      </head>
      <body className="bg-white text-neutral-900 antialiased dark:bg-neutral-950 dark:text-neutral-100">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
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
  if (!notFound) console.error(error);
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
