import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { I18nProvider } from "~/components/i18n/router-i18n";
import { ArticleDates } from "./ArticleDates";

const PUBLISHED = "2026-11-17T01:03:21.817Z";
const UPDATED = "2026-11-18T07:03:21.817Z";

/** Visible text of the dates as a page at `path` renders them (tags and React's text markers removed). */
function datesText(path: string, publishedAt: string, updatedAt: string): string {
  const html = renderToString(
    <MemoryRouter initialEntries={[path]}>
      <I18nProvider defaultLocale="en">
        <ArticleDates publishedAt={publishedAt} updatedAt={updatedAt} />
      </I18nProvider>
    </MemoryRouter>,
  );
  return html.replace(/<\/span><span>/g, " | ").replace(/<[^>]+>/g, "");
}

describe("ArticleDates", () => {
  it("shows the date alone for an article never changed after publishing", () => {
    expect(datesText("/article/x", PUBLISHED, PUBLISHED)).toBe("Published Nov 17, 2026");
    expect(datesText("/ne/article/x", PUBLISHED, PUBLISHED)).toBe("प्रकाशित: मंसिर १, २०८३");
  });

  it("shows first published and last updated, with the time in Nepal, in either language", () => {
    expect(datesText("/article/x", PUBLISHED, UPDATED)).toBe("Published Nov 17, 2026, 06:48 | Updated Nov 18, 2026, 12:48");
    expect(datesText("/ne/article/x", PUBLISHED, UPDATED)).toBe("प्रकाशित: मंसिर १, २०८३, ०६:४८ बजे | अपडेट: मंसिर २, २०८३, १२:४८ बजे");
  });
});
