import { useId } from "react";
import { Link } from "~/components/i18n/links";
import { useFilterSubmit } from "~/components/admin/table/use-filter-submit";
import { buttonClass, inputClass } from "~/components/admin/table/AdminTable";
import { useLocalizePath, useMessages } from "~/contexts/i18n";
import type { MessageKey } from "~/lib/messages";
import { SEARCH_QUERY_MAX } from "~/lib/limits";

export const ARTICLE_STATUS_FILTERS = ["all", "published", "scheduled", "draft"] as const;
export type ArticleStatusFilter = (typeof ARTICLE_STATUS_FILTERS)[number];
export const TRANSLATION_FILTERS = ["any", "missing", "present"] as const;
export type TranslationFilter = (typeof TRANSLATION_FILTERS)[number];

export interface ArticleListFilters {
  search: string;
  status: ArticleStatusFilter;
  category: number | null;
  writer: number | null;
  translation: TranslationFilter;
}

interface Option {
  id: number;
  name: string;
}

interface ArticleFiltersProps {
  action: string;
  filters: ArticleListFilters;
  categories: Option[];
  writers: Option[];
}

const statusLabel: Record<ArticleStatusFilter, MessageKey> = {
  all: "allStatuses",
  published: "published",
  scheduled: "scheduled",
  draft: "draft",
};

const translationLabel: Record<TranslationFilter, MessageKey> = {
  any: "anyTranslation",
  missing: "withoutTranslation",
  present: "withTranslation",
};

/** The value each select sends when it filters nothing: left out of the address. */
const UNFILTERED: Record<string, string> = { status: "all", translation: "any" };

export const hasFilters = (filters: ArticleListFilters) =>
  filters.search !== "" || filters.status !== "all" || filters.category !== null || filters.writer !== null || filters.translation !== "any";

/**
 * A plain GET form (use-filter-submit.ts). Changing a filter starts again at page 1. Nothing
 * submits on change: moving through a select with the arrow keys must not reload the list at every
 * step.
 */
export function ArticleFilters({ action, filters, categories, writers }: ArticleFiltersProps) {
  const messages = useMessages();
  const localize = useLocalizePath();
  const id = useId();
  const submit = useFilterSubmit(action, UNFILTERED);

  const labelClass = "mb-1 block text-sm font-medium";
  return (
    <form
      method="get"
      action={localize(action)}
      role="search"
      aria-label={messages.articleFilters}
      onSubmit={submit}
      className="mt-6 grid gap-3 rounded-lg bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-3 lg:items-end xl:grid-cols-[minmax(12rem,2fr)_repeat(4,minmax(8rem,1fr))_auto] dark:bg-neutral-900"
    >
      <div className="sm:col-span-2 lg:col-span-1">
        <label htmlFor={`${id}-search`} className={labelClass}>
          {messages.search}
        </label>
        <input
          id={`${id}-search`}
          name="search"
          type="search"
          maxLength={SEARCH_QUERY_MAX}
          defaultValue={filters.search}
          placeholder={messages.searchPlaceholder}
          className={inputClass}
        />
      </div>
      <div>
        <label htmlFor={`${id}-status`} className={labelClass}>
          {messages.fieldStatus}
        </label>
        <select id={`${id}-status`} name="status" defaultValue={filters.status} className={inputClass}>
          {ARTICLE_STATUS_FILTERS.map((status) => (
            <option key={status} value={status}>
              {messages[statusLabel[status]]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-category`} className={labelClass}>
          {messages.category}
        </label>
        <select id={`${id}-category`} name="category" defaultValue={filters.category ?? ""} className={inputClass}>
          <option value="">{messages.allCategories}</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-writer`} className={labelClass}>
          {messages.writer}
        </label>
        <select id={`${id}-writer`} name="writer" defaultValue={filters.writer ?? ""} className={inputClass}>
          <option value="">{messages.allWriters}</option>
          {writers.map((writer) => (
            <option key={writer.id} value={writer.id}>
              {writer.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-translation`} className={labelClass}>
          {messages.translationFilter}
        </label>
        <select id={`${id}-translation`} name="translation" defaultValue={filters.translation} className={inputClass}>
          {TRANSLATION_FILTERS.map((value) => (
            <option key={value} value={value}>
              {messages[translationLabel[value]]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-center gap-3 sm:col-span-2 lg:col-span-1">
        <button type="submit" className={`${buttonClass.primary} py-2`}>
          {messages.applyFilters}
        </button>
        {hasFilters(filters) ? (
          <Link to={action} className="text-sm font-medium text-brand underline-offset-2 hover:underline dark:text-red-400">
            {messages.clearFilters}
          </Link>
        ) : null}
      </div>
    </form>
  );
}
