import { Anchor } from "~/components/i18n/anchor";
import { Pagination } from "~/components/pagination/Pagination";
import { useFormatDate, useMessages } from "~/contexts/i18n";
import { languageConfig } from "~/lib/languages";
import { correctionsQuerySchema } from "~/lib/schemas";
import { pageMeta, pageSeo, pagedPath } from "~/lib/seo/page-meta";
import { database } from "~/server/process/runtime";
import { listCorrections } from "~/server/services/article-notes";
import type { Route } from "./+types/corrections";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "public";
export const logging: RequestLogging = "timed";

/** Issue 15: every correction to a published story, newest first, with a link to the story; in both editions. */
export async function loader({ request }: Route.LoaderArgs) {
  const page = new URL(request.url).searchParams.get("page") ?? undefined;
  return { list: await listCorrections(await database(), correctionsQuerySchema.parse({ page })) };
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const seo = pageSeo(matches, location);
  return pageMeta(seo, { title: seo.messages.correctionsTitle, description: seo.messages.correctionsIntro, path: pagedPath(seo) });
};

export default function Corrections({ loaderData: { list } }: Route.ComponentProps) {
  const messages = useMessages();
  const formatDate = useFormatDate();
  return (
    <>
      <header className="border-b-4 border-brand pb-4">
        <h1 className="text-3xl font-black sm:text-4xl">{messages.correctionsTitle}</h1>
        <p className="mt-2 max-w-3xl text-neutral-600 dark:text-neutral-400">{messages.correctionsIntro}</p>
      </header>
      {list.corrections.length === 0 ? (
        <p className="mt-6 text-neutral-700 dark:text-neutral-300">{messages.correctionsEmpty}</p>
      ) : (
        <ol className="mt-4 divide-y divide-neutral-200 dark:divide-neutral-800">
          {list.corrections.map((correction) => (
            <li key={correction.id} className="py-5">
              <p className="text-sm text-neutral-600 dark:text-neutral-400">
                {messages.noteKindCorrection} · <time dateTime={correction.created_at}>{formatDate(correction.created_at)}</time>
              </p>
              <h2 className="mt-1 text-lg font-bold">
                <Anchor to={`/article/${correction.article.slug}`} lang={languageConfig(correction.article.language).tag} className="link-hover">
                  {correction.article.title}
                </Anchor>
              </h2>
              <p lang={languageConfig(correction.article.language).tag} className="mt-2 whitespace-pre-line">
                {correction.text}
              </p>
            </li>
          ))}
        </ol>
      )}
      <Pagination page={list.page} total={list.total} pageSize={list.limit} />
    </>
  );
}
