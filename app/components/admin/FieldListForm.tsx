import { useEffect, useId, useRef, useState } from "react";
import { buttonClass } from "~/components/admin/table/AdminTable";
import { valuesTypedEarly } from "~/components/admin/typed-before-hydration";
import { useHydrated } from "~/components/admin/use-hydrated";
import { useMessages } from "~/contexts/i18n";
import { FieldControl, type FieldSpec, type FieldValues, type SubmitOutcome, emptyValues, focusFirstControl, mustBeFilled } from "./fields";

interface FieldListFormProps {
  heading: string;
  fields: readonly FieldSpec[];
  /** The values of the record being edited; an add form starts empty. */
  initialValues?: FieldValues;
  submitLabel: string;
  onSubmit: (values: FieldValues) => Promise<SubmitOutcome>;
  /** Given when the form can be left (an edit): shows a Cancel button. */
  onCancel?: () => void;
  /** Scrolls the form into view and focuses it: its Edit button may be far below. */
  focusOnMount?: boolean;
}

/**
 * The add/edit card of the writers, categories and tags screens: labelled fields in a grid, the
 * validation message above them, and an empty form again after a successful save.
 */
export function FieldListForm({ heading, fields, initialValues, submitLabel, onSubmit, onCancel, focusOnMount = false }: FieldListFormProps) {
  const messages = useMessages();
  const hydrated = useHydrated();
  const idPrefix = useId();
  const form = useRef<HTMLFormElement>(null);
  const startValues = { ...emptyValues(fields), ...initialValues };
  const [values, setValues] = useState<FieldValues>(startValues);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const idOf = (name: string) => `${idPrefix}-${name}`;

  // See typed-before-hydration: the first save sends a name typed while the scripts were loading.
  useEffect(() => {
    const typed = valuesTypedEarly(
      Object.fromEntries(fields.map((field) => [field.name, idOf(field.name)])),
      Object.fromEntries(fields.map((field) => [field.name, startValues[field.name] ?? ""])),
    );
    if (typed.length > 0) setValues((current) => ({ ...current, ...Object.fromEntries(typed) }));
  }, []);

  useEffect(() => {
    if (!focusOnMount) return;
    form.current?.scrollIntoView({ block: "start", behavior: "smooth" });
    form.current?.querySelector("input")?.focus({ preventScroll: true });
  }, [focusOnMount]);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    const outcome = await onSubmit(values);
    setBusy(false);
    if ("invalid" in outcome) {
      setError(messages[outcome.invalid]);
      focusFirstControl(form.current);
      return;
    }
    setError(null);
    if (outcome.ok) {
      // Ready for the next one.
      setValues(startValues);
      focusFirstControl(form.current);
    }
  }

  return (
    <form
      ref={form}
      noValidate
      aria-labelledby={idOf("heading")}
      onSubmit={(event) => void submit(event)}
      className="mt-6 scroll-mt-4 rounded-lg bg-white p-5 shadow-sm dark:bg-neutral-900"
    >
      <h2 id={idOf("heading")} className="text-lg font-bold">
        {heading}
      </h2>
      {error ? (
        <p id={idOf("error")} role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          {error}
        </p>
      ) : null}
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        {fields.map((field) => {
          const invalid = error !== null && mustBeFilled(field);
          const describedBy = [invalid ? idOf("error") : null, field.hint ? idOf(`${field.name}-hint`) : null].filter(Boolean).join(" ");
          return (
            <div key={field.name} className={field.wide ? "md:col-span-2" : undefined}>
              <label htmlFor={idOf(field.name)} className="mb-1 block text-sm font-medium">
                {field.label}
              </label>
              <FieldControl
                field={field}
                id={idOf(field.name)}
                value={values[field.name] ?? ""}
                onChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
                aria-invalid={invalid || undefined}
                aria-describedby={describedBy || undefined}
              />
              {field.hint ? (
                <p id={idOf(`${field.name}-hint`)} className="mt-1 text-xs text-neutral-600 dark:text-neutral-400">
                  {field.hint}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      <div className="mt-4 flex gap-3">
        <button type="submit" disabled={busy || !hydrated} className={buttonClass.primary}>
          {busy ? messages.pleaseWait : submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className={`${buttonClass.secondary} px-4 py-2`} onClick={onCancel}>
            {messages.cancel}
          </button>
        ) : null}
      </div>
    </form>
  );
}
