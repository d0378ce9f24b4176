import { type FormEvent, useId, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { revalidateLatest } from "~/components/admin/revalidate-latest";
import { buttonClass, inputClass } from "~/components/admin/table/AdminTable";
import { useHydrated } from "~/components/admin/use-hydrated";
import { useMessages } from "~/contexts/i18n";
import { useNotify } from "~/components/notifications/notifications";
import { apiRequest } from "~/lib/api-client";

type Field = "current" | "new" | "again";

/** Which field a refusal of the server is about, by its code; the message is the server's own. */
const fieldOfCode = (code: string | null): Field => (code === "current_password_incorrect" || code === "too_many_requests" ? "current" : "new");

/**
 * The user's own password: the current one, then the new one twice. The server judges whether the
 * new one is too easy to guess and says why, in the page's language; on success every other
 * session has ended, so the sessions list is read again.
 */
export function ChangePasswordForm() {
  const messages = useMessages();
  const hydrated = useHydrated();
  const notify = useNotify();
  const revalidator = useRevalidator();
  const id = useId();
  const inputs = { current: useRef<HTMLInputElement>(null), new: useRef<HTMLInputElement>(null), again: useRef<HTMLInputElement>(null) };
  const [values, setValues] = useState<Record<Field, string>>({ current: "", new: "", again: "" });
  const [error, setError] = useState<{ field: Field; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  function refuse(field: Field, text: string) {
    setError({ field, text });
    inputs[field].current?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const { firstMessage, passwordChangeSchema } = await import("~/lib/schemas");
    const parsed = passwordChangeSchema.safeParse({ current_password: values.current, new_password: values.new });
    if (!parsed.success) {
      return refuse(parsed.error.issues[0]?.path[0] === "current_password" ? "current" : "new", messages[firstMessage(parsed.error)]);
    }
    if (values.new !== values.again) return refuse("again", messages.newPasswordMismatch);
    setError(null);
    setBusy(true);
    const result = await apiRequest("/api/users/me/password", { method: "PUT", json: parsed.data });
    setBusy(false);
    if (!result.ok) return refuse(fieldOfCode(result.code), result.error ?? messages.passwordChangeFailed);
    setValues({ current: "", new: "", again: "" });
    notify(messages.passwordChanged, "success");
    await revalidateLatest(revalidator);
  }

  const field = (name: Field, label: string, autoComplete: string, hint?: string) => {
    const describedBy = [hint ? `${id}-${name}-hint` : undefined, error?.field === name ? `${id}-error` : undefined].filter(Boolean).join(" ");
    return (
      <div>
        <label htmlFor={`${id}-${name}`} className="block text-sm font-semibold">
          {label}
        </label>
        <input
          ref={inputs[name]}
          id={`${id}-${name}`}
          type="password"
          autoComplete={autoComplete}
          spellCheck={false}
          value={values[name]}
          onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
          aria-describedby={describedBy || undefined}
          aria-invalid={error?.field === name ? true : undefined}
          className={`${inputClass} mt-1`}
        />
        {hint ? (
          <p id={`${id}-${name}-hint`} className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
            {hint}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="mt-10">
      <h2 id={`${id}-heading`} className="text-lg font-bold">
        {messages.changePasswordHeading}
      </h2>
      <p className="mt-1 max-w-2xl text-sm text-neutral-600 dark:text-neutral-400">{messages.changePasswordIntro}</p>
      <form onSubmit={(event) => void submit(event)} noValidate aria-busy={busy} className="mt-4 max-w-md rounded-lg bg-white p-4 shadow-sm sm:p-5 dark:bg-neutral-900">
        {/* Off until hydrated: the change goes through the API, which only the script calls. */}
        <fieldset disabled={!hydrated} className="grid gap-4">
          {field("current", messages.currentPassword, "current-password")}
          {field("new", messages.newPassword, "new-password", messages.passwordHint)}
          {field("again", messages.newPasswordAgain, "new-password")}
        </fieldset>
        {error ? (
          <p id={`${id}-error`} role="alert" className="mt-3 text-sm text-red-700 dark:text-red-300">
            {error.text}
          </p>
        ) : null}
        <button type="submit" disabled={!hydrated} aria-disabled={busy} className={`${buttonClass.primary} mt-4`}>
          {busy ? messages.pleaseWait : messages.changePassword}
        </button>
      </form>
    </section>
  );
}
