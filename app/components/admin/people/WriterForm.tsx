import { FieldListForm } from "~/components/admin/FieldListForm";
import type { FieldSpec, FieldValues, SubmitOutcome } from "~/components/admin/fields";
import type { Writer } from "~/lib/api-types";
import { formatMessage } from "~/lib/format-message";
import { useMessages } from "~/components/i18n/i18n";
import type { Catalog } from "~/lib/i18n";
import { useAdminWrite } from "./use-admin-write";
import { BIO_MAX, EMAIL_MAX, NAME_MAX } from "~/lib/limits";

const fieldsIn = (messages: Catalog): readonly FieldSpec[] => [
  { name: "name", label: messages.fieldName, required: true, maxLength: NAME_MAX },
  { name: "email", label: messages.fieldEmail, type: "email", required: true, maxLength: EMAIL_MAX },
  { name: "bio", label: messages.fieldBio, type: "textarea", maxLength: BIO_MAX, hint: messages.bioHint, wide: true },
];

interface WriterFormProps {
  /** The writer being edited, or null to add one. */
  editing: Writer | null;
  /** After an edit is saved or cancelled. */
  onDone: () => void;
}

/** SPEC 2 add/edit form: Name, Email, Bio; SPEC 5 checks name and e-mail before anything is sent. */
export function WriterForm({ editing, onDone }: WriterFormProps) {
  const messages = useMessages();
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
      fields={fieldsIn(messages)}
      initialValues={editing ? { name: editing.name, email: editing.email, bio: editing.bio ?? "" } : undefined}
      submitLabel={editing ? messages.updateWriter : messages.addWriter}
      onSubmit={save}
      onCancel={editing ? onDone : undefined}
      focusOnMount={editing !== null}
    />
  );
}
