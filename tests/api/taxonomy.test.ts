/** Categories, tags and writers over HTTP (docs/product.md#what-the-site-keeps, #validation-rules and #the-api-in-summary), as an admin. */
import { describe, expect, it } from "vitest";
import { en } from "~/lib/messages";
import { asAdmin, baseUrl, call, newReader } from "./client";
import { createArticle, createCategory, createTag, createWriter } from "./fixtures";

const run = Date.now().toString(36);
let seq = 0;
const unique = () => `${run}${(seq += 1)}`;

const admin = async (path: string, method: string, json?: unknown) => call(path, { method, token: await asAdmin(), json });

describe("categories", () => {
  it("create, list, get by id and slug, rename, delete", async () => {
    const name = `Investigations ${unique()}`;
    const created = await admin("/api/categories", "POST", { name, description: "Deep dives" });
    expect(created.status).toBe(201);
    const category = created.body;
    expect(category).toMatchObject({ name, slug: name.toLowerCase().replace(" ", "-"), description: "Deep dives", featured: false });
    expect(typeof category.id).toBe("number");

    const list = await call("/api/categories");
    expect(list.status).toBe(200);
    expect(list.body).toContainEqual(category);

    expect((await call(`/api/categories/${category.id}`)).body).toEqual(category);
    const bySlug = await call(`/api/categories/${category.slug}`);
    expect(bySlug.status).toBe(200);
    expect(bySlug.body).toEqual(category);

    const newName = `Renamed Desk ${unique()}`;
    const renamed = await admin(`/api/categories/${category.id}`, "PUT", { name: newName });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: category.id, name: newName, slug: newName.toLowerCase().replace(/ /g, "-") });
    expect(renamed.body.description).toBe("Deep dives");
    expect((await call(`/api/categories/${category.slug}`)).status).toBe(404);
    expect((await call(`/api/categories/${renamed.body.slug}`)).body.name).toBe(newName);

    const explicit = `chosen-slug-${unique()}`;
    const withSlug = await admin(`/api/categories/${category.id}`, "PUT", { name: "Another Name", slug: explicit });
    expect(withSlug.status).toBe(200);
    expect(withSlug.body).toMatchObject({ name: "Another Name", slug: explicit });

    const deleted = await admin(`/api/categories/${category.id}`, "DELETE");
    expect(deleted.status).toBe(200);
    const gone = await call(`/api/categories/${category.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ error: en.categoryNotFound, code: "category_not_found" });
    expect((await call("/api/categories")).body.map((c: { id: number }) => c.id)).not.toContain(category.id);
    expect((await admin(`/api/categories/${category.id}`, "DELETE")).status).toBe(404);
    expect((await admin(`/api/categories/${category.id}`, "PUT", { name: "Ghost" })).status).toBe(404);
  });

  it("requires a name that is not blank", async () => {
    for (const body of [{}, { name: "" }, { name: "   " }, { name: "\t\n" }]) {
      const res = await admin("/api/categories", "POST", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ error: en.categoryNameRequired, code: "category_name_required" });
    }
    const category = await createCategory();
    const res = await admin(`/api/categories/${category.id}`, "PUT", { name: "  " });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: en.categoryNameRequired, code: "category_name_required" });
    expect((await call(`/api/categories/${category.id}`)).body.name).toBe(category.name);
  });

  it("trims the name", async () => {
    const name = `Padded ${unique()}`;
    const res = await admin("/api/categories", "POST", { name: `  ${name}  ` });
    expect(res.status).toBe(201);
    expect(res.body.name).toBe(name);
  });

  it("makes a slug from the name in Latin letters when there is one, else from the Nepali name", async () => {
    const id = unique();
    const both = await admin("/api/categories", "POST", { name_ne: `खोज ${id}`, name_en: `Probe ${id}` });
    expect(both.status).toBe(201);
    expect(both.body.slug).toBe(`probe-${id}`);
    const nepaliOnly = await admin("/api/tags", "POST", { name_ne: `भ्रष्टाचार ${id}` });
    expect(nepaliOnly.status).toBe(201);
    expect(nepaliOnly.body.slug).toBe(`भ्रष्टाचार-${id}`);
  });

  it("refuses a duplicate slug with 409", async () => {
    const first = await createCategory();
    const sameName = await admin("/api/categories", "POST", { name: first.name });
    expect(sameName.status).toBe(409);
    expect(sameName.body).toEqual({ error: en.categorySlugTaken, code: "category_slug_taken" });
    const sameSlug = await admin("/api/categories", "POST", { name: `Other ${unique()}`, slug: first.slug });
    expect(sameSlug.status).toBe(409);
    expect(sameSlug.body).toEqual({ error: en.categorySlugTaken, code: "category_slug_taken" });

    const second = await createCategory();
    const renameOnto = await admin(`/api/categories/${second.id}`, "PUT", { name: first.name });
    expect(renameOnto.status).toBe(409);
    expect(renameOnto.body).toEqual({ error: en.categorySlugTaken, code: "category_slug_taken" });
    // Saving a category under its own slug is no conflict.
    expect((await admin(`/api/categories/${first.id}`, "PUT", { name: first.name })).status).toBe(200);
  });

  it("flags the section named 'Featured' by its slug (FEATURED_CATEGORY_SLUG), whatever it is renamed to", async () => {
    const res = await admin("/api/categories", "POST", { name: "Featured" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ slug: "featured", featured: true });
    expect((await call(`/api/categories/${res.body.id}`)).body.featured).toBe(true);
    // Named in Nepali, it is still the featured section; another section named 'Featured' is not.
    const renamed = await admin(`/api/categories/${res.body.id}`, "PUT", { name_en: "", name_ne: "विशेष रिपोर्ट", slug: "featured" });
    expect(renamed.body).toMatchObject({ name: "विशेष रिपोर्ट", name_en: null, featured: true });
    const namesake = await admin("/api/categories", "POST", { name: "Featured", slug: `featured-${unique()}` });
    expect(namesake.body.featured).toBe(false);
    expect((await admin(`/api/categories/${namesake.body.id}`, "DELETE")).status).toBe(200);
    expect((await admin(`/api/categories/${res.body.id}`, "DELETE")).status).toBe(200);
  });

  it("keeps a deleted category's articles, shown as 'Uncategorized'", async () => {
    const category = await createCategory();
    const article = await createArticle({ category_id: category.id });
    expect(article.category_name).toBe(category.name);
    expect((await admin(`/api/categories/${category.id}`, "DELETE")).status).toBe(200);

    const after = await call(`/api/news/${article.slug}`);
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ id: article.id, category_id: null, category_name: en.uncategorized });
    const listed = await call(`/api/news?writer=${article.writer_id}`);
    expect(listed.body.articles.map((a: { id: number; category_name: string }) => [a.id, a.category_name])).toEqual([
      [article.id, en.uncategorized],
    ]);
  });

  it("gives a Nepali category a Devanagari slug, reachable by it", async () => {
    const name = `राजनीति ${unique()}`;
    const res = await admin("/api/categories", "POST", { name });
    expect(res.status).toBe(201);
    expect(res.body.slug).toBe(name.replace(" ", "-"));
    const bySlug = await call(`/api/categories/${encodeURIComponent(res.body.slug)}`);
    expect(bySlug.status).toBe(200);
    expect(bySlug.body.id).toBe(res.body.id);
  });
});

describe("tags", () => {
  it("create, list, get by id and slug, rename, delete", async () => {
    const name = `Procurement ${unique()}`;
    const created = await admin("/api/tags", "POST", { name });
    expect(created.status).toBe(201);
    const tag = created.body;
    expect(tag).toMatchObject({ name, slug: name.toLowerCase().replace(" ", "-") });

    const list = await call("/api/tags");
    expect(list.status).toBe(200);
    expect(list.body).toContainEqual(tag);
    expect((await call(`/api/tags/${tag.id}`)).body).toEqual(tag);
    expect((await call(`/api/tags/${tag.slug}`)).body).toEqual(tag);

    const newName = `Tenders ${unique()}`;
    const renamed = await admin(`/api/tags/${tag.id}`, "PUT", { name: newName });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ id: tag.id, name: newName, name_en: newName, name_ne: null, slug: newName.toLowerCase().replace(" ", "-") });
    const explicit = `tag-slug-${unique()}`;
    const withSlug = await admin(`/api/tags/${tag.id}`, "PUT", { name: newName, slug: explicit });
    expect(withSlug.body).toEqual({ id: tag.id, name: newName, name_en: newName, name_ne: null, slug: explicit });

    expect((await admin(`/api/tags/${tag.id}`, "DELETE")).status).toBe(200);
    const gone = await call(`/api/tags/${tag.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ error: en.tagNotFound, code: "tag_not_found" });
    expect((await call("/api/tags")).body.map((t: { id: number }) => t.id)).not.toContain(tag.id);
    expect((await admin(`/api/tags/${tag.id}`, "DELETE")).status).toBe(404);
  });

  it("requires a name that is not blank", async () => {
    for (const body of [{}, { name: "" }, { name: "    " }]) {
      const res = await admin("/api/tags", "POST", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ error: en.tagNameRequired, code: "tag_name_required" });
    }
    const tag = await createTag();
    const res = await admin(`/api/tags/${tag.id}`, "PUT", { name: " " });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: en.tagNameRequired, code: "tag_name_required" });
  });

  it("refuses a duplicate slug with 409", async () => {
    const first = await createTag();
    const res = await admin("/api/tags", "POST", { name: first.name });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: en.tagSlugTaken, code: "tag_slug_taken" });
  });

  it("removes a deleted tag from its articles", async () => {
    const [kept, removed] = [await createTag(), await createTag()];
    const article = await createArticle({ tags: [kept.id, removed.id] });
    expect(article.tags).toHaveLength(2);
    expect((await admin(`/api/tags/${removed.id}`, "DELETE")).status).toBe(200);
    const after = await call(`/api/news/${article.slug}`);
    expect(after.status).toBe(200);
    expect(after.body.tags).toEqual([{ id: kept.id, name: kept.name, name_en: kept.name, name_ne: null, slug: kept.slug }]);
  });
});

