import { useRevalidator } from "react-router";
import { revalidateLatest } from "~/components/admin/revalidate-latest";
import { useMessages } from "~/contexts/i18n";
import { useHydrated } from "~/components/admin/use-hydrated";
import "./admin-table.css";

/**
 * The look shared by the back office's tables: a card holding a real table, whose rows become
 * stacked cards where the table has too little room for its columns (admin-table.css; cells name
 * their column in data-label).
 */
export const buttonClass = {
  primary:
    "whitespace-nowrap rounded-md bg-brand px-4 py-2 text-sm font-semibold text-white hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:opacity-60",
  secondary:
    "whitespace-nowrap rounded-md border border-neutral-300 px-3 py-1.5 text-sm font-medium hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:cursor-not-allowed disabled:opacity-50 dark:border-neutral-700 dark:hover:bg-neutral-800",
  danger:
    "whitespace-nowrap rounded-md border border-red-300 px-3 py-1.5 text-sm font-medium text-red-800 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent dark:border-red-900 dark:text-red-300 dark:hover:bg-red-950",
} as const;

export const inputClass =
  "w-full rounded-md border border-neutral-300 bg-white px-3 py-2 text-sm text-neutral-900 focus:border-brand focus:outline-2 focus:outline-brand dark:border-neutral-700 dark:bg-neutral-950 dark:text-neutral-100";

export const cellClass = "px-4 py-3 align-top";

interface AdminTableProps {
  /** Names the table for screen readers. */
  caption: string;
  columns: readonly string[];
  /** Many columns: rows turn into cards below 60rem of room instead of 45rem. */
  wide?: boolean;
  children: React.ReactNode;
}

export function AdminTable({ caption, columns, wide = false, children }: AdminTableProps) {
  return (
    <div className={`admin-table-frame ${wide ? "admin-table-frame-wide" : ""} mt-6 overflow-x-auto rounded-lg bg-white shadow-sm dark:bg-neutral-900`}>
      <table className="admin-table w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-neutral-200 bg-neutral-50 text-xs uppercase tracking-wide text-neutral-600 dark:border-neutral-800 dark:bg-neutral-800/50 dark:text-neutral-400">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-3 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-200 dark:divide-neutral-800">{children}</tbody>
      </table>
    </div>
  );
}

/** What a back-office table says in its place when it has no row to show. */
export function EmptyTable({ message }: { message: string }) {
  return <p className="mt-6 rounded-lg bg-white p-6 text-neutral-600 shadow-sm dark:bg-neutral-900 dark:text-neutral-400">{message}</p>;
}

export function PageIntro({ title, intro }: { title: string; intro: string }) {
  return (
    <>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-1 max-w-2xl text-sm text-neutral-600 dark:text-neutral-400">{intro}</p>
    </>
  );
}

/**
 * docs/product.md#messages-and-notifications: a screen that could not be loaded says so instead of showing an empty table, and offers
 * to load it again (the connection may be back), without leaving the admin frame.
 */
export function LoadFailed({ message }: { message: string }) {
  const messages = useMessages();
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const retrying = revalidator.state === "loading";
  return (
    <div className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-md bg-red-50 px-4 py-3 text-red-800 dark:bg-red-950 dark:text-red-200">
      <p role="alert">{message}</p>
      <button
        type="button"
        disabled={!hydrated || retrying}
        onClick={() => void revalidateLatest(revalidator)}
        className="whitespace-nowrap rounded-md border border-red-300 bg-white px-3 py-1.5 text-sm font-medium text-red-800 hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-60 dark:border-red-800 dark:bg-red-950 dark:text-red-200 dark:hover:bg-red-900"
      >
        {retrying ? messages.pleaseWait : messages.tryAgain}
      </button>
    </div>
  );
}
