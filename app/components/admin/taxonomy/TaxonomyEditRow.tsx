import { useEffect, useId, useRef, useState } from "react";
import { buttonClass, cellClass, inputClass } from "~/components/admin/people/AdminTable";
import { useAdminWrite } from "~/components/admin/people/use-admin-write";
import { useNotify } from "~/components/notifications/notifications";
import { formatMessage } from "~/lib/format-message";
import { messages } from "~/lib/messages";
import type { TaxonomyItem, TaxonomyKind } from "./kinds";

interface TaxonomyEditRowProps {
  kind: TaxonomyKind;
  item: TaxonomyItem;
  onDone: () => void;
}

/**
 * A row in edit mode. A <form> cannot wrap a table row, so the fields join the form in the
 * actions cell through their `form` attribute: Enter in any field saves, Escape cancels.
 */
export function TaxonomyEditRow({ kind, item, onDone }: TaxonomyEditRowProps) {
  const write = useAdminWrite();
  const notify = useNotify();
  const formId = useId();
  const nameField = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(item.name);
  const [slug, setSlug] = useState(item.slug);
  const [description, setDescription] = useState(item.description ?? "");
  const [invalid, setInvalid] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => nameField.current?.select(), []);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    const checked = await kind.validate({ name, slug, ...(kind.withDescription ? { description } : {}) });
    setInvalid(!checked.ok);
    if (!checked.ok) {
      notify(checked.message, "error");
      nameField.current?.focus();
      return;
    }
    setBusy(true);
    const result = await write(`${kind.endpoint}/${item.id}`, { method: "PUT", json: checked.values }, {
      success: kind.texts.updated,
      failure: kind.texts.updateFailed,
    });
    setBusy(false);
    if (result.ok) onDone();
  }

  return (
    <tr
      className="bg-amber-50/60 dark:bg-neutral-800/60"
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.preventDefault();
          onDone();
        }
      }}
    >
      <td className={cellClass}>
        <input
          ref={nameField}
          form={formId}
          aria-label={messages.fieldName}
          aria-required="true"
          aria-invalid={invalid || undefined}
          className={`${inputClass} min-w-40`}
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={200}
        />
      </td>
      <td className={cellClass}>
        <input
          form={formId}
          aria-label={messages.articleSlug}
          className={`${inputClass} min-w-40 font-mono`}
          value={slug}
          onChange={(event) => setSlug(event.target.value)}
          maxLength={200}
          autoCapitalize="off"
          spellCheck={false}
        />
      </td>
      {kind.withDescription ? (
        <td className={cellClass}>
          <input
            form={formId}
            aria-label={messages.fieldDescription}
            className={`${inputClass} min-w-64`}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            maxLength={2000}
          />
        </td>
      ) : null}
      <td className={cellClass}>
        <form
          id={formId}
          noValidate
          aria-label={formatMessage(messages.editNamed, { name: item.name })}
          onSubmit={(event) => void save(event)}
          className="flex gap-2"
        >
          <button type="submit" disabled={busy} className={`${buttonClass.primary} px-3 py-1.5`}>
            {busy ? messages.pleaseWait : messages.save}
          </button>
          <button type="button" className={buttonClass.secondary} onClick={onDone}>
            {messages.cancel}
          </button>
        </form>
      </td>
    </tr>
  );
}
