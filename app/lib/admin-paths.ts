/** Where the back office edits an article: its slug, which may be Devanagari, encoded. */
export const articleEditPath = (slug: string) => `/admin/articles/edit/${encodeURIComponent(slug)}`;

/** The back office's account screen, where an account sets up its second factors (issue 35). */
export const ACCOUNT_SECURITY_PATH = "/admin/account";

/** The back office's library of evidence documents (issue 38), and one document's page in it. */
export const DOCUMENTS_PATH = "/admin/documents";
export const documentPath = (id: number) => `${DOCUMENTS_PATH}/${id}`;

/** The live desk of a story (issue 39): the phone composer of its updates. */
export const articleLivePath = (slug: string) => `/admin/articles/live/${encodeURIComponent(slug)}`;

/** The back office's newsletter (issue 40): its issues, one issue's page, the suppressed addresses and the topic lists. */
export const NEWSLETTER_PATH = "/admin/newsletter";
export const newsletterIssuePath = (id: number) => `${NEWSLETTER_PATH}/${id}`;
export const NEWSLETTER_SUPPRESSIONS_PATH = `${NEWSLETTER_PATH}/suppressions`;
export const NEWSLETTER_SUBSCRIBERS_PATH = `${NEWSLETTER_PATH}/subscribers`;
export const NEWSLETTER_TOPICS_PATH = `${NEWSLETTER_PATH}/topics`;
