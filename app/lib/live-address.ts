/**
 * A live update's own address (issue 39): `/article/{slug}?update={id}#update-{id}`. The fragment
 * takes the reader to it; the query, which unlike a fragment reaches the server, lets the page put
 * that update's text in its share preview. A page of older updates is `?before={id}`.
 */

/** The parameters a live story's page reads, each a positive whole number written plainly. */
export const LIVE_PAGE_PARAMS = ["update", "before"] as const;

const WHOLE_NUMBER = /^[1-9]\d{0,14}$/;

/**
 * A live page's parameter as a number, or undefined: only plain digits without a leading zero, so
 * that `?update=07` and `?update=7` are not two pages (nor two entries in the shared cache).
 */
export function livePageNumber(value: string | null): number | undefined {
  return value !== null && WHOLE_NUMBER.test(value) ? Number(value) : undefined;
}

/** An update's id in its element (`#update-12`). */
export const updateAnchor = (id: number) => `update-${id}`;

/** An update's own address, locale-free. */
export const updatePath = (slug: string, id: number) => `/article/${slug}?update=${id}#${updateAnchor(id)}`;

/** The folder of a live story's Atom feed of updates (`…/atom.xml`), locale-free: beside the site's other feeds. */
export const liveFeedBase = (slug: string) => `/feeds/live/${slug}`;
