import { FONT_SIZE_SCRIPT } from "./font-size";

/**
 * Runs before first paint so that a reload never flashes the wrong theme (docs/product.md#the-frame-of-every-page: the stored
 * theme, else dark when the system prefers it) or the wrong article font size (docs/product.md#limits-and-constants). The server
 * allows it by its hash in the CSP.
 */
export const THEME_SCRIPT = `try{var t=localStorage.getItem("theme");if(t==="dark"||(t!=="light"&&matchMedia("(prefers-color-scheme: dark)").matches))document.documentElement.classList.add("dark");${FONT_SIZE_SCRIPT}}catch(e){}`;
