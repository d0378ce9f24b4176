import { useRevalidator } from "react-router";
import { adminMeta } from "~/components/admin/admin-meta";
import { usePoll } from "~/components/admin/documents/use-poll";
import { IssueActions } from "~/components/admin/newsletter/IssueActions";
import { IssuePreview } from "~/components/admin/newsletter/IssuePreview";
import { IssueProgress } from "~/components/admin/newsletter/IssueProgress";
import { isUnderWay } from "~/components/admin/newsletter/issue-labels";
import { revalidateLatest } from "~/components/admin/revalidate-latest";
import { serverDataOr } from "~/components/admin/server-data-or";
import { LoadFailed } from "~/components/admin/table/AdminTable";
import { useMessages } from "~/contexts/i18n";
import { AppError } from "~/server/errors";
import { requireBackOfficePage } from "~/server/http/admin-guard";
import { database } from "~/server/process/runtime";
import { getIssue, previewIssue } from "~/server/newsletter/issues";
import type { Route } from "./+types/newsletter-issue";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";
import { NewsletterBackLink } from "~/components/admin/newsletter/NewsletterBackLink";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

/** /admin/newsletter/{id} (issue 40): one issue's preview, its test and sending, and its progress. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const staff = await requireBackOfficePage(request, "sendNewsletters");
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0) throw new Response(null, { status: 404 });
  try {
    const db = await database();
    return { issue: await getIssue(db, staff, id), preview: await previewIssue(db, staff, id) };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw new Response(null, { status: 404 });
    throw error;
  }
}

export const clientLoader = async ({ serverLoader }: Route.ClientLoaderArgs) => serverDataOr(serverLoader, null);

export const meta: Route.MetaFunction = (args) => adminMeta(args, (m) => m.adminNewsletter);

export default function NewsletterIssuePage({ loaderData }: Route.ComponentProps) {
  const messages = useMessages();
  const revalidator = useRevalidator();
  usePoll(loaderData !== null && isUnderWay(loaderData.issue.status), () => revalidateLatest(revalidator));
  if (loaderData === null) return <LoadFailed message={messages.newsletterActionFailed} />;
  const { issue, preview } = loaderData;
  return (
    <>
      <NewsletterBackLink />
      <h1 className="text-2xl font-bold">{issue.subject}</h1>
      <div className="mt-6 grid gap-6 lg:grid-cols-[2fr_1fr]">
        <IssuePreview html={preview.html} text={preview.text} />
        <div className="space-y-6">
          <IssueProgress issue={issue} />
          <IssueActions issue={issue} />
        </div>
      </div>
    </>
  );
}
