import type { MessageKey } from "~/lib/messages";
import { inputClass } from "~/components/admin/table/AdminTable";
import { LANGUAGES, type Language } from "~/lib/limits";
import type { Catalog } from "~/lib/i18n";
import { formatMessage } from "~/lib/format-message";
import { languageNameIn } from "~/lib/language-names";
import { languageConfig } from "~/lib/languages";
import { perLanguageKey } from "~/lib/language-texts";

/** One value of a back-office form, described once for the add form and for the inline-edit row. */
export interface FieldSpec {
  name: string;
  label: string;
  type?: "text" | "email" | "textarea" | "select";
  options?: readonly { value: string; label: string }[];
  maxLength?: number;
  /** Marked for assistive technology; the check itself is the shared zod schema's. */
  required?: boolean;
  /** One of the fields sharing its `column` must be filled: marked invalid with them when none is. */
  oneRequired?: boolean;
  hint?: string;
  /** Slugs: typed as they are stored. */
  mono?: boolean;
  /** Takes the whole width of the add form. */
  wide?: boolean;
  /** Keeps a table cell from squeezing the control (a Tailwind min-w class). */
  minWidth?: string;
  /** The language of a text typed in one language: spelling and keyboards follow it. */
  lang?: Language;
  /** The table column it is edited in, where that column holds more than one field (a name in each language). */
  column?: string;
}

export type FieldValues = Record<string, string>;

/** What a submit came to: a validation message to show, or whether the server took the write. */
/** `invalid` is the catalog key of what is wrong, worded where it is shown. */
export type SubmitOutcome = { invalid: MessageKey } | { ok: boolean };

/**
 * One field per language of the site for a text the editors give in each (`name_en`, `name_ne`),
 * the interface's language first, each labelled by `labelTemplate` ('Name in {language}') with
 * the language named in `messages`; in a table they share the column `field.label`.
 */
export function perLanguage(field: FieldSpec, labelTemplate: string, messages: Catalog, first: Language): FieldSpec[] {
  const order = [first, ...LANGUAGES.filter((language) => language !== first)];
  return order.map((language, index) => ({
    ...field,
    name: perLanguageKey(field.name, language),
    label: formatMessage(labelTemplate, { language: languageNameIn(messages, language) }),
    lang: language,
    column: field.label,
    required: false,
    oneRequired: field.required,
    // Said once, under the first of them.
    hint: index === 0 ? field.hint : undefined,
  }));
}

/** Whether a refused submit marks `field` as the one to correct. */
export const mustBeFilled = (field: FieldSpec) => field.required === true || field.oneRequired === true;

export const emptyValues = (fields: readonly FieldSpec[]): FieldValues => Object.fromEntries(fields.map((field) => [field.name, ""]));

/** The first control of a form or row, where the keyboard goes when it opens or a value is refused. */
export function focusFirstControl(container: HTMLElement | null) {
  const first = container?.querySelector("input, textarea, select");
  if (first instanceof HTMLInputElement) first.select();
  else if (first instanceof HTMLElement) first.focus();
}

interface FieldControlProps {
  field: FieldSpec;
  value: string;
  onChange: (value: string) => void;
  id?: string;
  /** The form the control belongs to when it cannot sit inside it (a table row). */
  form?: string;
  /** A table cell has no room for a visible label. */
  "aria-label"?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}

export function FieldControl({ field, value, onChange, ...attributes }: FieldControlProps) {
  const common = {
    ...attributes,
    lang: field.lang && languageConfig(field.lang).tag,
    value,
    maxLength: field.maxLength,
    "aria-required": field.required || undefined,
    className: `${inputClass} ${field.mono ? "font-mono" : ""} ${field.type === "textarea" ? "min-h-24" : ""} ${field.minWidth ?? ""}`,
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => onChange(event.target.value),
  };
  if (field.type === "textarea") return <textarea {...common} />;
  if (field.type === "select") {
    return (
      <select {...common}>
        {field.options?.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  }
  return (
    <input
      {...common}
      type={field.type === "email" ? "email" : "text"}
      autoCapitalize={field.mono ? "off" : undefined}
      spellCheck={field.mono ? false : undefined}
    />
  );
}
