export type PageItem = number | "gap";

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The page numbers a pager shows: the first and last pages, the current one and its neighbours,
 * and a gap where pages are left out. A gap never hides a single page; that page is shown instead.
 * A `current` beyond the last page (a stale or hand-edited link) centres on the last page.
 */
export function pageNumbers(current: number, totalPages: number): PageItem[] {
  const centre = Math.min(Math.max(current, 1), totalPages);
  const shown = [...new Set([1, centre - 1, centre, centre + 1, totalPages])]
    .filter((page) => page >= 1 && page <= totalPages)
    .sort((a, b) => a - b);
  const items: PageItem[] = [];
  for (const page of shown) {
    const previous = items.at(-1);
    if (typeof previous === "number" && page - previous === 2) items.push(previous + 1);
    else if (typeof previous === "number" && page - previous > 2) items.push("gap");
    items.push(page);
  }
  return items;
}
