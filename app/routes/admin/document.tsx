import { useEffect, useState } from "react";
import { data, useLocation, useRevalidator } from "react-router";
import { adminMeta } from "~/components/admin/admin-meta";
import { AttachStories } from "~/components/admin/documents/AttachStories";
import { DocumentActions } from "~/components/admin/documents/DocumentActions";
import { DocumentFiles } from "~/components/admin/documents/DocumentFacts";
import { EditDocumentDetails } from "~/components/admin/documents/EditDocumentDetails";
import { DocumentProgress, DocumentStatusBadge } from "~/components/admin/documents/DocumentStatusBadge";
import { DeleteDocument } from "~/components/admin/documents/DeleteDocument";
import { FindingsByPage } from "~/components/admin/documents/FindingsByPage";
import { documentTitle, isWorking } from "~/components/admin/documents/document-labels";
import { usePoll } from "~/components/admin/documents/use-poll";
import { revalidateLatest } from "~/components/admin/revalidate-latest";
import { useNewsroomRole } from "~/components/admin/use-newsroom-role";
import { Link } from "~/components/i18n/links";
import { pageSeo } from "~/lib/seo/page-meta";
import { useLocale, useMessages } from "~/contexts/i18n";
import { DOCUMENTS_PATH } from "~/lib/admin-paths";
import { apiRequest } from "~/lib/api-client";
import type { DocumentDetailJson, Tag } from "~/lib/api-types";
import { requireBackOfficePage } from "~/server/http/admin-guard";
import { pageLocale } from "~/server/http/page-locale";
import { namesNothing } from "~/server/errors";
import { database } from "~/server/process/runtime";
import { getDocument } from "~/server/services/documents";
import { listTags } from "~/server/services/tags";
import type { Route } from "./+types/document";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

/**
 * /admin/documents/{id} (issue 38): a document as the newsroom sees it (texts, files, state,
 * findings on their pages) and what the member may do with it. Not found for one who may not see
 * it, as the API answers.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const staff = await requireBackOfficePage(request);
  const db = await database();
  const locale = pageLocale(request);
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : null;
  const found = id === null ? null : await getDocument(db, staff, String(id), locale).catch((error: unknown) => (namesNothing(error) ? null : Promise.reject(error)));
  if (!found || !("findings" in found.document)) return data({ document: null, tags: [] }, { status: 404 });
  return { document: found.document, tags: await listTags(db, locale) };
}

/** The tab names the document, so that an editor with several open tells them apart. */
export const meta: Route.MetaFunction = (args) => {
  const document = args.loaderData?.document;
  const { locale } = pageSeo(args.matches, args.location);
  return adminMeta(args, (m) => (document ? `${documentTitle(document, locale, m)} · ${m.adminDocuments}` : m.adminDocuments));
};

export default function DocumentPage({ loaderData }: Route.ComponentProps) {
  const messages = useMessages();
  if (!loaderData.document) {
    return (
      <div className="mx-auto max-w-2xl py-8 text-center">
        <h1 className="text-2xl font-bold">{messages.documentNotFound}</h1>
        <p className="mt-6">
          <Link to={DOCUMENTS_PATH} className="font-semibold text-brand underline underline-offset-2 hover:no-underline">
            {messages.documentBack}
          </Link>
        </p>
      </div>
    );
  }
  return <DocumentView key={loaderData.document.id} loaded={loaderData.document} tags={loaderData.tags} />;
}

function DocumentView({ loaded, tags }: { loaded: DocumentDetailJson; tags: Tag[] }) {
  const messages = useMessages();
  const language = useLocale();
  const revalidator = useRevalidator();
  const role = useNewsroomRole();
  const uploaded = (useLocation().state as { uploaded?: boolean } | null)?.uploaded === true;
  const [document, setDocument] = useState(loaded);
  // A reload of the page's data (after a job, for the new file's page sizes) brings the latest copy.
  useEffect(() => setDocument(loaded), [loaded]);

  const working = isWorking(document);
  usePoll(working, async () => {
    const result = await apiRequest<{ document: DocumentDetailJson }>(`/api/documents/${document.id}`);
    if (!result.ok) return;
    setDocument(result.data.document);
    // The job is done: the page's data again, with the sizes of the new file's pages.
    if (!isWorking(result.data.document)) await revalidateLatest(revalidator);
  });

  const file = document.prepared ? "prepared" : "original";
  const mayChange = role.mayEdit({ authorId: document.created_by, isPublished: document.published_at !== null });

  return (
    <>
      <p className="mb-3 text-sm">
        <Link to={DOCUMENTS_PATH} className="font-medium text-brand underline underline-offset-2 hover:no-underline dark:text-red-400">
          {messages.documentBack}
        </Link>
      </p>
      <h1 className="text-2xl font-bold break-words">{documentTitle(document, language, messages)}</h1>
      <div className="mt-2" role="status" aria-live="polite">
        <DocumentStatusBadge document={document} />
        <DocumentProgress document={document} />
        {uploaded && document.status === "examining" ? <p className="mt-2 text-sm">{messages.documentUploaded}</p> : null}
        {document.status === "publishing" ? <p className="mt-2 text-sm">{messages.documentPublishingNow}</p> : null}
      </div>
      {/* One column on a phone, in the order of the work (findings, what to do, the details); on a
          wide screen the actions stand beside both. */}
      <div className="mt-6 grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem] xl:grid-rows-[auto_1fr] xl:items-start">
        <section aria-labelledby="document-findings" className="min-w-0">
          <h2 id="document-findings" className="text-xl font-bold">
            {messages.documentFindingsHeading}
          </h2>
          <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
            {file === "prepared" ? messages.documentFindingsInPrepared : messages.documentFindingsInOriginal}
          </p>
          {document.status === "examining" || document.status === "failed" ? null : (
            <FindingsByPage documentId={document.id} file={file} findings={document.findings} />
          )}
        </section>
        <div className="min-w-0 space-y-6 xl:col-start-2 xl:row-span-2 xl:row-start-1">
          <DocumentActions document={document} onChanged={setDocument} />
          {mayChange ? <AttachStories document={document} onChanged={setDocument} /> : null}
          {mayChange && document.published_at === null && !working ? <DeleteDocument document={document} /> : null}
        </div>
        <div className="min-w-0 space-y-6">
          <EditDocumentDetails document={document} tags={tags} mayChange={mayChange} onChanged={setDocument} />
          <DocumentFiles document={document} />
        </div>
      </div>
    </>
  );
}
