import { messages } from "~/lib/messages";

/** A category or a tag as these screens show it: both have a name and a slug; categories add a description. */
export interface TaxonomyItem {
  id: number;
  name: string;
  slug: string;
  description?: string;
}

export interface TaxonomyValues {
  name: string;
  slug: string;
  description?: string;
}

export type Validation = { ok: true; values: TaxonomyValues } | { ok: false; message: string };

/** What differs between the categories and the tags screens: the endpoint, the texts and the schema. */
export interface TaxonomyKind {
  /** REST collection: POST here, PUT and DELETE at `${endpoint}/{id}`. */
  endpoint: string;
  withDescription: boolean;
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
  /** SPEC 5 through the shared schema, so the browser shows exactly the server's message. */
  validate: (values: TaxonomyValues) => Promise<Validation>;
}

// The schemas are imported on submit: zod stays out of the chunks every admin page loads.
export const categoryKind: TaxonomyKind = {
  endpoint: "/api/categories",
  withDescription: true,
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
  async validate(values) {
    const { categorySchema, firstMessage } = await import("~/lib/schemas");
    const parsed = categorySchema.safeParse(values);
    return parsed.success
      ? { ok: true, values: { name: parsed.data.name, slug: parsed.data.slug ?? "", description: parsed.data.description ?? "" } }
      : { ok: false, message: firstMessage(parsed.error) };
  },
};

export const tagKind: TaxonomyKind = {
  endpoint: "/api/tags",
  withDescription: false,
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
  async validate(values) {
    const { tagSchema, firstMessage } = await import("~/lib/schemas");
    const parsed = tagSchema.safeParse(values);
    return parsed.success
      ? { ok: true, values: { name: parsed.data.name, slug: parsed.data.slug ?? "" } }
      : { ok: false, message: firstMessage(parsed.error) };
  },
};
