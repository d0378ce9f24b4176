import type { ReactNode } from "react";
import { Anchor } from "~/components/i18n/anchor";

/**
 * The panel a reader page shows in place of what it could not find or load: a heading, a sentence,
 * whatever the page offers instead (`children`), and the way home.
 */
export function NotFoundPanel({
  title,
  text,
  alert = false,
  homeLabel,
  eyebrow,
  children,
}: {
  title: string;
  text?: string;
  /** Announce the sentence at once (a section page's failures, docs/product.md#category, are read as errors). */
  alert?: boolean;
  homeLabel: string;
  /** A large line above the heading, such as the status code. */
  eyebrow?: string;
  children?: ReactNode;
}) {
  return (
    <section className="mx-auto max-w-2xl py-16 text-center">
      {eyebrow ? <p className="text-6xl font-black text-brand">{eyebrow}</p> : null}
      <h1 className={`text-3xl font-bold ${eyebrow ? "mt-4" : ""}`}>{title}</h1>
      {text ? (
        <p role={alert ? "alert" : undefined} className="mt-3 text-lg text-neutral-700 dark:text-neutral-300">
          {text}
        </p>
      ) : null}
      {children}
      <Anchor to="/" className="mt-8 inline-block rounded-md bg-brand px-5 py-2.5 font-semibold text-white hover:opacity-90">
        {homeLabel}
      </Anchor>
    </section>
  );
}
