import { data } from "react-router";
import { NotFoundPanel } from "~/components/ui/NotFoundPanel";
import { pageMeta, pageSeo } from "~/lib/seo/page-meta";
import type { Route } from "./+types/not-found";
import { useMessages } from "~/contexts/i18n";
import type { Sharing } from "~/lib/sharing";

export const sharing: Sharing = "public";

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
  return <NotFoundPanel eyebrow="404" title={messages.pageNotFound} text={messages.pageNotFoundText} homeLabel={messages.returnHome} />;
}