describe("writers", () => {
  it("create, list, get, update, delete", async () => {
    const input = { name: `Sita Sharma ${unique()}`, email: `sita-${unique()}@example.org`, bio: "Covers courts." };
    const created = await admin("/api/writers", "POST", input);
    expect(created.status).toBe(201);
    const writer = created.body;
    expect(writer).toMatchObject(input);
    expect(typeof writer.id).toBe("number");

    const list = await call("/api/writers");
    expect(list.status).toBe(200);
    expect(list.body).toContainEqual(writer);
    expect((await call(`/api/writers/${writer.id}`)).body).toEqual(writer);

    const update = { name: `Sita K. Sharma ${unique()}`, email: `sita.k-${unique()}@example.org`, bio: "" };
    const updated = await admin(`/api/writers/${writer.id}`, "PUT", update);
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({ id: writer.id, name: update.name, name_en: update.name, name_ne: null, email: update.email, bio: null, bio_en: null, bio_ne: null });
    expect((await call(`/api/writers/${writer.id}`)).body).toEqual(updated.body);

    expect((await admin(`/api/writers/${writer.id}`, "DELETE")).status).toBe(200);
    const gone = await call(`/api/writers/${writer.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ error: en.writerNotFound, code: "writer_not_found" });
    expect((await call("/api/writers")).body.map((w: { id: number }) => w.id)).not.toContain(writer.id);
    expect((await admin(`/api/writers/${writer.id}`, "DELETE")).status).toBe(404);
    expect((await admin(`/api/writers/${writer.id}`, "PUT", update)).status).toBe(404);
  });

  it("keeps the bio when an update leaves it out, and clears it when sent empty", async () => {
    const writer = await createWriter({ bio: "Covers land records." });
    const newName = `Renamed ${unique()}`;
    const kept = await admin(`/api/writers/${writer.id}`, "PUT", { name: newName, email: writer.email });
    expect(kept.status).toBe(200);
    expect(kept.body).toEqual({
      id: writer.id,
      name: newName,
      name_en: newName,
      name_ne: null,
      email: writer.email,
      bio: "Covers land records.",
      bio_en: "Covers land records.",
      bio_ne: null,
    });
    const cleared = await admin(`/api/writers/${writer.id}`, "PUT", { name: newName, email: writer.email, bio: "" });
    expect(cleared.status).toBe(200);
    expect(cleared.body.bio).toBeNull();
  });

  it("creates a writer without a bio and trims name and e-mail", async () => {
    const name = `Ram ${unique()}`;
    const email = `ram-${unique()}@example.org`;
    const res = await admin("/api/writers", "POST", { name: `  ${name} `, email: ` ${email}  ` });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name, email, bio: null });
  });

  it("requires name and e-mail after trimming", async () => {
    const email = `x-${unique()}@example.org`;
    const cases = [{ email }, { name: "", email }, { name: "   ", email }, { name: "Hari" }, { name: "Hari", email: "" }, { name: "Hari", email: "  " }, {}];
    for (const body of cases) {
      const res = await admin("/api/writers", "POST", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toEqual({ error: en.writerRequired, code: "writer_required" });
    }
    const writer = await createWriter();
    const res = await admin(`/api/writers/${writer.id}`, "PUT", { name: " ", email: writer.email });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: en.writerRequired, code: "writer_required" });
    expect((await call(`/api/writers/${writer.id}`)).body.name).toBe(writer.name);
  });

  it("refuses an invalid e-mail", async () => {
    for (const email of ["not-an-email", "a@b", "two words@example.org", "@example.org"]) {
      const res = await admin("/api/writers", "POST", { name: "Gita", email });
      expect(res.status, email).toBe(400);
      expect(res.body, email).toEqual({ error: en.emailInvalid, code: "email_invalid" });
    }
  });

  it("keeps a deleted writer's articles, shown as 'Unknown Author'", async () => {
    const writer = await createWriter();
    const article = await createArticle({ writer_id: writer.id });
    expect(article.writer_name).toBe(writer.name);
    expect((await admin(`/api/writers/${writer.id}`, "DELETE")).status).toBe(200);

    const after = await call(`/api/news/${article.slug}`);
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ id: article.id, writer_id: null, writer_name: en.unknownAuthor });
    const search = await call(`/api/news?search=${encodeURIComponent(article.title)}`);
    expect(search.body.articles.map((a: { id: number; writer_name: string }) => [a.id, a.writer_name])).toEqual([
      [article.id, en.unknownAuthor],
    ]);
  });
});

describe("slugs that are numbers", () => {
  // A Bikram Sambat year is a likely tag or section name in this newsroom: its slug is a number.
  const year = () => `20${Date.now() % 1_000_000}${(seq += 1)}`;

  it("reach a tag named after a year by its slug: page, feed, API and the news filter", async () => {
    const tag = await createTag({ name: year() });
    expect(tag.slug).toBe(tag.name);
    const article = await createArticle({ tags: [tag.id] });
    const page = await call(`/tag/${tag.slug}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain(article.title);
    expect((await call(`/feeds/tag/${tag.slug}/rss.xml`)).status).toBe(200);
    expect((await call(`/api/tags/${tag.slug}`)).body).toEqual(tag);
    const listed = await call(`/api/news?tag=${tag.slug}`);
    expect(listed.body.articles.map((a: { id: number }) => a.id)).toEqual([article.id]);
  });

  it("reach a section named after a year by its slug: page, feed, API and the news filter", async () => {
    const category = await createCategory({ name: year() });
    const article = await createArticle({ category_id: category.id });
    const page = await call(`/category/${category.slug}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain(article.title);
    expect((await call(`/feeds/category/${category.slug}/atom.xml`)).status).toBe(200);
    expect((await call(`/api/categories/${category.slug}`)).body).toEqual(category);
    const listed = await call(`/api/news?category=${category.slug}`);
    expect(listed.body.articles.map((a: { id: number }) => a.id)).toEqual([article.id]);
  });

  it("keep a page's slug apart from ids, while the API's {id} means an id first", async () => {
    const [byId, other] = [await createTag(), await createTag()];
    // A tag whose slug is another tag's id.
    const named = await createTag({ name: String(byId.id) });
    const [first, second] = [await createArticle({ tags: [byId.id] }), await createArticle({ tags: [named.id] })];
    const page = await call(`/tag/${byId.id}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain(second.title);
    expect(page.body).not.toContain(first.title);
    expect((await call(`/api/tags/${byId.id}`)).body).toEqual(byId);
    expect((await call(`/api/news?tag=${byId.id}`)).body.articles.map((a: { id: number }) => a.id)).toEqual([first.id]);
    // A number that is neither an id nor a slug names nothing.
    expect((await call(`/tag/${other.id + 1_000_000}`)).status).toBe(404);
  });
});

describe("names in both languages", () => {
  it("a section named in both: `name` follows ?lang= or Accept-Language, each language's own beside it", async () => {
    const [english, nepali] = [`Courts ${unique()}`, `अदालत ${unique()}`];
    const created = await admin("/api/categories", "POST", {
      name_en: english,
      name_ne: nepali,
      description_en: "Judges and verdicts",
      description_ne: "न्यायाधीश र फैसला",
    });
    expect(created.status).toBe(201);
    const both = { name_en: english, name_ne: nepali, description_en: "Judges and verdicts", description_ne: "न्यायाधीश र फैसला" };
    expect(created.body).toMatchObject({ ...both, name: english, description: "Judges and verdicts" });
    const slug = created.body.slug;
    expect(slug).toBe(english.toLowerCase().replace(" ", "-"));

    const inNepali = { ...both, name: nepali, description: "न्यायाधीश र फैसला", slug };
    expect((await call(`/api/categories/${slug}?lang=ne`)).body).toMatchObject(inNepali);
    expect((await call(`/api/categories/${slug}`, { headers: { "accept-language": "ne-NP,ne;q=0.9" } })).body).toMatchObject(inNepali);
    expect((await call(`/api/categories/${slug}`)).body).toMatchObject({ name: english });
    const list = await call("/api/categories?lang=ne");
    expect(list.body.find((c: { slug: string }) => c.slug === slug)).toMatchObject(inNepali);
  });

  it("a name in one language only is shown in every language; a Nepali-only tag gets a Unicode slug", async () => {
    const nepali = `सुशासन ${unique()}`;
    const created = await admin("/api/tags", "POST", { name_ne: nepali });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: nepali, name_ne: nepali, name_en: null });
    expect(created.body.slug).toMatch(/^सुशासन-/);
    for (const lang of ["en", "ne"]) {
      expect((await call(`/api/tags/${created.body.id}?lang=${lang}`)).body.name).toBe(nepali);
    }
    const page = await fetch(`${baseUrl()}/tag/${encodeURIComponent(created.body.slug)}`);
    expect(page.status).toBe(200);
  });

  it("the spec's one `name` goes to the language of its script, and an update leaves the other language alone", async () => {
    const created = await admin("/api/tags", "POST", { name: `Bridges ${unique()}` });
    expect(created.body).toMatchObject({ name_ne: null });
    expect(created.body.name_en).toMatch(/^Bridges /);
    const nepali = `पुल ${unique()}`;
    const updated = await admin(`/api/tags/${created.body.id}`, "PUT", { name: nepali, slug: created.body.slug });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name_en: created.body.name_en, name_ne: nepali, slug: created.body.slug });
    expect((await call(`/api/tags/${created.body.id}?lang=ne`)).body.name).toBe(nepali);
  });

  it("refuses a section, tag or writer with no name in any language, and keeps the stored one", async () => {
    const tag = await admin("/api/tags", "POST", { name_en: `Dams ${unique()}` });
    for (const body of [{ name_en: "", name_ne: "  " }, { name_ne: "" }, { name: null }]) {
      const res = await admin(`/api/tags/${tag.body.id}`, "PUT", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ error: en.tagNameRequired, code: "tag_name_required" });
    }
    expect((await call(`/api/tags/${tag.body.id}`)).body.name).toBe(tag.body.name_en);
    const writer = await admin("/api/writers", "POST", { name_en: "", email: `nobody-${unique()}@example.com` });
    expect(writer.status).toBe(400);
    expect(writer.body.code).toBe("writer_required");
  });

  it("a writer's name and bio in both languages, and the spec's null bio empties both", async () => {
    const created = await admin("/api/writers", "POST", {
      name_en: "Mina Gurung",
      name_ne: "मीना गुरुङ",
      email: `mina-${unique()}@example.com`,
      bio_en: "Court reporter.",
      bio_ne: "अदालत संवाददाता।",
    });
    expect(created.status).toBe(201);
    expect((await call(`/api/writers/${created.body.id}?lang=ne`)).body).toMatchObject({ name: "मीना गुरुङ", bio: "अदालत संवाददाता।", bio_en: "Court reporter." });
    const cleared = await admin(`/api/writers/${created.body.id}`, "PUT", { name: "Mina Gurung", email: created.body.email, bio: null });
    expect(cleared.body).toMatchObject({ bio: null, bio_en: null, bio_ne: null, name_ne: "मीना गुरुङ" });
  });

  it("an article's section, writer and tags are named in the client's language, whatever the article's", async () => {
    const category = await admin("/api/categories", "POST", { name_en: `Health ${unique()}`, name_ne: `स्वास्थ्य ${unique()}` });
    const tag = await admin("/api/tags", "POST", { name_en: `Hospitals ${unique()}`, name_ne: `अस्पताल ${unique()}` });
    const writer = await admin("/api/writers", "POST", { name_en: "Ram Thapa", name_ne: "राम थापा", email: `ram-${unique()}@example.com` });
    const article = await createArticle({
      title: `अस्पतालको खरिद ${unique()}`,
      language: "ne",
      category_id: category.body.id,
      writer_id: writer.body.id,
      tags: [tag.body.id],
    });
    const tagIn = (name: string) => [{ id: tag.body.id, name, name_en: tag.body.name_en, name_ne: tag.body.name_ne, slug: tag.body.slug }];

    const inEnglish = (await call(`/api/news?category=${category.body.id}`)).body.articles[0];
    expect(inEnglish).toMatchObject({ id: article.id, category_name: category.body.name_en, writer_name: "Ram Thapa" });
    expect(inEnglish.tags).toEqual(tagIn(tag.body.name_en));

    const inNepali = (await call(`/api/news?category=${category.body.id}`, { headers: { "accept-language": "ne" } })).body.articles[0];
    expect(inNepali).toMatchObject({ id: article.id, category_name: category.body.name_ne, writer_name: "राम थापा" });
    expect(inNepali.tags).toEqual(tagIn(tag.body.name_ne));

    const detail = (await call(`/api/news/${encodeURIComponent(article.slug)}?lang=ne`)).body;
    expect(detail).toMatchObject({ category_name: category.body.name_ne, writer_name: "राम थापा" });
    // The answer to a write too.
    const saved = await call(`/api/news/${encodeURIComponent(article.slug)}`, { method: "PUT", token: await asAdmin(), headers: { "accept-language": "ne" }, json: { meta_description: "x" } });
    expect(saved.body).toMatchObject({ category_name: category.body.name_ne, writer_name: "राम थापा" });

    // A reader's saved articles, in the reader's language.
    const reader = await newReader();
    expect((await call(`/api/users/me/bookmarks/${article.id}`, { method: "POST", token: reader.token })).status).toBe(200);
    const bookmarked = async (language: string) =>
      (await call("/api/users/me/bookmarks", { token: reader.token, headers: { "accept-language": language } })).body.articles[0];
    expect(await bookmarked("ne")).toMatchObject({ id: article.id, category_name: category.body.name_ne, writer_name: "राम थापा" });
    expect(await bookmarked("en")).toMatchObject({ id: article.id, category_name: category.body.name_en, writer_name: "Ram Thapa" });
  });
});
