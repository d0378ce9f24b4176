import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse } from "react-router";
import type { Route } from "./+types/root";
import { RouteProgress } from "./components/layout/RouteProgress";
import { NotificationsProvider } from "./components/notifications/notifications";
import { SessionProvider } from "./components/session/session";
import { messages } from "./lib/messages";
import { THEME_SCRIPT } from "./lib/theme-script";
import "./app.css";

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.ico" }];

export const meta: Route.MetaFunction = () => [{ title: messages.defaultTitle }];

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en" suppressHydrationWarning>
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
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <main className="mx-auto max-w-2xl p-8 text-center">
      <h1 className="text-3xl font-bold">{notFound ? messages.pageNotFound : messages.somethingWentWrong}</h1>
      <p className="mt-4">
        <a className="text-brand underline" href="/">
          {messages.returnHome}
        </a>
      </p>
    </main>
  );
}
