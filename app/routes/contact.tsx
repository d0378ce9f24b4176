import { NEWSROOM_EMAIL, TIPS_EMAIL } from "~/components/layout/SiteFooter";
import type { MessageKey } from "~/lib/messages";
import { pageMeta, pageSeo } from "~/lib/seo/page-meta";
import type { Route } from "./+types/contact";
import { useMessages } from "~/contexts/i18n";
import { Anchor } from "~/components/i18n/anchor";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "public";
export const logging: RequestLogging = "timed";

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const seo = pageSeo(matches, location);
  return pageMeta(seo, { title: seo.messages.contact, description: seo.messages.contactLead });
};

const SAFETY_ADVICE = [
  "contactSafelyWorkDevices",
  "contactSafelyNewAccount",
  "contactSafelyMetadata",
  "contactSafelyPost",
  "contactSafelyTerms",
] as const satisfies readonly MessageKey[];

const cardClass = "rounded-lg border border-neutral-200 p-5 dark:border-neutral-800";

export default function Contact() {
  const messages = useMessages();
  return (
    <article className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-black sm:text-4xl">{messages.contact}</h1>
      <p className="mt-4 text-lg leading-relaxed text-neutral-700 dark:text-neutral-300">{messages.contactLead}</p>

      <div className="mt-8 grid gap-4 sm:grid-cols-2">
        <section aria-labelledby="contact-newsroom" className={cardClass}>
          <h2 id="contact-newsroom" className="text-lg font-bold">
            {messages.contactNewsroomHeading}
          </h2>
          <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">{messages.contactNewsroomText}</p>
          <a href={`mailto:${NEWSROOM_EMAIL}`} className="mt-3 inline-block font-semibold break-all text-brand hover:underline dark:text-red-400">
            {NEWSROOM_EMAIL}
          </a>
        </section>
        <section aria-labelledby="contact-tips" className={`${cardClass} border-brand/40 dark:border-brand/60`}>
          <h2 id="contact-tips" className="text-lg font-bold">
            {messages.contactTipsHeading}
          </h2>
          <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">{messages.contactTipsText}</p>
          <a href={`mailto:${TIPS_EMAIL}`} className="mt-3 inline-block font-semibold break-all text-brand hover:underline dark:text-red-400">
            {TIPS_EMAIL}
          </a>
          <Anchor to="/tips" className="mt-2 block font-semibold text-brand hover:underline dark:text-red-400">
            {messages.tipsFooterLink}
          </Anchor>
        </section>
      </div>

      <section aria-labelledby="contact-safely" className="mt-10">
        <h2 id="contact-safely" className="text-xl font-bold">
          {messages.contactSafelyHeading}
        </h2>
        <ol className="mt-3 list-decimal space-y-2 pl-6 leading-relaxed text-neutral-700 marker:font-bold marker:text-brand dark:text-neutral-300 dark:marker:text-red-400">
          {SAFETY_ADVICE.map((advice) => (
            <li key={advice}>{messages[advice]}</li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="contact-post" className="mt-10">
        <h2 id="contact-post" className="text-xl font-bold">
          {messages.contactPostHeading}
        </h2>
        <address className="mt-2 whitespace-pre-line not-italic leading-relaxed text-neutral-700 dark:text-neutral-300">
          {messages.contactPostalAddress}
        </address>
      </section>

      <p className="mt-10 rounded-md bg-neutral-100 px-4 py-3 text-sm text-neutral-700 dark:bg-neutral-900 dark:text-neutral-300">
        {messages.contactReplyTime}
      </p>
    </article>
  );
}
