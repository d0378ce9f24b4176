import { NEWSROOM_EMAIL } from "~/components/layout/SiteFooter";
import { messages } from "~/lib/messages";
import type { Route } from "./+types/support";

export const meta: Route.MetaFunction = () => [
  { title: messages.supportJournalism },
  { name: "description", content: messages.supportLead },
];

const REASONS = [messages.supportWhyTime, messages.supportWhyIndependence, messages.supportWhyLegal];

const WAYS = [
  { heading: messages.supportMonthlyHeading, text: messages.supportMonthly },
  { heading: messages.supportOnceHeading, text: messages.supportOnce },
  { heading: messages.supportSkillsHeading, text: messages.supportSkills },
  { heading: messages.supportShareHeading, text: messages.supportShare },
];

/** SPEC 2 donation call. No payment provider: giving goes through the newsroom, and no third party sees who gives. */
export default function Support() {
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
              {reason}
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
              <h3 className="font-bold">{way.heading}</h3>
              <p className="mt-1 text-sm leading-relaxed text-neutral-600 dark:text-neutral-400">{way.text}</p>
            </li>
          ))}
        </ul>
        <p className="mt-6 text-neutral-700 dark:text-neutral-300">
          {messages.supportWriteTo}{" "}
          <a href={`mailto:${NEWSROOM_EMAIL}`} className="font-semibold text-brand hover:underline dark:text-red-400">
            {NEWSROOM_EMAIL}
          </a>
        </p>
      </section>

      <p className="mt-10 rounded-md bg-neutral-100 px-4 py-3 text-sm leading-relaxed text-neutral-700 dark:bg-neutral-900 dark:text-neutral-300">
        {messages.supportTransparency}
      </p>
      <p className="mt-6 text-center font-semibold">{messages.supportThanks}</p>
    </article>
  );
}
