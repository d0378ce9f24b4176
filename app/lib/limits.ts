/**
 * The limits and enumerations of the spec, without zod: browser code imports these freely, and
 * loads the schemas (and zod) only when a form is submitted.
 */

/** SPEC 5: non-space text, @, text, dot, text. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const META_TITLE_MAX = 1000;
export const PASSWORD_MIN = 8;
export const COMMENT_MAX = 5000;
export const LANGUAGES = ["ne", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
export const ROLES = ["user", "admin"] as const;
export type Role = (typeof ROLES)[number];
