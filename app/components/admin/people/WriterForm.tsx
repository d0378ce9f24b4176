import { FieldListForm } from "~/components/admin/FieldListForm";
import { type FieldSpec, type FieldValues, type SubmitOutcome, perLanguage } from "~/components/admin/fields";
import type { Writer } from "~/lib/api-types";
import { fromKeys } from "~/lib/language-texts";
import { formatMessage } from "~/lib/format-message";
import { useLocale, useMessages } from "~/contexts/i18n";
import type { Catalog } from "~/lib/i18n";
import { useAdminWrite } from "./use-admin-write";
import { BIO_MAX, EMAIL_MAX, type Language, NAME_MAX } from "~/lib/limits";

/** The name and the bio in each language side by side, the admin's own language first. */
const fieldsIn = (messages: Catalog, first: Language): readonly FieldSpec[] => [
  ...perLanguage(
    { name: "name", label: messages.fieldName, required: true, maxLength: NAME_MAX, hint: messages.namesHint },
    messages.fieldNameIn,
    messages,
    first,
  ),
  { name: "email", label: messages.fieldEmail, type: "email", required: true, maxLength: EMAIL_MAX, wide: true },
  ...perLanguage(
    { name: "bio", label: messages.fieldBio, type: "textarea", maxLength: BIO_MAX, hint: messages.bioHint },
    messages.fieldBioIn,
    messages,
    first,
  ),
];

const editValuesOf = (writer: Writer): FieldValues => ({ ...fromKeys("name", writer), email: writer.email, ...fromKeys("bio", writer) });

interface WriterFormProps {
  /** The writer being edited, or null to add one. */
  editing: Writer | null;
  /** After an edit is saved or cancelled. */
  onDone: () => void;
}

/** Add/edit form (docs/product.md#writers): Name, Email, Bio (name and bio in each language); docs/product.md#validation-rules checks name and e-mail before anything is sent. */
export function WriterForm({ editing, onDone }: WriterFormProps) {
  const messages = useMessages();
  const locale = useLocale();
  const write = useAdminWrite();

  async function save(values: FieldValues): Promise<SubmitOutcome> {
    const { writerSchema, firstMessage } = await import("~/lib/schemas");
    const parsed = writerSchema.safeParse(values);
    if (!parsed.success) return { invalid: firstMessage(parsed.error) };
    if (!editing) {
      return write("/api/writers", { method: "POST", json: parsed.data }, { success: messages.writerCreated, failure: messages.writerCreateFailed });
    }
    const result = await write(`/api/writers/${editing.id}`, { method: "PUT", json: parsed.data }, {
      success: messages.writerUpdated,
      failure: messages.writerUpdateFailed,
    });
    if (result.ok) onDone();
    return result;
  }

  return (
    <FieldListForm
      heading={editing ? formatMessage(messages.editWriterHeading, { name: editing.name }) : messages.addWriterHeading}
      fields={fieldsIn(messages, locale)}
      initialValues={editing ? editValuesOf(editing) : undefined}
      submitLabel={editing ? messages.updateWriter : messages.addWriter}
      onSubmit={save}
      onCancel={editing ? onDone : undefined}
      focusOnMount={editing !== null}
    />
  );
}
