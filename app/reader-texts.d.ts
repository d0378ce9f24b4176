/** A catalog cut to the reader islands' texts (vite-plugins/reader-texts.ts). */
declare module "*?reader" {
  const texts: Partial<import("~/lib/messages").Catalog>;
  export default texts;
}
