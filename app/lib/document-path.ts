/** Where readers find a published document (issue 38), in every edition: `/documents/{slug}`, under `/ne` in the Nepali one. */
export const documentPath = (slug: string) => `/documents/${slug}`;
