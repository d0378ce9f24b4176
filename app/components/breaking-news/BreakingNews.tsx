import { useEffect, useId, useRef, useState } from "react";
import { Anchor } from "~/components/i18n/anchor";
import { articlePath } from "~/components/article-card/ArticleCard";
import type { ArticleSummary } from "~/lib/api-types";
import { TICKER_SPEED_PX_PER_SECOND, wrapOffset } from "./ticker";
import { useMessages } from "~/contexts/i18n";

type TickerItem = Pick<ArticleSummary, "id" | "slug" | "title" | "language">;

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

/**
 * Whether the strip may move: only in the browser, when the reader has not asked for reduced
 * motion and the headlines do not fit anyway. Until then (server render, no JavaScript) it is a
 * static list that scrolls sideways.
 */
function useMotionAllowed(viewport: React.RefObject<HTMLElement | null>, list: React.RefObject<HTMLElement | null>) {
  const [allowed, setAllowed] = useState(false);
  useEffect(() => {
    const media = window.matchMedia(REDUCED_MOTION);
    const update = () => {
      const overflows = (list.current?.offsetWidth ?? 0) > (viewport.current?.clientWidth ?? 0);
      setAllowed(!media.matches && overflows);
    };
    update();
    media.addEventListener("change", update);
    const observer = new ResizeObserver(update);
    // Late web fonts can widen the headlines after the first measurement.
    for (const element of [viewport.current, list.current]) if (element) observer.observe(element);
    return () => {
      media.removeEventListener("change", update);
      observer.disconnect();
    };
  }, [viewport, list]);
  return allowed;
}

function Headlines({ items, copy, ref }: { items: TickerItem[]; copy: boolean; ref?: React.Ref<HTMLUListElement> }) {
  return (
    // The copy only makes the loop seamless: screen readers and the keyboard skip it.
    <ul ref={ref} className="flex shrink-0" aria-hidden={copy || undefined}>
      {items.map((item) => (
        <li key={item.id} className="flex shrink-0 items-center whitespace-nowrap px-4 text-sm">
          <span aria-hidden="true" className="mr-3 h-1.5 w-1.5 rounded-full bg-brand" />
          <Anchor to={articlePath(item.slug)} lang={item.language} tabIndex={copy ? -1 : undefined} className="font-medium link-hover">
            {item.title}
          </Anchor>
        </li>
      ))}
    </ul>
  );
}

/**
 * Breaking-news strip (docs/product.md#the-frame-of-every-page): scrolls 1 px per frame, pauses on hover and keyboard focus (and by
 * its pause button, WCAG 2.2.2), and repeats its headlines in a seamless loop.
 */
