import { data, useActionData, useLoaderData } from "react-router";
import { ListChoices } from "~/components/newsletter/ListChoices";
import { FormError, NewsletterPanel, Notice, buttonClass, secondaryButtonClass } from "~/components/newsletter/NewsletterPanel";
import { useMessages, useTranslate } from "~/contexts/i18n";
import { newsletterListsSchema } from "~/lib/schemas";
import { pageMeta, pageSeo } from "~/lib/seo/page-meta";
import { pageLocale } from "~/server/http/page-locale";
import { pageOutcome } from "~/server/http/page-outcome";
import { offeredLists } from "~/server/newsletter/lists";
import { changeLists, membershipOf } from "~/server/newsletter/membership";
import { database } from "~/server/process/runtime";
import type { Route } from "./+types/newsletter-manage";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const db = await database();
  const outcome = await pageOutcome(pageLocale(request), async () => membershipOf(db, token));
  return { token, membership: outcome.ok ? outcome.value : null, offered: await offeredLists(db) };
}

/** Save (exactly the lists checked; none is leaving) or Leave every list. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const outcome = await pageOutcome(pageLocale(request), async () => {
    const leaving = form.get("intent") === "leave";
    const input = newsletterListsSchema.parse({ token: form.get("token") ?? "", lists: leaving ? [] : form.getAll("lists").map(String) });
    return changeLists(await database(), input.token, input.lists);
  });
  return data(outcome, { status: outcome.status });
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const seo = pageSeo(matches, location);
  return pageMeta(seo, { title: seo.messages.newsletterManageTitle, noindex: true });
};

/** /newsletter/manage?token= (issue 40): change lists or leave everything, without an account. */
export default function NewsletterManagePage() {
  const { token, membership, offered } = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>();
  const messages = useMessages();
  const t = useTranslate();
  const current = outcome?.ok ? outcome.value : membership;
  if (!current) {
    return (
      <NewsletterPanel title={messages.newsletterManageTitle}>
        <FormError id="newsletter-manage-error" message={messages.newsletterLinkInvalid} />
      </NewsletterPanel>
    );
  }
  const left = current.status === "left";
  return (
    <NewsletterPanel title={messages.newsletterManageTitle} lead={t("newsletterManageLead", { email: current.email })}>
      {outcome?.ok ? <Notice>{left ? t("newsletterLeftText", { email: current.email }) : messages.newsletterManageSaved}</Notice> : null}
      <form method="post" className="mt-4 flex flex-col gap-4" aria-describedby={outcome && !outcome.ok ? "newsletter-manage-error" : undefined}>
        <input type="hidden" name="token" value={token} />
        <ListChoices key={current.lists.join(",")} lists={offered} checked={current.lists} />
        <div className="flex flex-wrap gap-3">
          <button type="submit" name="intent" value="save" className={buttonClass}>
            {messages.newsletterManageSave}
          </button>
          {left ? null : (
            <button type="submit" name="intent" value="leave" className={secondaryButtonClass}>
              {messages.newsletterLeaveAll}
            </button>
          )}
        </div>
      </form>
      <FormError id="newsletter-manage-error" message={outcome && !outcome.ok ? outcome.error : null} />
    </NewsletterPanel>
  );
}
