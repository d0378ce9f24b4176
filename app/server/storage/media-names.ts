/** The names uploads are stored under, and the URL path that refers to them wherever they are kept. */
export const UPLOADS_URL_PREFIX = "/uploads/";

const SAFE_NAME = /^[a-z0-9][a-z0-9._-]*$/i;

export const isSafeMediaName = (name: string): boolean => SAFE_NAME.test(name);

export function assertSafeMediaName(name: string): void {
  if (!isSafeMediaName(name)) throw new Error(`unsafe media name: ${name}`);
}
