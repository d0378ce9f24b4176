/**
 * docs/product.md#the-frame-of-every-page: the breaking-news strip moves one pixel per animation
 * frame, at the 60 frames a second of most screens; as a speed, so that the browser animates it.
 */
export const TICKER_SPEED_PX_PER_SECOND = 60;

/**
 * The strip shows its list twice in a row, so an offset of one list's width looks exactly like an
 * offset of 0: wrapping the offset into [0, loopWidth) makes the loop seamless.
 */
export function wrapOffset(offset: number, loopWidth: number): number {
  if (!(loopWidth > 0)) return 0;
  return ((offset % loopWidth) + loopWidth) % loopWidth;
}
