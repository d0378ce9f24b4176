/** Evidence documents for the API tests (issue 38), uploaded through the API. */
import { leaky } from "../../app/server/documents/test-pdfs";
import { asAdmin, call } from "./client";

/** A PDF with an author's name in its metadata, under `title`; `bytes` sent under the name and type of `file`. */
export async function documentForm(title: string, bytes?: Uint8Array, file = { name: "papers.pdf", type: "application/pdf" }): Promise<FormData> {
  const form = new FormData();
  form.set("file", new File([new Uint8Array(bytes ?? (await leaky.author("Sita Sharma")))], file.name, { type: file.type }));
  form.set("title_en", title);
  return form;
}

/** Uploads as `token` (the admin by default) and waits until its examination has ended, however it ended. */
export async function examinedDocument(token?: string | null, bytes?: Uint8Array): Promise<{ id: number; owner: string }> {
  const owner = token ?? (await asAdmin());
  const res = await call("/api/documents", { method: "POST", token: owner, form: await documentForm(`Papers ${Date.now()}`, bytes) });
  if (res.status !== 201) throw new Error(`document: ${res.status} ${JSON.stringify(res.body)}`);
  const id = res.body.document.id as number;
  for (;;) {
    const seen = await call(`/api/documents/${id}`, { token: owner });
    if (seen.status !== 200) throw new Error(`document ${id}: ${seen.status} ${JSON.stringify(seen.body)}`);
    if (seen.body.document.status !== "examining") return { id, owner };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
