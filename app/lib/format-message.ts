/**
 * Fills the `{name}` slots of a catalog message: 'Search results for "{query}"'. The slots stay
 * in the message, not in code, so a translation can put them where its grammar needs them.
 */
export function formatMessage(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (slot, name: string) => (name in values ? String(values[name]) : slot));
}
