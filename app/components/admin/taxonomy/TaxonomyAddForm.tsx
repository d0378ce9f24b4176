import { useId, useRef, useState } from "react";
import { buttonClass, inputClass } from "~/components/admin/people/AdminTable";
import { useAdminWrite } from "~/components/admin/people/use-admin-write";
import { useHydrated } from "~/components/admin/use-hydrated";
import { messages } from "~/lib/messages";
import type { TaxonomyKind } from "./kinds";

/** The add form at the top of the categories and tags screens. */
export function TaxonomyAddForm({ kind }: { kind: TaxonomyKind }) {
  const write = useAdminWrite();
  const hydrated = useHydrated();
  const ids = { heading: useId(), name: useId(), slug: useId(), slugHint: useId(), description: useId(), error: useId() };
  const nameField = useRef<HTMLInputElement>(null);
  const [name, setName] = useState("");
  const [slug, setSlug] = useState("");
  const [description, setDescription] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const checked = await kind.validate({ name, slug, ...(kind.withDescription ? { description } : {}) });
    if (!checked.ok) {
      setError(checked.message);
      nameField.current?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    const result = await write(kind.endpoint, { method: "POST", json: checked.values }, {
      success: kind.texts.created,
      failure: kind.texts.createFailed,
    });
    setBusy(false);
    if (result.ok) {
      setName("");
      setSlug("");
      setDescription("");
      // Ready for the next one.
      nameField.current?.focus();
    }
  }

  return (
    <form
      noValidate
      aria-labelledby={ids.heading}
      onSubmit={(event) => void submit(event)}
      className="mt-6 rounded-lg bg-white p-5 shadow-sm dark:bg-neutral-900"
    >
      <h2 id={ids.heading} className="text-lg font-bold">
        {kind.texts.addHeading}
      </h2>
      {error ? (
        <p id={ids.error} role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          {error}
        </p>
      ) : null}
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <div>
          <label htmlFor={ids.name} className="mb-1 block text-sm font-medium">
            {messages.fieldName}
          </label>
          <input
            ref={nameField}
            id={ids.name}
            className={inputClass}
            value={name}
            onChange={(event) => setName(event.target.value)}
            aria-required="true"
            maxLength={200}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? ids.error : undefined}
          />
        </div>
        <div>
          <label htmlFor={ids.slug} className="mb-1 block text-sm font-medium">
            {messages.articleSlug}
          </label>
          <input
            id={ids.slug}
            className={`${inputClass} font-mono`}
            value={slug}
            onChange={(event) => setSlug(event.target.value)}
            maxLength={200}
            autoCapitalize="off"
            spellCheck={false}
            aria-describedby={ids.slugHint}
          />
          <p id={ids.slugHint} className="mt-1 text-xs text-neutral-600 dark:text-neutral-400">
            {messages.slugOptionalHint}
          </p>
        </div>
        {kind.withDescription ? (
          <div className="md:col-span-2">
            <label htmlFor={ids.description} className="mb-1 block text-sm font-medium">
              {messages.fieldDescription}
            </label>
            <textarea
              id={ids.description}
              className={`${inputClass} min-h-20`}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              maxLength={2000}
            />
          </div>
        ) : null}
      </div>
      <button type="submit" disabled={busy || !hydrated} className={`${buttonClass.primary} mt-4`}>
        {busy ? messages.pleaseWait : kind.texts.add}
      </button>
    </form>
  );
}
