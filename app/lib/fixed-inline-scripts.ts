import { KEEP_TAPS_SCRIPT } from "./keep-taps-script";
import { START_ISLANDS_SCRIPT } from "./start-script";
import { STYLESHEET_SWAP_SCRIPT } from "./stylesheet-swap-script";
import { THEME_SCRIPT } from "./theme-script";

/**
 * The inline scripts a page may carry whoever it is for. The Content Security Policy lists their
 * hashes on every page, and the tip line's script manifest lists the same hashes
 * (vite-plugins/tips-manifest.ts). Relative imports: the build's configuration loads this file
 * without the `~` alias.
 */
export const FIXED_INLINE_SCRIPTS = [THEME_SCRIPT, KEEP_TAPS_SCRIPT, START_ISLANDS_SCRIPT, STYLESHEET_SWAP_SCRIPT] as const;
