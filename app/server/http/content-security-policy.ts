/**
 * The Content Security Policy: no third-party origin anywhere, since readers may be watched
 * (DESIGN "Privacy"), and inline scripts only when the server vouches for them.
 *
 * How it vouches depends on whether the page is shared. A personal page (the back office) gets a
 * fresh random nonce per response. A public page is cached and sent to every reader, so a nonce in
 * it would be one fixed value for everyone, a secret in name only; instead the policy lists the
 * SHA-256 hash of each inline script the page actually contains, which a cache may keep and share.
 */
import { createHash, randomBytes } from "node:crypto";
import { FIXED_INLINE_SCRIPTS } from "~/lib/fixed-inline-scripts";
import { config } from "../platform/config";

export type ScriptSources = { nonce: string } | { hashes: string[] };

const scriptHash = (script: string) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`;
const FIXED_SCRIPT_HASHES = FIXED_INLINE_SCRIPTS.map(scriptHash);

export const newNonce = () => randomBytes(16).toString("base64");

/**
 * The hashes of every inline script in `html`. React and React Router write them, and escape any
 * "</script" inside one, so the first closing tag ends each script.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = "", content = ""] = match;
    if (!/\bsrc\s*=/i.test(attributes)) hashes.add(scriptHash(content));
  }
  return [...hashes];
}

/**
 * Uploads kept in object storage come from MEDIA_PUBLIC_URL's origin, which may be plain http (a
 * bucket on the local network); any https origin is allowed already, for images editors link to.
 */
function mediaSources(): string {
  const base = config().mediaPublicUrl;
  return URL.canParse(base) ? ` ${new URL(base).origin}` : "";
}

/** `sources` undefined: development, where Vite injects scripts of its own. */
export function contentSecurityPolicy(sources: ScriptSources | undefined): string {
  const scripts =
    sources === undefined
      ? `'self' 'unsafe-inline'`
      : "nonce" in sources
        ? // Personal pages (the back office, the tip line) encrypt with libsodium, which is WebAssembly:
          // compiling it needs 'wasm-unsafe-eval', which allows no JavaScript eval.
          `'self' 'nonce-${sources.nonce}' ${FIXED_SCRIPT_HASHES.join(" ")} 'wasm-unsafe-eval'`
        : ["'self'", ...new Set([...sources.hashes, ...FIXED_SCRIPT_HASHES])].join(" ");
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: https:${mediaSources()}`,
    `media-src 'self' https:${mediaSources()}`,
    "font-src 'self'",
    "connect-src 'self'" + (sources === undefined ? " ws: wss:" : ""),
    // The tip line's proof of work runs in a worker of this site's own (components/tips/puzzle-worker.ts).
    "worker-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}
