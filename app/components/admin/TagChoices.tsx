import type { ReactNode } from "react";
import { labelClass } from "~/components/admin/article-form/styles";
import type { Tag } from "~/lib/api-types";

/** The chosen tags once `tagId` is ticked or unticked, in the order they were chosen. */
export function withTag(chosen: number[], tagId: number, checked: boolean): number[] {
  if (!checked) return chosen.filter((other) => other !== tagId);
  return chosen.includes(tagId) ? chosen : [...chosen, tagId];
}

interface TagChoicesProps {
  legend: string;
  tags: Tag[];
  chosen: number[];
  onToggle: (tagId: number, checked: boolean) => void;
  /** The legend's id, for a refusal that moves focus to the tags. */
  legendId?: string;
  /** The server's refusal of the tags, shown under them and named by `errorId`. */
  error?: ReactNode;
  errorId?: string;
}

/** The newsroom's tags as boxes to tick, the same on a story and on a document. */
export function TagChoices({ legend, tags, chosen, onToggle, legendId, error, errorId }: TagChoicesProps) {
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend id={legendId} tabIndex={legendId ? -1 : undefined} className={labelClass}>
        {legend}
      </legend>
      <div className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-2 lg:grid-cols-3">
        {tags.map((tag) => (
          <label key={tag.id} className="flex items-center gap-2 rounded px-1 py-1.5 hover:bg-neutral-50 dark:hover:bg-neutral-800">
            <input
              type="checkbox"
              name="tags"
              value={tag.id}
              checked={chosen.includes(tag.id)}
              onChange={(event) => onToggle(tag.id, event.target.checked)}
              className="h-4 w-4 accent-brand"
            />
            <span>{tag.name}</span>
          </label>
        ))}
      </div>
      {error}
    </fieldset>
  );
}
