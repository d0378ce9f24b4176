import { data } from "react-router";
import { Link } from "~/components/i18n/links";
import { pageMeta, pageSeo } from "~/lib/seo/page-meta";
import type { Route } from "./+types/not-found";
import { useMessages } from "~/components/i18n/i18n";

/** Any unknown path: 'Page Not Found' with Return to Home, answered with HTTP status 404. */
export function loader() {
  throw data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const seo = pageSeo(matches, location);
  return pageMeta(seo, { title: seo.messages.pageNotFound, noindex: true });
};

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  const messages = useMessages();
  return (
    <section className="mx-auto max-w-xl py-16 text-center">
      <p className="text-6xl font-black text-brand">404</p>
      <h1 className="mt-4 text-3xl font-bold">{messages.pageNotFound}</h1>
      <p className="mt-3 text-neutral-600 dark:text-neutral-400">{messages.pageNotFoundText}</p>
      <Link to="/" className="mt-6 inline-block rounded-md bg-brand px-5 py-2.5 font-semibold text-white hover:opacity-90">
        {messages.returnHome}
      </Link>
    </section>
  );
}
