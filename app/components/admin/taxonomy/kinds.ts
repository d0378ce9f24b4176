import { type FieldSpec, type FieldValues, perLanguage } from "~/components/admin/fields";
import type { Catalog } from "~/lib/i18n";
import type { MessageKey } from "~/lib/messages";
import { type PerLanguageKeys, fromKeys } from "~/lib/language-texts";
import { DESCRIPTION_MAX, type Language, NAME_MAX, SLUG_MAX } from "~/lib/limits";

/**
 * A category or a tag as these screens show it: both have a name in each language and a slug;
 * categories add a description in each. `name` is the one in the admin's language, or the other.
 */
export type TaxonomyItem = { id: number; name: string; slug: string; description?: string } & PerLanguageKeys<"name", string | null> &
  Partial<PerLanguageKeys<"description", string | null>>;

/** What the edit row starts from: each language's own text, empty where the editors gave none. */
export const editValuesOf = (item: TaxonomyItem): FieldValues => ({
  ...fromKeys("name", item),
  slug: item.slug,
  ...fromKeys("description", item),
});

export type Validation = { ok: true; values: object } | { ok: false; message: MessageKey };

const nameFields = (messages: Catalog, first: Language) =>
  perLanguage(
    { name: "name", label: messages.fieldName, required: true, maxLength: NAME_MAX, hint: messages.namesHint, minWidth: "min-w-32" },
    messages.fieldNameIn,
    messages,
    first,
  );
const slugField = (messages: Catalog): FieldSpec => ({ name: "slug", label: messages.articleSlug, mono: true, maxLength: SLUG_MAX, hint: messages.slugOptionalHint, wide: true, minWidth: "min-w-32" });
const descriptionFields = (messages: Catalog, first: Language) =>
  perLanguage(
    { name: "description", label: messages.fieldDescription, type: "textarea", maxLength: DESCRIPTION_MAX, minWidth: "min-w-48" },
    messages.fieldDescriptionIn,
    messages,
    first,
  );

/** What differs between the categories and the tags screens: the endpoint, the texts and the schema. */
export interface TaxonomyKind {
  /** REST collection: POST here, PUT and DELETE at `${endpoint}/{id}`. */
  endpoint: string;
  withDescription: boolean;
  /** In the order of the table's columns. */
  fields: readonly FieldSpec[];
  texts: {
    title: string;
    intro: string;
    addHeading: string;
    add: string;
    empty: string;
    /** Takes `{name}`. */
    confirmDelete: string;
    created: string;
    updated: string;
    deleted: string;
    createFailed: string;
    updateFailed: string;
    deleteFailed: string;
    fetchFailed: string;
  };
  /** The shared schema of docs/product.md#validation-rules, so the browser shows exactly the server's message. */
  schema: "categorySchema" | "tagSchema";
}

export async function validate(kind: TaxonomyKind, values: FieldValues): Promise<Validation> {
  // Imported on submit: zod stays out of the chunks every admin page loads.
  const schemas = await import("~/lib/schemas");
  const parsed = schemas[kind.schema].safeParse(values);
  return parsed.success ? { ok: true, values: parsed.data } : { ok: false, message: schemas.firstMessage(parsed.error) };
}

/** The categories screen, worded in `messages`, the fields of the admin's `language` first. */
export const categoryKind = (messages: Catalog, language: Language): TaxonomyKind => ({
  endpoint: "/api/categories",
  withDescription: true,
  fields: [...nameFields(messages, language), slugField(messages), ...descriptionFields(messages, language)],
  texts: {
    title: messages.adminCategories,
    intro: messages.categoriesIntro,
    addHeading: messages.addCategoryHeading,
    add: messages.addCategory,
    empty: messages.noCategoriesYet,
    confirmDelete: messages.confirmDeleteCategory,
    created: messages.categoryCreated,
    updated: messages.categoryUpdated,
    deleted: messages.categoryDeleted,
    createFailed: messages.categoryCreateFailed,
    updateFailed: messages.categoryUpdateFailed,
    deleteFailed: messages.categoryDeleteFailed,
    fetchFailed: messages.categoriesFetchFailed,
  },
  schema: "categorySchema",
});

/** The tags screen, worded in `messages`, the fields of the admin's `language` first. */
export const tagKind = (messages: Catalog, language: Language): TaxonomyKind => ({
  endpoint: "/api/tags",
  withDescription: false,
  fields: [...nameFields(messages, language), slugField(messages)],
  texts: {
    title: messages.adminTags,
    intro: messages.tagsIntro,
    addHeading: messages.addTagHeading,
    add: messages.addTag,
    empty: messages.noTagsYet,
    confirmDelete: messages.confirmDeleteTag,
    created: messages.tagCreated,
    updated: messages.tagUpdated,
    deleted: messages.tagDeleted,
    createFailed: messages.tagCreateFailed,
    updateFailed: messages.tagUpdateFailed,
    deleteFailed: messages.tagDeleteFailed,
    fetchFailed: messages.tagsFetchFailed,
  },
  schema: "tagSchema",
});
