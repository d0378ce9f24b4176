import { useEffect, useId, useRef, useState } from "react";
import { ConfirmDialog } from "~/components/admin/ConfirmDialog";
import { useAdminWrite } from "~/components/admin/people/use-admin-write";
import { ActionsCell } from "~/components/admin/RowActions";
import { AdminTable, LoadFailed, buttonClass, cellClass } from "~/components/admin/table/AdminTable";
import { useHydrated } from "~/components/admin/use-hydrated";
import { useLanguage, useMessages, useTranslate } from "~/contexts/i18n";
import type { SessionSummary } from "~/lib/api-types";
import { deviceLabel } from "~/lib/device-label";

/** What the person asked to sign out of, waiting for their confirmation. */
type Ending = { session: SessionSummary } | "others";

/**
 * "Where you're signed in": the user's sessions, newest first, with the one in this browser
 * marked; any other can be signed out, or all of them at once, after a confirmation. Times are
 * to the hour, as the server keeps them.
 */
export function SessionsList({ sessions }: { sessions: readonly SessionSummary[] | null }) {
  const messages = useMessages();
  const translate = useTranslate();
  const { formatDateTime } = useLanguage();
  const hydrated = useHydrated();
  const write = useAdminWrite();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [ending, setEnding] = useState<Ending | null>(null);
  const [busy, setBusy] = useState(false);
  const [backToList, setBackToList] = useState(false);

  // After the dialog has closed (its own effect runs first, returning focus to a button now gone).
  useEffect(() => {
    if (!backToList) return;
    heading.current?.focus();
    setBackToList(false);
  }, [backToList]);

  const others = sessions?.filter((session) => !session.current) ?? [];
  const labelOf = (session: SessionSummary) => deviceLabel(session.device, messages);

  async function confirm() {
    if (!ending) return;
    setBusy(true);
    const result =
      ending === "others"
        ? await write("/api/users/me/sessions", { method: "DELETE" }, { success: messages.sessionsSignedOutOthers, failure: messages.sessionSignOutFailed })
        : await write(`/api/users/me/sessions/${ending.session.id}`, { method: "DELETE" }, { success: messages.sessionSignedOut, failure: messages.sessionSignOutFailed });
    setBusy(false);
    setEnding(null);
    // The button that opened the question went with its row: the keyboard goes back to the list.
    setBackToList(result.ok);
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="mt-8">
      <h2 id={`${id}-heading`} ref={heading} tabIndex={-1} className="text-lg font-bold outline-none">
        {messages.sessionsHeading}
      </h2>
      <p className="mt-1 max-w-2xl text-sm text-neutral-600 dark:text-neutral-400">{messages.sessionsIntro}</p>
      {sessions === null ? (
        <LoadFailed message={messages.sessionsFetchFailed} />
      ) : (
        <>
          <AdminTable caption={messages.sessionsTable} columns={[messages.sessionDevice, messages.sessionSignedIn, messages.sessionLastUsed, messages.fieldActions]}>
            {sessions.map((session) => (
              <tr key={session.id}>
                <th scope="row" className={`${cellClass} font-semibold`}>
                  {labelOf(session)}
                  {session.current ? (
                    <>
                      {" "}
                      <span className="inline-block rounded bg-green-100 px-1.5 py-0.5 text-xs font-semibold text-green-900 dark:bg-green-950 dark:text-green-200">
                        {messages.sessionThisDevice}
                      </span>
                    </>
                  ) : null}
                </th>
                <td data-label={messages.sessionSignedIn} className={`${cellClass} whitespace-nowrap`}>
                  <time dateTime={session.created_at}>{formatDateTime(session.created_at)}</time>
                </td>
                <td data-label={messages.sessionLastUsed} className={`${cellClass} whitespace-nowrap`}>
                  <time dateTime={session.last_used_at}>{formatDateTime(session.last_used_at)}</time>
                </td>
                <ActionsCell>
                  {session.current ? null : (
                    <button
                      type="button"
                      disabled={!hydrated}
                      className={buttonClass.danger}
                      aria-label={translate("sessionSignOutNamed", { device: labelOf(session), time: formatDateTime(session.last_used_at) })}
                      onClick={() => setEnding({ session })}
                    >
                      {messages.sessionSignOut}
                    </button>
                  )}
                </ActionsCell>
              </tr>
            ))}
          </AdminTable>
          {others.length > 0 ? (
            <button type="button" disabled={!hydrated} className={`${buttonClass.danger} mt-4`} onClick={() => setEnding("others")}>
              {messages.sessionsSignOutOthers}
            </button>
          ) : (
            <p className="mt-4 text-sm text-neutral-600 dark:text-neutral-400">{messages.sessionsOnlyThis}</p>
          )}
        </>
      )}
      <ConfirmDialog
        open={ending !== null}
        message={
          ending === "others"
            ? messages.sessionsSignOutOthersQuestion
            : ending
              ? translate("sessionSignOutQuestion", { device: labelOf(ending.session) })
              : ""
        }
        confirmLabel={ending === "others" ? messages.sessionsSignOutOthers : messages.sessionSignOut}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setEnding(null)}
      />
    </section>
  );
}
