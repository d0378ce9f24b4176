/** The frame of the newsletter's own pages (sign-up, confirm, manage, leave): a heading, a lead, then the form or the outcome. */
export function NewsletterPanel({ title, lead, children }: { title: string; lead?: string; children?: React.ReactNode }) {
  return (
    <section aria-labelledby="newsletter-page-title" className="mx-auto max-w-xl">
      <h1 id="newsletter-page-title" className="text-3xl font-black">
        {title}
      </h1>
      {lead ? <p className="mt-3 text-lg leading-relaxed text-neutral-700 dark:text-neutral-300">{lead}</p> : null}
      <div className="mt-6">{children}</div>
    </section>
  );
}

export const buttonClass =
  "rounded-md bg-brand px-4 py-2 font-semibold text-white hover:opacity-90 focus:outline-none focus:ring-2 focus:ring-brand/60 focus:ring-offset-2 dark:focus:ring-offset-neutral-950";
export const secondaryButtonClass =
  "rounded-md border border-neutral-300 px-4 py-2 font-semibold text-neutral-800 hover:bg-neutral-100 dark:border-neutral-700 dark:text-neutral-100 dark:hover:bg-neutral-900";

export function FormError({ id, message }: { id: string; message: string | null }) {
  return message ? (
    <p id={id} role="alert" className="mt-3 text-sm font-semibold text-red-700 dark:text-red-400">
      {message}
    </p>
  ) : null;
}

export function Notice({ children }: { children: React.ReactNode }) {
  return (
    <p role="status" className="rounded-md bg-green-50 px-4 py-3 font-semibold text-green-900 dark:bg-green-950 dark:text-green-200">
      {children}
    </p>
  );
}
