import { useEffect, useId, useRef, useState } from "react";
import type { Writer } from "~/lib/api-types";
import { formatMessage } from "~/lib/format-message";
import { messages } from "~/lib/messages";
import { buttonClass, inputClass } from "./AdminTable";
import { useAdminWrite } from "./use-admin-write";

interface WriterFormProps {
  /** The writer being edited, or null to add one. */
  editing: Writer | null;
  onSaved: () => void;
  onCancel: () => void;
}

/** SPEC 2 add/edit form: Name, Email, Bio; SPEC 5 checks name and e-mail before anything is sent. */
export function WriterForm({ editing, onSaved, onCancel }: WriterFormProps) {
  const write = useAdminWrite();
  const ids = { heading: useId(), name: useId(), email: useId(), bio: useId(), bioHint: useId(), error: useId() };
  const nameField = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const [name, setName] = useState(editing?.name ?? "");
  const [email, setEmail] = useState(editing?.email ?? "");
  const [bio, setBio] = useState(editing?.bio ?? "");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Edit is pressed in the table, possibly far below: bring the filled form to the editor.
  useEffect(() => {
    if (!editing) return;
    form.current?.scrollIntoView({ block: "start", behavior: "smooth" });
    nameField.current?.focus({ preventScroll: true });
  }, [editing]);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const { writerSchema, firstMessage } = await import("~/lib/schemas");
    const parsed = writerSchema.safeParse({ name, email, bio });
    if (!parsed.success) {
      setError(firstMessage(parsed.error));
      nameField.current?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    const result = editing
      ? await write(`/api/writers/${editing.id}`, { method: "PUT", json: parsed.data }, {
          success: messages.writerUpdated,
          failure: messages.writerUpdateFailed,
        })
      : await write("/api/writers", { method: "POST", json: parsed.data }, {
          success: messages.writerCreated,
          failure: messages.writerCreateFailed,
        });
    setBusy(false);
    if (result.ok) onSaved();
  }

  const describedBy = error ? ids.error : undefined;
  return (
    <form
      ref={form}
      noValidate
      aria-labelledby={ids.heading}
      onSubmit={(event) => void submit(event)}
      className="mt-6 scroll-mt-4 rounded-lg bg-white p-5 shadow-sm dark:bg-neutral-900"
    >
      <h2 id={ids.heading} className="text-lg font-bold">
        {editing ? formatMessage(messages.editWriterHeading, { name: editing.name }) : messages.addWriterHeading}
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
            required
            maxLength={200}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
          />
        </div>
        <div>
          <label htmlFor={ids.email} className="mb-1 block text-sm font-medium">
            {messages.fieldEmail}
          </label>
          <input
            id={ids.email}
            type="email"
            className={inputClass}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            required
            maxLength={320}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
          />
        </div>
        <div className="md:col-span-2">
          <label htmlFor={ids.bio} className="mb-1 block text-sm font-medium">
            {messages.fieldBio}
          </label>
          <textarea
            id={ids.bio}
            className={`${inputClass} min-h-24`}
            value={bio}
            onChange={(event) => setBio(event.target.value)}
            maxLength={5000}
            aria-describedby={ids.bioHint}
          />
          <p id={ids.bioHint} className="mt-1 text-xs text-neutral-500">
            {messages.bioHint}
          </p>
        </div>
      </div>
      <div className="mt-4 flex gap-3">
        <button type="submit" disabled={busy} className={buttonClass.primary}>
          {busy ? messages.pleaseWait : editing ? messages.updateWriter : messages.addWriter}
        </button>
        {editing ? (
          <button type="button" className={`${buttonClass.secondary} px-4 py-2`} onClick={onCancel}>
            {messages.cancel}
          </button>
        ) : null}
      </div>
    </form>
  );
}
