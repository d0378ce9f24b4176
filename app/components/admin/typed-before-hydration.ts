/**
 * What an editor typed or ticked in a server-rendered form before the page hydrated (a slow phone
 * shows the form seconds before its scripts run). It is in the fields but not in the form's state,
 * and the form's next render would put the state back over it: forms read it once, as they come
 * alive, so the first save sends what the editor sees.
 */

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** The fields (name → element id) whose value differs from the one the server rendered, with that value. */
export function valuesTypedEarly<Name extends string>(ids: Record<Name, string>, rendered: NoInfer<Record<Name, string>>): [Name, string][] {
  const typed: [Name, string][] = [];
  for (const name of Object.keys(ids) as Name[]) {
    const field = document.getElementById(ids[name]) as Field | null;
    if (field && field.value !== rendered[name]) typed.push([name, field.value]);
  }
  return typed;
}

/** The values of the ticked boxes called `name` under `root`, or null when they are as rendered. */
export function ticksChangedEarly(root: ParentNode, name: string, rendered: readonly string[]): string[] | null {
  const boxes = [...root.querySelectorAll<HTMLInputElement>(`input[type="checkbox"][name="${name}"]`)];
  const ticked = boxes.filter((box) => box.checked).map((box) => box.value);
  const same = ticked.length === rendered.length && ticked.every((value) => rendered.includes(value));
  return same ? null : ticked;
}
