import { Message } from "~/components/layout/Message";
import { NEWSROOM_EMAIL } from "~/components/layout/SiteFooter";
import type { MessageKey } from "~/lib/messages";
import { pageMeta, pageSeo } from "~/lib/seo/page-meta";
import type { Route } from "./+types/support";
import { useMessages } from "~/contexts/i18n";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "public";
export const logging: RequestLogging = "timed";

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const seo = pageSeo(matches, location);
  return pageMeta(seo, { title: seo.messages.supportJournalism, description: seo.messages.supportLead });
};

const REASONS = ["supportWhyTime", "supportWhyIndependence", "supportWhyLegal"] as const satisfies readonly MessageKey[];

const WAYS = [
  { heading: "supportMonthlyHeading", text: "supportMonthly" },
  { heading: "supportOnceHeading", text: "supportOnce" },
  { heading: "supportSkillsHeading", text: "supportSkills" },
  { heading: "supportShareHeading", text: "supportShare" },
] as const satisfies readonly { heading: MessageKey; text: MessageKey }[];

/** Donation call (docs/product.md#other-pages). No payment provider: giving goes through the newsroom, and no third party sees who gives. */
export default function Support() {
  const messages = useMessages();
  return (
    <article className="mx-auto max-w-3xl">
      <header className="rounded-lg bg-brand px-6 py-8 text-white sm:px-10 sm:py-12">
        <h1 className="text-3xl font-black sm:text-4xl">{messages.supportJournalism}</h1>
        <p className="mt-4 text-lg leading-relaxed text-white/90">{messages.supportLead}</p>
        <a
          href={`mailto:${NEWSROOM_EMAIL}`}
          className="mt-6 inline-block rounded-md bg-white px-5 py-2.5 font-bold text-brand hover:bg-neutral-100"
        >
          {messages.supportUs}
        </a>
      </header>

      <section aria-labelledby="support-why" className="mt-10">
        <h2 id="support-why" className="text-xl font-bold">
          {messages.supportWhyHeading}
        </h2>
        <ul className="mt-3 space-y-3">
          {REASONS.map((reason) => (
            <li key={reason} className="flex gap-3 leading-relaxed text-neutral-700 dark:text-neutral-300">
              <span aria-hidden="true" className="mt-2.5 h-2 w-2 shrink-0 rounded-full bg-brand" />
              {messages[reason]}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="support-ways" className="mt-10">
        <h2 id="support-ways" className="text-xl font-bold">
          {messages.supportWaysHeading}
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {WAYS.map((way) => (
            <li key={way.heading} className="rounded-lg border border-neutral-200 p-5 dark:border-neutral-800">
              <h3 className="font-bold">{messages[way.heading]}</h3>
              <p className="mt-1 text-sm leading-relaxed text-neutral-600 dark:text-neutral-400">{messages[way.text]}</p>
            </li>
          ))}
        </ul>
        <p className="mt-6 text-neutral-700 dark:text-neutral-300">
          <Message
            id="supportWriteToEmail"
            slots={{
              email: (
                <a href={`mailto:${NEWSROOM_EMAIL}`} className="font-semibold text-brand hover:underline dark:text-red-400">
                  {NEWSROOM_EMAIL}
                </a>
              ),
            }}
          />
        </p>
      </section>

      <p className="mt-10 rounded-md bg-neutral-100 px-4 py-3 text-sm leading-relaxed text-neutral-700 dark:bg-neutral-900 dark:text-neutral-300">
        {messages.supportTransparency}
      </p>
      <p className="mt-6 text-center font-semibold">{messages.supportThanks}</p>
    </article>
  );
}
