import { createContext, useContext } from "react";

/**
 * Reader pages carry their stylesheet in the page (issue 14): on a phone's network a linked one is
 * a further round trip before anything paints, and the Guardian and the BBC inline theirs for the
 * same reason. The text is handed in by the server's entry (entry.server.tsx) so that it never
 * ships in a script; the back office links the whole stylesheet instead (root.tsx).
 */
const ReaderStylesheetContext = createContext("");

export const ReaderStylesheetProvider = ReaderStylesheetContext.Provider;

export function ReaderStylesheet() {
  return <style dangerouslySetInnerHTML={{ __html: useContext(ReaderStylesheetContext) }} />;
}
