import { useId, useState } from "react";
import { apiRequest } from "~/lib/api-client";
import { useLocale, useLocalizePath, useMessages } from "~/contexts/i18n";
import { ISLAND_SENDS_ATTRIBUTE } from "~/lib/island-markers";
import { LANGUAGES } from "~/lib/limits";
import { ListChoices } from "./ListChoices";

/** The editions' lists, which every page knows; the topic lists are on the /newsletter page. */
const EDITION_LISTS = LANGUAGES.map((language) => ({ list: language, kind: "edition" as const, language }));

/** docs/product.md#limits-and-constants: the subscribing state lasts about 1.2 s, so the reader sees that something happened. */
const NEWSLETTER_DELAY_MS = 1200;

type State = { step: "idle"; error: string | null } | { step: "subscribing" } | { step: "subscribed"; email: string };

/**
 * Newsletter form (docs/product.md#newsletter): idle → subscribing → subscribed, and 'Subscribe another email' back to
 * idle. The sign-up starts the double opt-in (POST /api/newsletter, issue 40): the reader picks the editions, and
 * the confirmation is mailed. In a browser without scripts the form posts to the /newsletter page, which does the
 * same; with scripts still on their way, the sign-up waits for them (ISLAND_SENDS_ATTRIBUTE).
 */
export function Newsletter({ className = "" }: { className?: string }) {
  const messages = useMessages();
  const [state, setState] = useState<State>({ step: "idle", error: null });
  const [email, setEmail] = useState("");
  const locale = useLocale();
  const localize = useLocalizePath();
  const [lists, setLists] = useState<string[]>([locale]);
  const id = useId();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    // The schemas (and zod) load on first submit, keeping them off every page's critical path.
    const { firstMessage, newsletterSchema } = await import("~/lib/schemas");
    const parsed = newsletterSchema.safeParse({ email, lists, language: locale });
    if (!parsed.success) {
      setState({ step: "idle", error: messages[firstMessage(parsed.error)] });
      return;
    }
    setState({ step: "subscribing" });
    const [result] = await Promise.all([
      apiRequest("/api/newsletter", { method: "POST", json: parsed.data }),
      new Promise((resolve) => setTimeout(resolve, NEWSLETTER_DELAY_MS)),
    ]);
    if (result.ok) setState({ step: "subscribed", email: parsed.data.email });
    else setState({ step: "idle", error: result.error ?? messages.newsletterFailed });
  }

  return (
    <section aria-labelledby={`${id}-title`} className={`rounded-lg bg-neutral-900 p-6 text-white dark:bg-neutral-800 ${className}`}>
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {messages.newsletterTitle}
      </h2>
      <p className="mt-1 text-sm text-neutral-300">{messages.newsletterText}</p>
      {state.step === "subscribed" ? (
        <div className="mt-4" role="status">
          <p className="font-semibold text-green-300">{messages.newsletterThanks}</p>
          <p className="mt-1 text-sm text-neutral-200">{messages.newsletterCheckInbox}</p>
          <button
            type="button"
            className="mt-2 text-sm underline"
            onClick={() => {
              setEmail("");
              setState({ step: "idle", error: null });
            }}
          >
            {messages.newsletterAnother}
          </button>
        </div>
      ) : (
        <form
          onSubmit={submit}
          method="post"
          action={localize("/newsletter")}
          {...{ [ISLAND_SENDS_ATTRIBUTE]: "" }}
          noValidate
          className="mt-4 flex flex-col gap-3"
        >
          <ListChoices lists={EDITION_LISTS} checked={lists} onChange={setLists} tone="dark" />
          <div className="flex flex-col gap-2 sm:flex-row">
            <label htmlFor={`${id}-email`} className="sr-only">
              {messages.emailAddress}
            </label>
            <input
              id={`${id}-email`}
              type="email"
              name="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              placeholder={messages.newsletterPlaceholder}
              aria-invalid={state.step === "idle" && state.error !== null}
              aria-describedby={state.step === "idle" && state.error ? `${id}-error` : undefined}
              className="min-w-0 flex-1 rounded-md border border-neutral-600 bg-neutral-800 px-3 py-2 text-white placeholder:text-neutral-400 focus:border-white focus:outline-none focus:ring-2 focus:ring-white/70 dark:bg-neutral-900"
            />
            <button
              type="submit"
              disabled={state.step === "subscribing"}
              className="rounded-md bg-brand px-4 py-2 font-semibold text-white hover:opacity-90 disabled:opacity-60"
            >
              {state.step === "subscribing" ? messages.subscribing : messages.subscribe}
            </button>
          </div>
          <a href={localize("/newsletter")} className="text-sm text-neutral-200 underline">
            {messages.newsletterMoreLists}
          </a>
        </form>
      )}
      {state.step === "idle" && state.error ? (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-red-300">
          {state.error}
        </p>
      ) : null}
    </section>
  );
}
