import { useEffect, useId, useRef, useState } from "react";
import {
  DEFAULT_FONT_SIZE,
  FONT_SIZE_ATTRIBUTE,
  FONT_SIZE_KEY,
  type FontSize,
  isFontSize,
} from "~/lib/font-size";
import { useMessages } from "~/contexts/i18n";
import type { MessageKey } from "~/lib/messages";

const OPTIONS: { value: FontSize; label: MessageKey; sample: string }[] = [
  { value: "sm", label: "textSmall", sample: "text-sm" },
  { value: "base", label: "textMedium", sample: "text-base" },
  { value: "lg", label: "textLarge", sample: "text-lg" },
];

/** The body's size classes, driven by the attribute on <html> (see ~/lib/font-size). */
export const ARTICLE_FONT_SIZE_CLASSES =
  "text-base [:root[data-font-size=sm]_&]:text-sm [:root[data-font-size=lg]_&]:text-lg";

function applyFontSize(size: FontSize) {
  if (size === DEFAULT_FONT_SIZE) document.documentElement.removeAttribute(FONT_SIZE_ATTRIBUTE);
  else document.documentElement.setAttribute(FONT_SIZE_ATTRIBUTE, size);
  try {
    localStorage.setItem(FONT_SIZE_KEY, size);
  } catch {
    // private mode without storage: the size still applies to this page
  }
}

/** Font size menu (docs/product.md#article): Small, Medium and Large, as a radio group in a small popover. */
export function FontSizeMenu() {
  const messages = useMessages();
  const [open, setOpen] = useState(false);
  const [size, setSize] = useState<FontSize>(DEFAULT_FONT_SIZE);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const stored = document.documentElement.getAttribute(FONT_SIZE_ATTRIBUTE);
    if (isFontSize(stored)) setSize(stored);
  }, []);

  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      root.current?.querySelector("button")?.focus();
    };
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    window.addEventListener("keydown", closeOnEscape);
    window.addEventListener("pointerdown", closeOutside);
    return () => {
      window.removeEventListener("keydown", closeOnEscape);
      window.removeEventListener("pointerdown", closeOutside);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={messages.textSize}
        title={messages.textSize}
        onClick={() => setOpen((o) => !o)}
        className="flex h-9 w-9 items-center justify-center rounded-full text-neutral-600 hover:bg-neutral-100 hover:text-brand dark:text-neutral-300 dark:hover:bg-neutral-800"
      >
        <span aria-hidden="true" className="font-serif font-bold leading-none">
          <span className="text-xs">A</span>
          <span className="text-lg">A</span>
        </span>
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute right-0 z-30 mt-2 w-44 rounded-lg border border-neutral-200 bg-white p-2 shadow-xl dark:border-neutral-800 dark:bg-neutral-900"
      >
        <fieldset>
          <legend className="px-2 pb-1 text-xs font-semibold uppercase tracking-wide text-neutral-500 dark:text-neutral-400">
            {messages.textSize}
          </legend>
          {OPTIONS.map((option) => (
            <label
              key={option.value}
              className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 hover:bg-neutral-100 dark:hover:bg-neutral-800"
            >
              <input
                type="radio"
                name="article-font-size"
                value={option.value}
                checked={size === option.value}
                onChange={() => {
                  setSize(option.value);
                  applyFontSize(option.value);
                }}
                className="accent-brand"
              />
              <span className={option.sample}>{messages[option.label]}</span>
            </label>
          ))}
        </fieldset>
      </div>
    </div>
  );
}
