/** The look of the article form's controls, in one place so that every field matches. */
const focusRing = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand";

export const fieldClass =
  "mt-1 block w-full rounded-md border border-neutral-300 bg-white px-3 py-2 text-base text-neutral-900 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 aria-[invalid=true]:border-red-600 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100 dark:aria-[invalid=true]:border-red-400";

export const labelClass = "block text-sm font-semibold";

export const hintClass = "mt-1 text-sm text-neutral-600 dark:text-neutral-400";

export const errorClass = "mt-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200";

export const sectionClass = "rounded-lg bg-white p-4 shadow-sm sm:p-5 dark:bg-neutral-900";

export const primaryButton = `inline-flex items-center justify-center rounded-md bg-brand px-5 py-2 font-semibold text-white hover:opacity-90 disabled:opacity-60 ${focusRing}`;

export const secondaryButton = `inline-flex items-center justify-center rounded-md border border-neutral-300 bg-white px-4 py-2 font-medium text-neutral-900 hover:bg-neutral-100 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100 dark:hover:bg-neutral-800 ${focusRing}`;

export const smallButton = `inline-flex items-center justify-center rounded-md border border-neutral-300 px-2.5 py-1.5 text-sm font-medium hover:bg-neutral-100 disabled:cursor-not-allowed disabled:opacity-40 dark:border-neutral-700 dark:hover:bg-neutral-800 ${focusRing}`;

export const dangerSmallButton = `inline-flex items-center justify-center rounded-md border border-red-300 px-2.5 py-1.5 text-sm font-medium text-red-800 hover:bg-red-50 dark:border-red-900 dark:text-red-300 dark:hover:bg-red-950 ${focusRing}`;
