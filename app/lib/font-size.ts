/**
 * Article font size (docs/product.md#limits-and-constants): sm, base or lg, remembered in localStorage. The choice is a
 * `data-font-size` attribute on <html>, set before first paint by THEME_SCRIPT, so a reload never
 * shows the story at one size and then jumps to another.
 */
export const FONT_SIZES = ["sm", "base", "lg"] as const;
export type FontSize = (typeof FONT_SIZES)[number];
export const DEFAULT_FONT_SIZE: FontSize = "base";
export const FONT_SIZE_KEY = "fontSize";
export const FONT_SIZE_ATTRIBUTE = "data-font-size";

export function isFontSize(value: unknown): value is FontSize {
  return typeof value === "string" && (FONT_SIZES as readonly string[]).includes(value);
}

/** The pre-paint half of the above, as inline script text (no imports at that point). */
export const FONT_SIZE_SCRIPT = `var f=localStorage.getItem("${FONT_SIZE_KEY}");if(f==="sm"||f==="lg")document.documentElement.setAttribute("${FONT_SIZE_ATTRIBUTE}",f);`;
