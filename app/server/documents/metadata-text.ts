/**
 * Metadata values as findings show them (issue 38), the same for a PDF's and for a photo's: on one
 * line, at most MAX_TEXT characters, and an XMP packet's values each named by its property.
 */
const MAX_TEXT = 500;

export function clip(text: string): string {
  const trimmed = text.replace(/\s+/g, " ").trim();
  return trimmed.length > MAX_TEXT ? `${trimmed.slice(0, MAX_TEXT)}…` : trimmed;
}

/** Each value in an XMP packet with the name of the property that holds it ("dc:creator: Sita"). */
export function xmpValues(xml: string): string[] {
  const values: string[] = [];
  const open: string[] = [];
  for (const [token, tag, attributes, text] of xml.matchAll(/<([/?!]?[\w:.-]*)([^>]*)>|([^<]+)/g)) {
    if (text !== undefined) {
      const value = text.trim();
      const property = open.findLast((name) => !/^(rdf|x):/.test(name));
      if (value && property) values.push(`${property}: ${value}`);
    } else if (tag?.startsWith("/")) {
      open.pop();
    } else if (tag && !/^[?!]/.test(tag)) {
      for (const [, name, value] of (attributes ?? "").matchAll(/([\w.-]+:[\w.-]+)\s*=\s*"([^"]*)"/g)) {
        if (!/^(xmlns|rdf|x):/.test(name!) && value!.trim()) values.push(`${name}: ${value!.trim()}`);
      }
      if (!token.endsWith("/>")) open.push(tag);
    }
  }
  return values;
}
