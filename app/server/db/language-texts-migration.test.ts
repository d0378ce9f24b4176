/**
 * Migration 0024 moves the names, descriptions and bios of sections, tags and writers from one
 * column per language into one map per row, on the embedded database and on PostgreSQL: rows
 * written in the old shape (named in one language or in both, with and without a description or
 * a bio) read back with every text where it was, and the new checks refuse a row named in none.
 */
import { expect } from "vitest";
import { onBothDatabases } from "../../../tests/support/migration-run";

const OLD_ROWS = `
  insert into categories (id, name_en, name_ne, slug, description_en, description_ne) values
    (1, 'Politics', 'राजनीति', 'politics', 'Parliament and parties.', 'संसद् र दल।'),
    (2, 'Economy', '', 'economy', 'Budgets.', ''),
    (3, '', 'प्रदेश', 'प्रदेश', '', '');
  insert into tags (id, name_en, name_ne, slug) values (1, 'Budget', 'बजेट', 'budget'), (2, '', 'सडक', 'सडक'), (3, '2081', '', '2081');
  insert into writers (id, name_en, name_ne, email, bio_en, bio_ne) values
    (1, 'Sushma Adhikari', 'सुष्मा अधिकारी', 'sushma@example.com', 'Investigations editor.', 'खोज सम्पादक।'),
    (2, '', 'विकास तामाङ', 'bikash@example.com', '', 'डेटा रिपोर्टर।'),
    (3, 'Kiran Bhattarai', '', 'kiran@example.com', '', '');
`;

onBothDatabases("migration 0024: texts by language in one map, every text moved", async ({ connection, migrateBefore, migrateAll }) => {
  const query = async (text: string) => (await connection.query(text)).rows;
  await migrateBefore("0024_language_texts");
  for (const statement of OLD_ROWS.split(";").filter((s) => s.trim())) await query(statement);
  await migrateAll();

  expect(await query("select id, slug, names, descriptions from categories order by id")).toEqual([
    { id: 1, slug: "politics", names: { en: "Politics", ne: "राजनीति" }, descriptions: { en: "Parliament and parties.", ne: "संसद् र दल।" } },
    { id: 2, slug: "economy", names: { en: "Economy" }, descriptions: { en: "Budgets." } },
    { id: 3, slug: "प्रदेश", names: { ne: "प्रदेश" }, descriptions: {} },
  ]);
  expect(await query("select id, slug, names from tags order by id")).toEqual([
    { id: 1, slug: "budget", names: { en: "Budget", ne: "बजेट" } },
    { id: 2, slug: "सडक", names: { ne: "सडक" } },
    { id: 3, slug: "2081", names: { en: "2081" } },
  ]);
  expect(await query("select id, email, names, bios from writers order by id")).toEqual([
    { id: 1, email: "sushma@example.com", names: { en: "Sushma Adhikari", ne: "सुष्मा अधिकारी" }, bios: { en: "Investigations editor.", ne: "खोज सम्पादक।" } },
    { id: 2, email: "bikash@example.com", names: { ne: "विकास तामाङ" }, bios: { ne: "डेटा रिपोर्टर।" } },
    { id: 3, email: "kiran@example.com", names: { en: "Kiran Bhattarai" }, bios: {} },
  ]);
  const columns = await query(
    "select table_name, column_name from information_schema.columns where table_name in ('categories', 'tags', 'writers') and column_name ~ '_(en|ne)$'",
  );
  expect(columns).toEqual([]);

  // Named in no language, or with an empty text kept under a language: refused.
  await expect(query(`insert into tags (names, slug) values ('{}', 'nameless')`)).rejects.toThrow(/tags_named/);
  await expect(query(`insert into tags (names, slug) values ('{"en": ""}', 'blank')`)).rejects.toThrow(/tags_names_texts/);
  await expect(query(`insert into writers (names, email, bios) values ('{"en": "A"}', 'a@example.com', '{"ne": 3}')`)).rejects.toThrow(/writers_bios_texts/);
  await expect(query(`insert into categories (names, slug) values ('{"en": "Politics"}', 'politics')`)).rejects.toThrow(/categories_slug_unique|duplicate/);
});