export function BreakingNews({ items }: { items: TickerItem[] }) {
  const messages = useMessages();
  const labelId = useId();
  const viewport = useRef<HTMLDivElement>(null);
  const track = useRef<HTMLDivElement>(null);
  const firstList = useRef<HTMLUListElement>(null);
  const hovered = useRef(false);
  const focused = useRef(false);
  // State for the button's look, a ref for the animation, which must not restart on a toggle.
  const [stopped, setStopped] = useState(false);
  const stoppedRef = useRef(false);
  const strip = useRef<{ sync(): void; showAt(offset: number): void }>(undefined);
  const moving = useMotionAllowed(viewport, firstList);

  // An animation of the transform, which the browser runs off the main thread: moved from a
  // script a frame at a time, the strip made a task of every frame (style, layout, paint), which
  // on a phone's slow processor blocked the page (Lighthouse's blocking time on /ne: 313 ms).
  useEffect(() => {
    const element = track.current;
    const area = viewport.current;
    const list = firstList.current;
    if (!moving || !element || !area || !list) return;
    let animation: Animation | undefined;
    let loopWidth = 0;
    let visible = true;
    const offsetOf = (time: CSSNumberish | null | undefined) => (Number(time ?? 0) / 1000) * TICKER_SPEED_PX_PER_SECOND;
    const timeOf = (offset: number) => (wrapOffset(offset, loopWidth) / TICKER_SPEED_PX_PER_SECOND) * 1000;
    const sync = () => {
      // Scrolled out of sight, nobody sees it move: no work for a phone's battery.
      if (!visible || stoppedRef.current || hovered.current || focused.current) animation?.pause();
      else animation?.play();
    };
    // Made again when the headlines' width changes (late web fonts), from where the strip was.
    const start = () => {
      const offset = offsetOf(animation?.currentTime);
      animation?.cancel();
      loopWidth = list.offsetWidth;
      if (!(loopWidth > 0)) return;
      animation = element.animate([{ transform: "translateX(0)" }, { transform: `translateX(${-loopWidth}px)` }], {
        duration: (loopWidth / TICKER_SPEED_PX_PER_SECOND) * 1000,
        iterations: Infinity,
      });
      animation.currentTime = timeOf(offset);
      sync();
    };
    strip.current = {
      sync,
      showAt(offset) {
        if (animation) animation.currentTime = timeOf(offset);
        sync();
      },
    };
    start();
    const resized = new ResizeObserver(start);
    resized.observe(list);
    const visibility = new IntersectionObserver(([entry]) => {
      visible = entry?.isIntersecting ?? true;
      sync();
    });
    visibility.observe(area);
    return () => {
      strip.current = undefined;
      resized.disconnect();
      visibility.disconnect();
      animation?.cancel();
    };
  }, [moving]);

  function showFocused(event: React.FocusEvent) {
    focused.current = true;
    // A focused headline may have scrolled out of sight: bring it to the start of the strip.
    const item = event.target.closest("li");
    if (!moving || !item || !viewport.current) return;
    strip.current?.showAt(item.offsetLeft);
    // The browser may also have scrolled the clipped strip to the headline; the animation alone places it.
    viewport.current.scrollLeft = 0;
  }

  return (
    <section
      aria-labelledby={labelId}
      className="mb-6 flex min-h-10 items-stretch overflow-hidden rounded-md border border-neutral-200 bg-neutral-50 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <span id={labelId} className="flex w-20 shrink-0 items-center bg-brand px-2.5 py-1 text-[11px] font-bold uppercase leading-tight tracking-wide text-white sm:w-auto sm:px-3 sm:text-xs">
        {messages.breakingNews}
      </span>
      {items.length === 0 ? (
        <p className="flex items-center px-4 text-sm text-neutral-600 dark:text-neutral-400">{messages.noBreakingNews}</p>
      ) : (
        <>
          <div
            ref={viewport}
            className={`min-w-0 flex-1 ${moving ? "overflow-hidden" : "overflow-x-auto [scrollbar-width:thin]"}`}
            onPointerEnter={() => {
              hovered.current = true;
              strip.current?.sync();
            }}
            onPointerLeave={() => {
              hovered.current = false;
              strip.current?.sync();
            }}
            onFocus={showFocused}
            onBlur={(event) => {
              if (event.currentTarget.contains(event.relatedTarget)) return;
              focused.current = false;
              strip.current?.sync();
            }}
          >
            <div ref={track} className="relative flex h-full w-max will-change-transform">
              <Headlines ref={firstList} items={items} copy={false} />
              {moving ? <Headlines items={items} copy /> : null}
            </div>
          </div>
          {moving ? (
            <button
              type="button"
              aria-pressed={stopped}
              aria-label={messages.pauseBreakingNews}
              title={messages.pauseBreakingNews}
              onClick={() => {
                stoppedRef.current = !stopped;
                setStopped(!stopped);
                strip.current?.sync();
              }}
              className="flex shrink-0 items-center border-l border-neutral-200 px-3 text-neutral-600 hover:text-brand dark:border-neutral-800 dark:text-neutral-300"
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="currentColor">
                {stopped ? <path d="M8 5v14l11-7z" /> : <path d="M7 5h4v14H7zM13 5h4v14h-4z" />}
              </svg>
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}
