import { Anchor } from "~/components/i18n/anchor";
import { NEWSROOM_EMAIL } from "~/components/layout/SiteFooter";
import type { MessageKey } from "~/lib/messages";
import { pageMeta, pageSeo } from "~/lib/seo/page-meta";
import type { Route } from "./+types/about";
import { useMessages } from "~/contexts/i18n";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "public";
export const logging: RequestLogging = "timed";

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const seo = pageSeo(matches, location);
  return pageMeta(seo, { title: seo.messages.aboutUs, description: seo.messages.aboutLead });
};

const SECTIONS = [
  { id: "mission", heading: "aboutMissionHeading", text: "aboutMission" },
  { id: "independence", heading: "aboutIndependenceHeading", text: "aboutIndependence" },
  { id: "corrections", heading: "aboutCorrectionsHeading", text: "aboutCorrections" },
  { id: "sources", heading: "aboutSourcesHeading", text: "aboutSources" },
] as const satisfies readonly { id: string; heading: MessageKey; text: MessageKey }[];

export default function About() {
  const messages = useMessages();
  return (
    <article className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-black sm:text-4xl">{messages.aboutUs}</h1>
      <p className="mt-4 text-lg leading-relaxed text-neutral-700 dark:text-neutral-300">{messages.aboutLead}</p>
      {SECTIONS.map((section) => (
        <section key={section.id} aria-labelledby={`about-${section.id}`} className="mt-8">
          <h2 id={`about-${section.id}`} className="text-xl font-bold">
            {messages[section.heading]}
          </h2>
          <p className="mt-2 leading-relaxed text-neutral-700 dark:text-neutral-300">{messages[section.text]}</p>
          {section.id === "corrections" ? (
            <p className="mt-2">
              <a href={`mailto:${NEWSROOM_EMAIL}`} className="font-semibold text-brand hover:underline dark:text-red-400">
                {NEWSROOM_EMAIL}
              </a>
            </p>
          ) : null}
        </section>
      ))}
      <p className="mt-10 flex flex-wrap gap-3">
        <Anchor to="/contact" className="rounded-md border border-neutral-300 px-4 py-2 font-semibold hover:border-brand hover:text-brand dark:border-neutral-700 dark:hover:text-red-400">
          {messages.contact}
        </Anchor>
        <Anchor to="/support" className="rounded-md bg-brand px-4 py-2 font-semibold text-white hover:opacity-90">
          {messages.supportUs}
        </Anchor>
      </p>
    </article>
  );
}
