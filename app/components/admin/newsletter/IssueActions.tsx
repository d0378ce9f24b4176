import { useState } from "react";
import { useRevalidator } from "react-router";
import { ConfirmDialog } from "~/components/admin/ConfirmDialog";
import { revalidateLatest } from "~/components/admin/revalidate-latest";
import { buttonClass, inputClass } from "~/components/admin/table/AdminTable";
import { useMessages } from "~/contexts/i18n";
import { apiRequest } from "~/lib/api-client";
import { fromNepalLocalInput } from "~/lib/dates";
import { formatMessage } from "~/lib/format-message";
import type { IssueView } from "~/server/newsletter/issues";

/** Try the issue on oneself, then send it now (after asking) or at a time given in Nepal time. */
export function IssueActions({ issue }: { issue: IssueView }) {
  const messages = useMessages();
  const revalidator = useRevalidator();
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [at, setAt] = useState("");
  const open = issue.status === "draft" || issue.status === "scheduled";

  async function run(path: string, json: unknown, success: (data: Record<string, string>) => string) {
    setBusy(true);
    setNotice(null);
    const result = await apiRequest<Record<string, string>>(path, { method: "POST", json });
    setBusy(false);
    if (!result.ok) return setNotice({ text: result.error ?? messages.newsletterActionFailed, error: true });
    setNotice({ text: success(result.data), error: false });
    await revalidateLatest(revalidator);
  }

  const sendTest = () => run(`/api/newsletter/issues/${issue.id}/test`, {}, (data) => formatMessage(messages.newsletterTestSent, { email: data.sent_to ?? "" }));
  const sendNow = async () => {
    setConfirming(false);
    await run(`/api/newsletter/issues/${issue.id}/send`, {}, () => messages.newsletterStatusSending);
  };
  const schedule = (event: React.FormEvent) => {
    event.preventDefault();
    const instant = fromNepalLocalInput(at);
    if (!instant) return setNotice({ text: messages.issueSendTimeInvalid, error: true });
    void run(`/api/newsletter/issues/${issue.id}/send`, { at: instant }, () => messages.newsletterStatusScheduled);
  };

  return (
    <div className="space-y-4">
      <button type="button" className={buttonClass.secondary} disabled={busy} onClick={sendTest}>
        {messages.newsletterSendTest}
      </button>
      {open ? (
        <>
          <div>
            <button type="button" className={buttonClass.primary} disabled={busy} onClick={() => setConfirming(true)}>
              {messages.newsletterSendNow}
            </button>
          </div>
          <form onSubmit={schedule} className="flex flex-wrap items-end gap-2">
            <label className="block">
              <span className="mb-1 block text-sm font-medium">{messages.newsletterSendAt}</span>
              <input type="datetime-local" value={at} onChange={(event) => setAt(event.target.value)} className={inputClass} />
            </label>
            <button type="submit" className={buttonClass.secondary} disabled={busy || at === ""}>
              {messages.newsletterSchedule}
            </button>
          </form>
        </>
      ) : null}
      {notice ? (
        <p role={notice.error ? "alert" : "status"} className={`text-sm font-medium ${notice.error ? "text-red-700 dark:text-red-400" : ""}`}>
          {notice.text}
        </p>
      ) : null}
      <ConfirmDialog open={confirming} message={messages.newsletterSendConfirm} confirmLabel={messages.newsletterSendNow} busy={busy} onConfirm={sendNow} onCancel={() => setConfirming(false)} />
    </div>
  );
}
