import { useLocale, useMessages } from "~/contexts/i18n";
import { type OfferedList, listLabel } from "~/lib/newsletter-lists";

/**
 * The lists a reader may join, as checkboxes named `lists` (a plain form sends each one checked),
 * grouped under one legend so that a screen reader says what they are for.
 */
export function ListChoices({
  lists,
  checked,
  onChange,
  tone = "page",
}: {
  lists: OfferedList[];
  checked: readonly string[];
  onChange?: (lists: string[]) => void;
  tone?: "page" | "dark";
}) {
  const messages = useMessages();
  const locale = useLocale();
  const toggle = (list: string, on: boolean) => onChange?.(on ? [...checked, list] : checked.filter((other) => other !== list));
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className={`mb-1 text-sm font-semibold ${tone === "dark" ? "text-neutral-200" : "text-neutral-800 dark:text-neutral-200"}`}>
        {messages.newsletterListsLegend}
      </legend>
      {lists.map((entry) => (
        <label key={entry.list} className="flex min-h-8 items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="lists"
            value={entry.list}
            {...(onChange
              ? { checked: checked.includes(entry.list), onChange: (event: React.ChangeEvent<HTMLInputElement>) => toggle(entry.list, event.target.checked) }
              : { defaultChecked: checked.includes(entry.list) })}
            className="size-4 accent-brand"
          />
          {listLabel(messages, locale, entry)}
        </label>
      ))}
    </fieldset>
  );
}
