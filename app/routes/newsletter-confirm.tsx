import { data, useActionData, useLoaderData } from "react-router";
import { Anchor } from "~/components/i18n/anchor";
import { FormError, NewsletterPanel, Notice, buttonClass } from "~/components/newsletter/NewsletterPanel";
import { useLocale, useMessages, useTranslate } from "~/contexts/i18n";
import { listLabel } from "~/lib/newsletter-lists";
import { newsletterTokenSchema } from "~/lib/schemas";
import { pageMeta, pageSeo } from "~/lib/seo/page-meta";
import { pageLocale } from "~/server/http/page-locale";
import { pageOutcome } from "~/server/http/page-outcome";
import { offeredLists } from "~/server/newsletter/lists";
import { confirmSubscription, pendingConfirmation } from "~/server/newsletter/opt-in";
import { subscriberToken } from "~/server/newsletter/subscriber-links";
import { database } from "~/server/process/runtime";
import type { Route } from "./+types/newsletter-confirm";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

// The address and its lists are the reader's own: never kept by a shared cache.
export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

/** GET shows what the link would confirm and changes nothing: a mail scanner that follows it confirms nobody. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const db = await database();
  const pending = token ? await pendingConfirmation(db, token) : undefined;
  const offered = await offeredLists(db);
  return { token, pending: pending ? { email: pending.email, lists: offered.filter((entry) => pending.lists.includes(entry.list)) } : null };
}

/** The Confirm button. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const outcome = await pageOutcome(pageLocale(request), async () => {
    const { token } = newsletterTokenSchema.parse({ token: form.get("token") ?? "" });
    const db = await database();
    // The page then links to the subscriber's manage page, as every message will.
    return subscriberToken(db, await confirmSubscription(db, token));
  });
  return data(outcome, { status: outcome.status });
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const seo = pageSeo(matches, location);
  return pageMeta(seo, { title: seo.messages.newsletterConfirmTitle, noindex: true });
};

/** /newsletter/confirm?token= (issue 40): the confirmation link's page, with its Confirm button. */
export default function NewsletterConfirmPage() {
  const { token, pending } = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>();
  const messages = useMessages();
  const locale = useLocale();
  const t = useTranslate();
  if (outcome?.ok) {
    return (
      <NewsletterPanel title={messages.newsletterConfirmedTitle}>
        <Notice>{messages.newsletterConfirmedText}</Notice>
        <Anchor
          to={`/newsletter/manage?${new URLSearchParams({ token: outcome.value })}`}
          className="mt-4 inline-block font-semibold text-brand underline dark:text-red-400"
        >
          {messages.newsletterManageLink}
        </Anchor>
      </NewsletterPanel>
    );
  }
  if (!pending) {
    return (
      <NewsletterPanel title={messages.newsletterConfirmTitle}>
        <FormError id="newsletter-confirm-error" message={outcome?.error ?? messages.newsletterConfirmationInvalid} />
      </NewsletterPanel>
    );
  }
  return (
    <NewsletterPanel title={messages.newsletterConfirmTitle} lead={t("newsletterConfirmLead", { email: pending.email })}>
      <ul className="mb-6 list-disc space-y-1 pl-6">
        {pending.lists.map((entry) => (
          <li key={entry.list}>{listLabel(messages, locale, entry)}</li>
        ))}
      </ul>
      <form method="post">
        <input type="hidden" name="token" value={token} />
        <button type="submit" className={buttonClass} aria-describedby={outcome ? "newsletter-confirm-error" : undefined}>
          {messages.newsletterConfirmButton}
        </button>
      </form>
      <FormError id="newsletter-confirm-error" message={outcome && !outcome.ok ? outcome.error : null} />
    </NewsletterPanel>
  );
}
