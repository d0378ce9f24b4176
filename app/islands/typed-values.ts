/**
 * What a reader typed into an island's fields before its script arrived (or a password manager
 * filled in), handed to the island once it has hydrated. The island's fields show its state, which
 * starts as the server rendered it: without this, its next render put that back over the typed
 * text, and a sign-in sent before hydration said "All fields are required".
 */
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Inputs a person types into; a checkbox's or a button's value is not typed. */
const TYPED_INPUT = /^(?:text|email|password|search|tel|url|number)$/;

const initialValue = (field: Field) =>
  field instanceof HTMLSelectElement ? ([...field.options].find((option) => option.defaultSelected) ?? field.options[0])?.value : field.defaultValue;

/** The fields of `island` whose value is no longer the one its HTML came with. */
export function typedValues(island: HTMLElement): Map<Field, string> {
  const typed = new Map<Field, string>();
  for (const field of island.querySelectorAll<Field>("input, textarea, select")) {
    if (field instanceof HTMLInputElement && !TYPED_INPUT.test(field.type)) continue;
    if (field.value !== initialValue(field)) typed.set(field, field.value);
  }
  return typed;
}

/**
 * Gives each hydrated field its typed value back as an edit React sees: React remembers the last
 * value it knew on the element, so the value goes through that first (as empty) and then past it,
 * and the event that follows reads as a change.
 */
export function handBack(typed: Map<Field, string>): void {
  for (const [field, value] of typed) {
    if (!field.isConnected) continue;
    const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set;
    field.value = "";
    setValue?.call(field, value);
    field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
  }
}
