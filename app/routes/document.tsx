import { isRouteErrorResponse } from "react-router";
import { NotFoundPanel } from "~/components/ui/NotFoundPanel";
import { pageData } from "~/server/http/page-data";
import { database } from "~/server/process/runtime";
import { pageLocale } from "~/server/http/page-locale";
import { getPublicDocument } from "~/server/services/documents";
import { keyedInLanguage } from "~/lib/bilingual";
import { documentJsonLd } from "~/lib/seo/json-ld";
import { documentPath } from "~/lib/document-path";
import { formatMessage } from "~/lib/format-message";
import { pageMeta, pageSeo } from "~/lib/seo/page-meta";
import { useMessages } from "~/contexts/i18n";
import { DocumentDetails } from "~/components/documents/DocumentDetails";
import { DocumentReader } from "~/components/documents/DocumentReader";
import { viewerDocumentOf } from "~/components/documents/document-view";
import { island } from "~/islands/Island";
import type { Route } from "./+types/document";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

// A published document is the same for every reader; one not yet published is a 404, never stored.
export const sharing: Sharing = "public";
export const logging: RequestLogging = "timed";

const DocumentReaderIsland = island("document-reader", DocumentReader);

/** A published evidence document (issue 38): its texts, its file and its pages; any other is the site's 404. */
export const loader = ({ params, request }: Route.LoaderArgs) =>
  pageData(async () => {
    const document = await getPublicDocument(await database(), params.slug, pageLocale(request));
    return { document };
  });

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const seo = pageSeo(matches, location);
  if (!loaderData) return pageMeta(seo, { title: seo.messages.pageNotFound, noindex: true });
  const { document } = loaderData;
  const title = keyedInLanguage(document, "title", seo.locale);
  const description = keyedInLanguage(document, "description", seo.locale)?.text ?? null;
  const source = keyedInLanguage(document, "source", seo.locale)?.text ?? null;
  const name = title?.text ?? document.slug;
  const first = document.page_images[0];
  return pageMeta(seo, {
    title: name,
    // A search result and a shared link say what the document is even when the newsroom gave no description.
    description:
      description ??
      formatMessage(seo.messages.documentMetaDescription, { title: name, site: seo.messages.siteName }),
    path: documentPath(document.slug),
    social: {
      type: "website",
      image: first ? { url: first.image, width: null, height: null, alt: name } : null,
    },
    jsonLd: [documentJsonLd(seo, document, { title: name, description, source, language: title?.language ?? seo.locale })],
  });
};

export default function DocumentPage({ loaderData: { document } }: Route.ComponentProps) {
  const messages = useMessages();
  return (
    <article className="mx-auto max-w-3xl space-y-8">
      <DocumentDetails document={document} />
      {document.page_images.length > 0 ? (
        <section aria-labelledby="document-pages-heading">
          <h2 id="document-pages-heading" className="sr-only">
            {messages.documentPages}
          </h2>
          <DocumentReaderIsland document={viewerDocumentOf(document)} />
        </section>
      ) : null}
    </article>
  );
}

/** Not published, or no such document: the site's 404, as for any unknown page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const messages = useMessages();
  if (!isRouteErrorResponse(error) || error.status !== 404) console.error(error);
  return <NotFoundPanel eyebrow="404" title={messages.pageNotFound} text={messages.pageNotFoundText} homeLabel={messages.returnHome} />;
}
