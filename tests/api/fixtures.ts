/** Known data for the API tests, created through the API as an admin. */
import { asAdmin, call } from "./client";

let seq = 0;
const next = () => `${Date.now().toString(36)}${(seq += 1)}`;

export async function createWriter(overrides: Record<string, unknown> = {}) {
  const res = await call("/api/writers", {
    method: "POST",
    token: await asAdmin(),
    json: { name: `Writer ${next()}`, email: `writer-${next()}@test.example`, bio: "Reports on budgets.", ...overrides },
  });
  if (res.status !== 201) throw new Error(`writer: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; name: string; email: string; bio: string | null };
}

export async function createCategory(overrides: Record<string, unknown> = {}) {
  const res = await call("/api/categories", {
    method: "POST",
    token: await asAdmin(),
    json: { name: `Category ${next()}`, description: "A test category", ...overrides },
  });
  if (res.status !== 201) throw new Error(`category: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; name: string; name_en: string | null; name_ne: string | null; slug: string; description: string };
}

export async function createTag(overrides: Record<string, unknown> = {}) {
  const res = await call("/api/tags", { method: "POST", token: await asAdmin(), json: { name: `Tag ${next()}`, ...overrides } });
  if (res.status !== 201) throw new Error(`tag: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; name: string; name_en: string | null; name_ne: string | null; slug: string };
}

/** Creates an article through the JSON form of POST /api/news. */
export async function createArticle(overrides: Record<string, unknown> = {}) {
  const writer = overrides.writer_id ? undefined : await createWriter();
  const res = await call("/api/news", {
    method: "POST",
    token: await asAdmin(),
    json: {
      title: `Audit finds missing funds ${next()}`,
      content: "<p>The audit report lists payments without receipts.</p>",
      writer_id: writer?.id,
      is_published: "true",
      ...overrides,
    },
  });
  if (res.status !== 201) throw new Error(`article: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Record<string, any> & { id: number; slug: string; title: string };
}
