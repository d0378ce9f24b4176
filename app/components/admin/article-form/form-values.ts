/**
 * What the article form holds, and how it becomes the create/update payload of docs/product.md#the-api-in-summary (see the
 * header of app/server/http/article-form.ts): media go as URLs already uploaded, never as files.
 */
import type { ArticleDetail } from "~/lib/api-types";
import { fromNepalLocalInput, toNepalLocalInput } from "~/lib/dates";
import type { Language } from "~/lib/limits";

export interface MediaValue {
  url: string;
  caption: string;
  media_type: "image" | "video";
}

export interface ArticleFormValues {
  title: string;
  slug: string;
  meta_title: string;
  meta_description: string;
  category_id: string;
  writer_id: string;
  /** null until the editor picks one: then it follows the title's script. */
  language: Language | null;
  content: string;
  banner: MediaValue | null;
  media: MediaValue[];
  tags: number[];
  is_published: boolean;
  is_featured: boolean;
  /** A time ahead (Nepal time, as a `datetime-local` field holds it) schedules the story; "" publishes on Save. */
  publish_at: string;
}

/** docs/product.md#what-the-site-keeps: a new article is empty, unpublished and not featured. */
export function emptyValues(): ArticleFormValues {
  return {
    title: "",
    slug: "",
    meta_title: "",
    meta_description: "",
    category_id: "",
    writer_id: "",
    language: null,
    content: "",
    banner: null,
    media: [],
    tags: [],
    is_published: false,
    is_featured: false,
    publish_at: "",
  };
}

/** docs/product.md#the-article-form: the banner is the media at position 0 (kind "banner"); the others are content media. */
export function valuesFromArticle(article: ArticleDetail): ArticleFormValues {
  const byPosition = [...article.media].sort((a, b) => a.position - b.position);
  const banner = byPosition.find((m) => m.kind === "banner");
  const toValue = (m: ArticleDetail["media"][number]): MediaValue => ({ url: m.url, caption: m.caption, media_type: m.media_type });
  return {
    title: article.title,
    slug: article.slug,
    meta_title: article.meta_title,
    meta_description: article.meta_description,
    category_id: article.category_id === null ? "" : String(article.category_id),
    writer_id: article.writer_id === null ? "" : String(article.writer_id),
    language: article.language,
    content: article.content,
    banner: banner ? toValue(banner) : null,
    media: byPosition.filter((m) => m.kind !== "banner").map(toValue),
    tags: article.tags.map((t) => t.id),
    is_published: article.is_published,
    is_featured: article.is_featured,
    publish_at: article.scheduled_at ? toNepalLocalInput(article.scheduled_at) : "",
  };
}

export function sameValues(a: ArticleFormValues, b: ArticleFormValues): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The fields zod checks in the browser before anything is sent, named as the server names them. */
export function schemaFields(values: ArticleFormValues, language: Language) {
  return {
    title: values.title,
    content: values.content,
    writer_id: values.writer_id,
    slug: values.slug,
    category_id: values.category_id,
    meta_title: values.meta_title,
    meta_description: values.meta_description,
    language,
    is_published: values.is_published,
    is_featured: values.is_featured,
    tags: values.tags,
  };
}

/**
 * The multipart body of POST /api/news and PUT /api/news/{slug}. Every media field is always named
 * (an empty banner_url included), so an update replaces the stored media with exactly what is shown.
 */
export function toFormData(
  values: ArticleFormValues,
  options: { language: Language; relatedIds: number[]; updatedAt?: string },
): FormData {
  const form = new FormData();
  form.set("title", values.title);
  form.set("slug", values.slug.trim());
  form.set("meta_title", values.meta_title);
  form.set("meta_description", values.meta_description);
  form.set("category_id", values.category_id);
  form.set("writer_id", values.writer_id);
  form.set("language", options.language);
  form.set("content", values.content);
  form.set("tags", JSON.stringify(values.tags));
  form.set("related_news_ids", JSON.stringify(options.relatedIds));
  // A time to publish at is a save as published with that time: the server schedules it.
  const publishAt = values.publish_at ? fromNepalLocalInput(values.publish_at) : null;
  form.set("is_published", String(values.is_published || publishAt !== null));
  if (publishAt) form.set("published_at", publishAt);
  form.set("is_featured", String(values.is_featured));
  form.set("banner_url", values.banner?.url ?? "");
  form.set("banner_caption", values.banner?.caption ?? "");
  values.media.forEach((item, n) => {
    form.set(`media_urls[${n}]`, item.url);
    form.set(`captions[${n}]`, item.caption);
  });
  if (options.updatedAt) form.set("updated_at", options.updatedAt);
  return form;
}
