/**
 * Where a finding's area lies on a picture of its page. The examination gives `rect` as [left,
 * top, right, bottom] in PDF points from the page's top-left corner as shown (rotation applied;
 * app/server/documents/findings.ts, made by pdf.js's viewport at scale 1 in examine.ts), so with the
 * page's shown size in points it becomes shares of the picture, whatever width it was drawn at.
 */
export interface PageSize {
  width: number;
  height: number;
}

/** The area as CSS percentages of the page's picture, kept within the page. */
export function outlineStyle(rect: readonly [number, number, number, number], size: PageSize): { left: string; top: string; width: string; height: string } {
  const share = (value: number, of: number) => Math.min(1, Math.max(0, value / of));
  const left = share(Math.min(rect[0], rect[2]), size.width);
  const top = share(Math.min(rect[1], rect[3]), size.height);
  const right = share(Math.max(rect[0], rect[2]), size.width);
  const bottom = share(Math.max(rect[1], rect[3]), size.height);
  const percent = (value: number) => `${(value * 100).toFixed(3)}%`;
  return { left: percent(left), top: percent(top), width: percent(right - left), height: percent(bottom - top) };
}
