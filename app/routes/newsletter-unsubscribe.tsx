import { data, useActionData, useLoaderData } from "react-router";
import { FormError, NewsletterPanel, Notice, buttonClass } from "~/components/newsletter/NewsletterPanel";
import { Anchor } from "~/components/i18n/anchor";
import { useMessages, useTranslate } from "~/contexts/i18n";
import { newsletterTokenSchema } from "~/lib/schemas";
import { pageMeta, pageSeo } from "~/lib/seo/page-meta";
import { pageLocale } from "~/server/http/page-locale";
import { pageOutcome } from "~/server/http/page-outcome";
import { leaveEverything, membershipOf } from "~/server/newsletter/membership";
import { database } from "~/server/process/runtime";
import type { Route } from "./+types/newsletter-unsubscribe";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

/** GET (a person's click in a message, or a mail scanner's): the page with its button; nothing changes. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const outcome = await pageOutcome(pageLocale(request), async () => membershipOf(await database(), token));
  return { token, subscriber: outcome.ok ? { email: outcome.value.email, left: outcome.value.status === "left" } : null };
}

/**
 * The page's button, and RFC 8058's one-click POST from a mail client to the address in
 * List-Unsubscribe (form-encoded `List-Unsubscribe=One-Click`, the token in the query): either
 * leaves at once. No cookie or CSRF token is asked for: the token is the proof, and a forged POST
 * could only do what the link's holder may.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const outcome = await pageOutcome(pageLocale(request), async () => {
    const { token } = newsletterTokenSchema.parse({ token: form.get("token") ?? new URL(request.url).searchParams.get("token") ?? "" });
    return leaveEverything(await database(), token);
  });
  return data(outcome, { status: outcome.status });
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const seo = pageSeo(matches, location);
  return pageMeta(seo, { title: seo.messages.newsletterUnsubscribeTitle, noindex: true });
};

/** /newsletter/unsubscribe?token= (issue 40): leave every list with one button. */
export default function NewsletterUnsubscribePage() {
  const { token, subscriber } = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>();
  const messages = useMessages();
  const t = useTranslate();
  const left = outcome?.ok ? outcome.value : subscriber?.left ? subscriber.email : null;
  if (left !== null) {
    return (
      <NewsletterPanel title={messages.newsletterLeftTitle}>
        <Notice>{t("newsletterLeftText", { email: left })}</Notice>
      </NewsletterPanel>
    );
  }
  if (!subscriber) {
    return (
      <NewsletterPanel title={messages.newsletterUnsubscribeTitle}>
        <FormError id="newsletter-unsubscribe-error" message={outcome && !outcome.ok ? outcome.error : messages.newsletterLinkInvalid} />
      </NewsletterPanel>
    );
  }
  return (
    <NewsletterPanel title={messages.newsletterUnsubscribeTitle} lead={t("newsletterUnsubscribeLead", { email: subscriber.email })}>
      <form method="post" className="flex flex-wrap items-center gap-4">
        <input type="hidden" name="token" value={token} />
        <button type="submit" className={buttonClass}>
          {messages.newsletterUnsubscribeButton}
        </button>
        <Anchor to={`/newsletter/manage?${new URLSearchParams({ token })}`} className="font-semibold text-brand underline dark:text-red-400">
          {messages.newsletterChooseLists}
        </Anchor>
      </form>
      <FormError id="newsletter-unsubscribe-error" message={outcome && !outcome.ok ? outcome.error : null} />
    </NewsletterPanel>
  );
}
