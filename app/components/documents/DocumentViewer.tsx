import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useMediaBase } from "~/components/media/use-media-base";
import { useFormatNumber, useLocalizePath, useMessages, useTranslate } from "~/contexts/i18n";
import type { DocumentTextJson } from "~/lib/api-types";
import type { Language } from "~/lib/limits";
import { publicMediaUrl } from "~/lib/media-url";
import { documentPath } from "~/lib/document-path";
import { DocumentPages } from "./DocumentPages";
import { ZOOMS, type ViewerDocument, aspectRatio, pageAnchor, pageFromHash, pageHash, pageImageSizes, pageSrcSet } from "./document-view";

type TextRun = DocumentTextJson["pages"][number]["runs"][number];

/** Devanagari digits typed into the page field read as the others. */
const typedNumber = (value: string) => Number(value.trim().replace(/[०-९]/g, (digit) => String(digit.charCodeAt(0) - 0x0966)));

/**
 * The published file's text, asked for once the viewer opens (never by a page that only shows the
 * pictures). Without it the pictures are all there is to read, so a failure only leaves the text
 * unselectable.
 */
function useDocumentText(url: string | null): DocumentTextJson | null {
  const mediaBase = useMediaBase();
  const [text, setText] = useState<DocumentTextJson | null>(null);
  useEffect(() => {
    if (!url) return;
    let current = true;
    fetch(publicMediaUrl(url, mediaBase))
      .then((response) => (response.ok ? (response.json() as Promise<DocumentTextJson>) : null))
      .then((json) => current && setText(json))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [url, mediaBase]);
  return text;
}

/**
 * The size a run's invisible text is set in before it is scaled to its place: never under 16 px, since a
 * phone's minimum font size would enlarge a smaller one and move the selection off the words.
 */
const drawnSize = (height: number) => Math.max(height, 16);

/**
 * The page's text, transparent over its picture where each run is printed, so that a reader
 * selects and copies what they see. Each run is sized to its box's height and stretched to its
 * width once laid out, since the reader's fonts are not the file's.
 */
function TextLayer({ runs }: { runs: TextRun[] }) {
  const layer = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useLayoutEffect(() => {
    const element = layer.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => entry && setSize({ width: entry.contentRect.width, height: entry.contentRect.height }));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  useLayoutEffect(() => {
    if (!size || !layer.current) return;
    const spans = [...layer.current.children].filter((span) => span instanceof HTMLElement);
    // Every width read before any is set, so the browser lays the page out once, not once a run (a
    // transform never changes an offsetWidth, so the last layout's scale need not be undone first).
    const naturals = spans.map((span) => span.offsetWidth);
    spans.forEach((span, index) => {
      const run = runs[Number(span.dataset.run)];
      if (!run) return;
      const natural = naturals[index]!;
      const scale = natural > 0 ? ((run.box[2] - run.box[0]) * size.width) / natural : 1;
      const height = (run.box[3] - run.box[1]) * size.height;
      span.style.transform = `${run.angle ? `rotate(${run.angle}deg) ` : ""}scale(${scale}, ${height / drawnSize(height)})`;
    });
  }, [runs, size]);
  return (
    <div ref={layer} data-text-layer="" className="absolute inset-0 overflow-hidden leading-none text-transparent selection:bg-sky-400/40">
      {size
        ? runs.map((run, index) => (
            <span
              key={index}
              data-run={index}
              className="absolute origin-top-left whitespace-pre font-sans"
              style={{ left: `${run.box[0] * 100}%`, top: `${run.box[1] * 100}%`, fontSize: `${drawnSize((run.box[3] - run.box[1]) * size.height)}px` }}
            >
              {run.text}
            </span>
          ))
        : null}
    </div>
  );
}

const controlClass =
  "inline-flex h-9 min-w-9 items-center justify-center rounded border border-neutral-300 bg-white px-2 text-sm font-semibold hover:border-brand hover:text-brand disabled:opacity-40 disabled:hover:border-neutral-300 disabled:hover:text-inherit dark:border-neutral-600 dark:bg-neutral-900";

/**
 * One page of a published document at a time (issue 38): previous and next, a page field, zoom,
 * every page's thumbnail, and the keys (arrows or Page Up/Down to turn, Home and End, + and − to
 * zoom, 0 to fit). On the document's page the address follows the page (`#p=N`, to share); inside a
 * story the address is the story's, and each page links to the document's page instead.
 *
 * On the document's page the server sends the viewer itself at page 1, its controls disabled until
 * the script has arrived, and the other pages' pictures in `<noscript>` (a browser without script
 * shows them; one with script never parses them, so never fetches them). Hydration keeps the
 * server's first picture: it is the page's largest paint, and a picture replaced once the script
 * has run would be painted again, late (issue 38: LCP).
 */
export function DocumentViewer({
  document: doc,
  initialPage,
  embedded = false,
  title = null,
  onClose,
}: {
  document: ViewerDocument;
  initialPage: number;
  embedded?: boolean;
  /** Inside a story, where the card that named it is hidden while the viewer is open. */
  title?: { text: string; language: Language } | null;
  onClose?: () => void;
}) {
  const pages = doc.page_images;
  const messages = useMessages();
  const t = useTranslate();
  const formatNumber = useFormatNumber();
  const localize = useLocalizePath();
  const mediaBase = useMediaBase();
  const text = useDocumentText(doc.text_url);
  // Inside a story the viewer is only ever made in the browser, on a reader's click.
  const [live, setLive] = useState(embedded);
  const [page, setPage] = useState(initialPage);
  const [draft, setDraft] = useState(formatNumber(initialPage));
  const [zoom, setZoom] = useState(0);
  const root = useRef<HTMLElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const currentThumbnail = useRef<HTMLAnchorElement>(null);
  const thumbnailShown = useRef(initialPage);

  const show = useCallback(
    (wanted: number) => {
      const next = Math.min(Math.max(1, wanted), pages.length);
      setPage(next);
      setDraft(formatNumber(next));
      if (!embedded) window.history.replaceState(window.history.state, "", pageHash(next));
    },
    [pages.length, embedded, formatNumber],
  );

  useEffect(() => {
    setLive(true);
    if (embedded) {
      stage.current?.focus();
      return;
    }
    // The server could not know a citation's `#p=N` (a fragment is never sent): the viewer turns to it, and stands where the page was scrolled to.
    const cited = pageFromHash(window.location.hash, pages.length);
    if (cited) {
      show(cited);
      root.current?.scrollIntoView();
    }
    const follow = () => {
      const wanted = pageFromHash(window.location.hash, pages.length);
      if (wanted) show(wanted);
    };
    window.addEventListener("hashchange", follow);
    return () => window.removeEventListener("hashchange", follow);
  }, [embedded, pages.length, show]);

  // Not on arrival at the page the strip already starts with: scrolling to it would make the browser lay the page out while the script boots.
  useEffect(() => {
    if (page === thumbnailShown.current) return;
    thumbnailShown.current = page;
    currentThumbnail.current?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [page]);

  const current = pages[page - 1]!;
  const runs = text?.pages.find((each) => each.number === page)?.runs ?? [];
  const zoomIn = () => setZoom((z) => Math.min(z + 1, ZOOMS.length - 1));
  const zoomOut = () => setZoom((z) => Math.max(z - 1, 0));
  const pageLink = (number: number) => (embedded ? localize(documentPath(doc.slug)) : "") + pageHash(number);
  const pageAlt = (number: number) => t("documentPageAlt", { page: formatNumber(number), pages: formatNumber(pages.length) });

  function onKeyDown(event: React.KeyboardEvent) {
    if (event.target instanceof HTMLInputElement || event.altKey || event.ctrlKey || event.metaKey) return;
    // Zoomed in, the arrows move about the page, as they would anywhere.
    const turns = zoom === 0 ? { ArrowLeft: page - 1, ArrowRight: page + 1 } : {};
    const actions: Record<string, () => void> = {
      PageUp: () => show(page - 1),
      PageDown: () => show(page + 1),
      Home: () => show(1),
      End: () => show(pages.length),
      "+": zoomIn,
      "=": zoomIn,
      "-": zoomOut,
      "0": () => setZoom(0),
      ...Object.fromEntries(Object.entries(turns).map(([key, to]) => [key, () => show(to)])),
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  }

  return (
    <section ref={root} aria-label={messages.documentViewer} onKeyDown={onKeyDown} data-document-viewer="" className="scroll-mt-24 space-y-3">
      {embedded ? (
        <div className="flex items-start justify-between gap-3">
          {title ? (
            <h3 lang={title.language} className="font-bold leading-snug">
              {title.text}
            </h3>
          ) : null}
          <button type="button" className={`${controlClass} ms-auto shrink-0`} onClick={onClose}>
            {messages.documentClose}
          </button>
        </div>
      ) : null}
      {/* A browser without script has nothing to turn or zoom with: it gets every page's picture instead. */}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 [@media(scripting:none)]:hidden">
        <div className="flex items-center gap-1">
          <button type="button" className={controlClass} onClick={() => show(page - 1)} disabled={!live || page === 1} aria-label={messages.documentPrevious} title={messages.documentPrevious}>
            <span aria-hidden="true">‹</span>
          </button>
          <form
            className="flex items-center gap-1 text-sm"
            onSubmit={(event) => {
              event.preventDefault();
              const wanted = typedNumber(draft);
              if (Number.isInteger(wanted)) show(wanted);
              else setDraft(formatNumber(page));
            }}
          >
            <label>
              <span className="sr-only">{messages.documentPageField}</span>
              <input
                type="text"
                inputMode="numeric"
                value={draft}
                onChange={(event) => setDraft(event.target.value)}
                onBlur={(event) => event.currentTarget.form?.requestSubmit()}
                disabled={!live}
                className="h-9 w-12 rounded border border-neutral-300 bg-white px-1 text-center dark:border-neutral-600 dark:bg-neutral-900"
              />
            </label>
            <span className="whitespace-nowrap">{t("documentOfPages", { pages: formatNumber(pages.length) })}</span>
          </form>
          <button type="button" className={controlClass} onClick={() => show(page + 1)} disabled={!live || page === pages.length} aria-label={messages.documentNext} title={messages.documentNext}>
            <span aria-hidden="true">›</span>
          </button>
        </div>
        <div className="flex items-center gap-1">
          <button type="button" className={controlClass} onClick={zoomOut} disabled={!live || zoom === 0} aria-label={messages.documentZoomOut} title={messages.documentZoomOut}>
            <span aria-hidden="true">−</span>
          </button>
          <button type="button" className={controlClass} onClick={() => setZoom(0)} disabled={!live} aria-pressed={zoom === 0}>
            {messages.documentFitWidth}
          </button>
          <button type="button" className={controlClass} onClick={zoomIn} disabled={!live || zoom === ZOOMS.length - 1} aria-label={messages.documentZoomIn} title={messages.documentZoomIn}>
            <span aria-hidden="true">+</span>
          </button>
        </div>
      </div>
      <p aria-live="polite" className="sr-only">
        {pageAlt(page)}
      </p>
      <div
        ref={stage}
        id={live ? undefined : pageAnchor(1)}
        tabIndex={0}
        aria-label={pageAlt(page)}
        className="max-h-[85vh] scroll-mt-24 overflow-auto rounded border border-neutral-200 bg-neutral-100 outline-offset-2 dark:border-neutral-700 dark:bg-neutral-900 [@media(scripting:none)]:max-h-none"
      >
        <div className="relative mx-auto bg-white" style={{ width: `${ZOOMS[zoom]! * 100}%`, aspectRatio: aspectRatio(current) }}>
          <img
            key={`picture-${current.number}`}
            src={publicMediaUrl(current.image, mediaBase)}
            srcSet={pageSrcSet(current, mediaBase)}
            sizes={pageImageSizes(ZOOMS[zoom])}
            fetchPriority="high"
            alt={pageAlt(current.number)}
            width={current.width}
            height={current.height}
            className="absolute inset-0 h-full w-full select-none"
            draggable={false}
          />
          {runs.length > 0 ? <TextLayer key={`text-${current.number}`} runs={runs} /> : null}
        </div>
      </div>
      {live ? null : (
        <noscript>
          <DocumentPages pages={pages.slice(1)} total={pages.length} />
        </noscript>
      )}
      <nav aria-label={messages.documentThumbnails}>
        <ol className="flex gap-2 overflow-x-auto pb-2">
          {pages.map((each) => {
            const isCurrent = each.number === page;
            return (
              <li key={each.number} className="shrink-0">
                <a
                  ref={isCurrent ? currentThumbnail : undefined}
                  href={pageLink(each.number)}
                  aria-current={isCurrent ? "page" : undefined}
                  aria-label={t("documentGoToPage", { page: formatNumber(each.number) })}
                  onClick={(event) => {
                    event.preventDefault();
                    show(each.number);
                  }}
                  className={`block rounded border-2 p-0.5 ${isCurrent ? "border-brand" : "border-transparent hover:border-neutral-400"}`}
                >
                  <img
                    src={publicMediaUrl(each.thumbnail, mediaBase)}
                    alt=""
                    width={64}
                    height={Math.round((64 * each.height) / each.width)}
                    loading="lazy"
                    className="h-auto w-16 bg-white"
                  />
                  <span className="block text-center text-xs">{formatNumber(each.number)}</span>
                </a>
              </li>
            );
          })}
        </ol>
      </nav>
      {embedded ? (
        <p>
          <a href={pageLink(page)} className="text-sm font-semibold text-brand hover:underline">
            {messages.documentOpenPage}
          </a>
        </p>
      ) : null}
    </section>
  );
}
