import { errorClass, fieldClass, hintClass, labelClass, sectionClass } from "~/components/admin/article-form/styles";
import { useMessages } from "~/contexts/i18n";
import { TagChoices, withTag } from "~/components/admin/TagChoices";
import type { DocumentDetailJson, Tag } from "~/lib/api-types";
import { formatMessage } from "~/lib/format-message";
import { languageNameIn } from "~/lib/language-names";
import { languageConfig } from "~/lib/languages";
import { LANGUAGES, type Language } from "~/lib/limits";

const TEXTS = ["title", "description", "source"] as const;
type TextField = `${(typeof TEXTS)[number]}_${Language}`;

/** What a document says of itself, as its forms hold it: texts per language, its date, its tags. */
export interface DocumentDetails {
  texts: Record<TextField, string>;
  date: string;
  tags: number[];
}

const textFields = (): TextField[] => LANGUAGES.flatMap((language) => TEXTS.map((text) => `${text}_${language}` as const));

export const emptyDetails = (): DocumentDetails => ({
  texts: Object.fromEntries(textFields().map((field) => [field, ""])) as Record<TextField, string>,
  date: "",
  tags: [],
});

/** A document's details as they stand, to be edited. */
export const detailsOf = (document: DocumentDetailJson): DocumentDetails => ({
  texts: Object.fromEntries(textFields().map((field) => [field, (document[field as keyof DocumentDetailJson] as string | null) ?? ""])) as Record<TextField, string>,
  date: document.date ?? "",
  tags: document.tags.map((tag) => tag.id),
});

/** Whether a title is given in some language (the server asks the same). */
export const hasTitle = (details: DocumentDetails): boolean => LANGUAGES.some((language) => (details.texts[`title_${language}`] ?? "").trim() !== "");

/** The texts that are filled in, as the API's fields (an empty one is left out: it is cleared). */
export const filledTexts = (details: DocumentDetails): [TextField, string][] =>
  (Object.entries(details.texts) as [TextField, string][]).filter(([, value]) => value.trim() !== "");

/** The id of the first language's title field, where a missing title is shown and focused. */
export const firstTitleId = (id: string) => `${id}-title_${LANGUAGES[0]}`;

/**
 * The fields of a document's details, for its upload and its edit: each language's title,
 * description and source line, the date it bears and its tags. A refusal of the title or the tags
 * is said beside them.
 */
export function DocumentDetailsFields({
  id,
  tags,
  value,
  onChange,
  errors,
}: {
  id: string;
  tags: Tag[];
  value: DocumentDetails;
  onChange: (change: (details: DocumentDetails) => DocumentDetails) => void;
  errors: { title?: string; tags?: string };
}) {
  const messages = useMessages();
  const firstLanguage = LANGUAGES[0]!;
  const setText = (field: TextField, text: string) => onChange((details) => ({ ...details, texts: { ...details.texts, [field]: text } }));
  const errorOf = (field: "title" | "tags") =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} role="alert" className={errorClass} data-error-for={field}>
        {errors[field]}
      </p>
    ) : null;

  return (
    <>
      {LANGUAGES.map((language) => {
        const { tag } = languageConfig(language);
        const name = languageNameIn(messages, language);
        const titleError = language === firstLanguage && errors.title;
        return (
          <fieldset key={language} className={sectionClass}>
            <legend className="sr-only">{name}</legend>
            <div className="space-y-4">
              <div>
                <label htmlFor={`${id}-title_${language}`} className={labelClass}>
                  {formatMessage(messages.documentTitleIn, { language: name })}
                </label>
                <input
                  id={`${id}-title_${language}`}
                  name={`title_${language}`}
                  lang={tag}
                  value={value.texts[`title_${language}`] ?? ""}
                  onChange={(event) => setText(`title_${language}`, event.target.value)}
                  aria-invalid={titleError ? true : undefined}
                  aria-describedby={`${id}-title-hint${titleError ? ` ${id}-title-error` : ""}`}
                  className={fieldClass}
                />
                {language === firstLanguage ? (
                  <>
                    <p id={`${id}-title-hint`} className={hintClass}>
                      {messages.documentTitleHint}
                    </p>
                    {errorOf("title")}
                  </>
                ) : null}
              </div>
              <div>
                <label htmlFor={`${id}-description_${language}`} className={labelClass}>
                  {formatMessage(messages.documentDescriptionIn, { language: name })}
                </label>
                <textarea
                  id={`${id}-description_${language}`}
                  name={`description_${language}`}
                  lang={tag}
                  rows={3}
                  value={value.texts[`description_${language}`] ?? ""}
                  onChange={(event) => setText(`description_${language}`, event.target.value)}
                  className={fieldClass}
                />
              </div>
              <div>
                <label htmlFor={`${id}-source_${language}`} className={labelClass}>
                  {formatMessage(messages.documentSourceIn, { language: name })}
                </label>
                <input
                  id={`${id}-source_${language}`}
                  name={`source_${language}`}
                  lang={tag}
                  value={value.texts[`source_${language}`] ?? ""}
                  onChange={(event) => setText(`source_${language}`, event.target.value)}
                  aria-describedby={`${id}-source-hint`}
                  className={fieldClass}
                />
                {language === firstLanguage ? (
                  <p id={`${id}-source-hint`} className={hintClass}>
                    {messages.documentSourceHint}
                  </p>
                ) : null}
              </div>
            </div>
          </fieldset>
        );
      })}

      <section className={`${sectionClass} space-y-4`}>
        <div>
          <label htmlFor={`${id}-date`} className={labelClass}>
            {messages.documentDateLabel}
          </label>
          <input
            id={`${id}-date`}
            name="date"
            type="date"
            value={value.date}
            onChange={(event) => onChange((details) => ({ ...details, date: event.target.value }))}
            className={`${fieldClass} sm:max-w-xs`}
          />
        </div>
        {tags.length > 0 ? (
          <TagChoices
            legend={messages.documentTagsLabel}
            legendId={`${id}-tags`}
            tags={tags}
            chosen={value.tags}
            onToggle={(tagId, checked) => onChange((details) => ({ ...details, tags: withTag(details.tags, tagId, checked) }))}
            error={errorOf("tags")}
            errorId={`${id}-tags-error`}
          />
        ) : null}
      </section>
    </>
  );
}
