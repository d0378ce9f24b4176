import { useNavigate } from "react-router";
import { useLocalizePath } from "~/contexts/i18n";

/**
 * A back-office filter form is a plain GET form (its filters live in the address, so a filtered
 * list can be bookmarked, shared and paged, and it works before JavaScript). With JavaScript, empty
 * fields, and those left at the value that filters nothing (`unfiltered`), stay out of the address.
 */
export function useFilterSubmit(path: string, unfiltered: Readonly<Record<string, string>> = {}) {
  const localize = useLocalizePath();
  const navigate = useNavigate();
  return (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) {
      const text = typeof value === "string" ? value.trim() : "";
      if (text !== "" && unfiltered[name] !== text) params.set(name, text);
    }
    const query = params.toString();
    void navigate(localize(query ? `${path}?${query}` : path));
  };
}
