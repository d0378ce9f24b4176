import { data, useActionData, useLoaderData } from "react-router";
import { ListChoices } from "~/components/newsletter/ListChoices";
import { FormError, NewsletterPanel, Notice, buttonClass } from "~/components/newsletter/NewsletterPanel";
import { useLocale, useMessages } from "~/contexts/i18n";
import { newsletterSchema } from "~/lib/schemas";
import { pageMeta, pageSeo } from "~/lib/seo/page-meta";
import { pageLocale } from "~/server/http/page-locale";
import { pageOutcome } from "~/server/http/page-outcome";
import { requestInfoContext } from "~/server/http/request-context";
import { offeredLists } from "~/server/newsletter/lists";
import { startSignUp } from "~/server/newsletter/sign-up";
import { database } from "~/server/process/runtime";
import type { Route } from "./+types/newsletter";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

// The lists change when an editor adds a topic; the page is cheap, and never worth a stale copy.
export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

export async function loader() {
  return { offered: await offeredLists(await database()) };
}

/** The sign-up form without scripts (the home page's form posts here too): the same as POST /api/newsletter. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const locale = pageLocale(request);
  const outcome = await pageOutcome(locale, async () => {
    const lists = form.getAll("lists").map(String);
    const input = newsletterSchema.parse({ email: form.get("email") ?? "", lists: lists.length > 0 ? lists : undefined, language: locale });
    await startSignUp(await database(), context.get(requestInfoContext).clientIp, input, locale);
  });
  return data(outcome, { status: outcome.ok ? 201 : outcome.status });
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const seo = pageSeo(matches, location);
  return pageMeta(seo, { title: seo.messages.newsletterTitle, description: seo.messages.newsletterText });
};

/** /newsletter (issue 40): every list on offer, the editions' and the topics'. */
export default function NewsletterPage() {
  const { offered } = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>();
  const messages = useMessages();
  const locale = useLocale();
  return (
    <NewsletterPanel title={messages.newsletterTitle} lead={messages.newsletterText}>
      {outcome?.ok ? (
        <Notice>
          {messages.newsletterThanks} {messages.newsletterCheckInbox}
        </Notice>
      ) : (
        <form method="post" className="flex flex-col gap-4">
          <label className="flex flex-col gap-1 font-semibold">
            {messages.emailAddress}
            <input
              type="email"
              name="email"
              required
              autoComplete="email"
              placeholder={messages.newsletterPlaceholder}
              aria-invalid={outcome ? true : undefined}
              aria-describedby={outcome ? "newsletter-page-error" : undefined}
              className="rounded-md border border-neutral-300 bg-white px-3 py-2 font-normal text-neutral-900 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100"
            />
          </label>
          <ListChoices lists={offered} checked={[locale]} />
          <div>
            <button type="submit" className={buttonClass}>
              {messages.subscribe}
            </button>
          </div>
        </form>
      )}
      <FormError id="newsletter-page-error" message={outcome && !outcome.ok ? outcome.error : null} />
    </NewsletterPanel>
  );
}
