// @vitest-environment happy-dom
import { act, cleanup, renderHook, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { I18nProvider } from "~/components/i18n/router-i18n";
import { NotificationsProvider } from "~/components/notifications/notifications";
import type { ArticleDetail } from "~/lib/api-types";
import { draftKey } from "./draft";
import { type ArticleEditingEvents, useArticleEditing } from "./use-article-editing";

const STORED = "2026-11-20T08:00:00.000Z";
const NEWER = "2026-11-21T09:30:00.000Z";

function storedArticle(changes: Partial<ArticleDetail> = {}): ArticleDetail {
  return {
    id: 7,
    title: "Gravel trail",
    slug: "gravel-trail",
    language: "en",
    excerpt: "",
    read_time: 1,
    writer_id: 3,
    writer_name: "Sita",
    category_id: null,
    category_name: null,
    category_slug: null,
    meta_title: "",
    meta_description: "",
    is_published: false,
    is_featured: false,
    published_at: STORED,
    created_at: STORED,
    updated_at: STORED,
    image_url: null,
    image_width: null,
    image_height: null,
    image_variants: null,
    tags: [],
    content: "<p>First lines</p>",
    content_image_variants: {},
    media: [],
    related: [],
    related_news_ids: [4],
    comments: [],
    translation: null,
    translations: [],
    notes: [],
    scheduled_at: null,
    live: null,
    ...changes,
  };
}

interface SentRequest {
  method: string;
  path: string;
  fields: Record<string, string>;
}

/** A stand-in for the API: answers in the order given, and remembers what the form sent. */
function fakeApi(...answers: Array<{ status: number; body: unknown } | "offline">) {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string, init: RequestInit) => {
      const fields: Record<string, string> = {};
      if (init.body instanceof FormData) init.body.forEach((value, name) => (fields[name] = String(value)));
      sent.push({ method: init.method ?? "GET", path, fields });
      const answer = answers.shift();
      if (!answer) throw new Error(`No answer prepared for ${init.method} ${path}`);
      if (answer === "offline") throw new TypeError("Failed to fetch");
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { "content-type": "application/json" } });
    }),
  );
  return sent;
}

function renderEditing(article: ArticleDetail | null, path = "/admin/articles/new") {
  const events: ArticleEditingEvents = { onMoved: vi.fn(), onInvalid: vi.fn() };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[path]}>
      <I18nProvider defaultLocale="en">
        <NotificationsProvider>{children}</NotificationsProvider>
      </I18nProvider>
    </MemoryRouter>
  );
  const view = renderHook(() => useArticleEditing(article, events), { wrapper });
  return { ...view, events };
}

const keptDraft = (slug: string | null) => {
  const raw = window.localStorage.getItem(draftKey(slug));
  return raw ? (JSON.parse(raw) as { values: { title: string; content: string }; updatedAt: string | null }) : null;
};

/** Lets the local draft's timer run out: it is written half a second after the last change. */
const afterAutosave = () => act(() => vi.advanceTimersByTimeAsync(600));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  window.localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("useArticleEditing: checks before sending", () => {
  it("sends nothing without title, content and writer, and points at the first empty field", async () => {
    const sent = fakeApi();
    const { result, events } = renderEditing(null);

    await act(() => result.current.save());

    expect(sent).toEqual([]);
    expect(result.current.formError).toBe("Title, content, and writer are required");
    expect([...result.current.invalid].sort()).toEqual(["content", "title", "writer_id"]);
    expect(events.onInvalid).toHaveBeenCalledWith("title");
    expect(screen.getByText("Title, content, and writer are required").dataset.kind).toBe("error");
  });

  it("clears a field's mark when it is filled, and the message once every marked field is", async () => {
    fakeApi();
    const { result } = renderEditing(null);
    await act(() => result.current.save());

    act(() => result.current.set("title", "Budget leak"));
    expect([...result.current.invalid].sort()).toEqual(["content", "writer_id"]);
    expect(result.current.formError).not.toBeNull();

    act(() => result.current.set("writer_id", "3"));
    act(() => result.current.set("content", "<p>Body</p>"));
    expect(result.current.invalid.size).toBe(0);
    expect(result.current.formError).toBeNull();
  });

  it("refuses to save while an upload is still running", async () => {
    const sent = fakeApi();
    const { result } = renderEditing(storedArticle());
    let finishUpload: () => void = () => undefined;
    act(() => {
      void result.current.trackUpload(new Promise<void>((resolve) => (finishUpload = resolve)));
    });

    await act(() => result.current.save());
    expect(sent).toEqual([]);
    expect(result.current.formError).toBe("Wait until the uploads finish, then save.");

    await act(async () => finishUpload());
    fakeApi({ status: 200, body: storedArticle({ updated_at: NEWER }) });
    await act(() => result.current.save());
    expect(result.current.formError).toBeNull();
  });
});

describe("useArticleEditing: saving", () => {
  it("creates a new article, forgets the local draft and moves to the saved article", async () => {
    const { result, events } = renderEditing(null);
    act(() => {
      result.current.set("title", "Budget leak");
      result.current.set("writer_id", "3");
      result.current.set("content", "<p>The ledger</p>");
    });
    await afterAutosave();
    expect(keptDraft(null)?.values.title).toBe("Budget leak");

    const saved = storedArticle({ title: "Budget leak", slug: "budget-leak" });
    const sent = fakeApi({ status: 201, body: saved });
    await act(() => result.current.save());

    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: "POST", path: "/api/news" });
    expect(sent[0]!.fields).toMatchObject({ title: "Budget leak", writer_id: "3", content: "<p>The ledger</p>", language: "en" });
    expect(sent[0]!.fields.updated_at).toBeUndefined();
    expect(keptDraft(null)).toBeNull();
    expect(events.onMoved).toHaveBeenCalledWith(saved);
    expect(screen.getByText("Article created successfully").dataset.kind).toBe("success");
  });

  it("keeps what was typed while the save was on its way, as a draft of the saved article", async () => {
    // Waiting for the request to leave needs the real clock.
    vi.useRealTimers();
    const { result } = renderEditing(null);
    act(() => {
      result.current.set("title", "Budget leak");
      result.current.set("writer_id", "3");
      result.current.set("content", "<p>The ledger</p>");
    });
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal("fetch", vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))));

    let saving: Promise<void> = Promise.resolve();
    act(() => {
      saving = result.current.save();
    });
    await waitFor(() => expect(result.current.saving).toBe(true));
    act(() => result.current.set("content", "<p>The ledger, and the second line</p>"));
    const saved = storedArticle({ title: "Budget leak", slug: "budget-leak", updated_at: NEWER });
    await act(async () => {
      answer(new Response(JSON.stringify(saved), { status: 201 }));
      await saving;
    });

    expect(keptDraft("budget-leak")).toMatchObject({
      values: { content: "<p>The ledger, and the second line</p>" },
      updatedAt: NEWER,
    });
  });

  it("sends the version it edits, and after a save edits the server's new version", async () => {
    const { result, events } = renderEditing(storedArticle(), "/admin/articles/edit/gravel-trail");
    act(() => result.current.set("title", "Gravel trail, part two"));
    expect(result.current.dirty).toBe(true);

    const sent = fakeApi(
      { status: 200, body: storedArticle({ title: "Gravel trail, part two", updated_at: NEWER }) },
      { status: 200, body: storedArticle({ title: "Gravel trail, part three", updated_at: "2026-11-22T10:00:00.000Z" }) },
    );
    await act(() => result.current.save());

    expect(sent[0]).toMatchObject({ method: "PUT", path: "/api/news/gravel-trail" });
    expect(sent[0]!.fields).toMatchObject({ title: "Gravel trail, part two", updated_at: STORED, related_news_ids: "[4]" });
    expect(result.current.dirty).toBe(false);
    expect(events.onMoved).not.toHaveBeenCalled();
    expect(screen.getByText("Article updated successfully")).toBeTruthy();

    act(() => result.current.set("title", "Gravel trail, part three"));
    await act(() => result.current.save());
    expect(sent[1]!.fields.updated_at).toBe(NEWER);
  });

  it("moves to the new address when a save changes the slug", async () => {
    const { result, events } = renderEditing(storedArticle(), "/admin/articles/edit/gravel-trail");
    act(() => result.current.set("slug", "the-gravel-trail"));
    const saved = storedArticle({ slug: "the-gravel-trail", updated_at: NEWER });
    fakeApi({ status: 200, body: saved });

    await act(() => result.current.save());
    expect(events.onMoved).toHaveBeenCalledWith(saved);
  });
});

describe("useArticleEditing: a save that fails loses nothing", () => {
  it("keeps the values and the draft when the network is down", async () => {
    const { result } = renderEditing(storedArticle(), "/admin/articles/edit/gravel-trail");
    act(() => result.current.set("content", "<p>Two hours of work</p>"));
    fakeApi("offline");

    await act(() => result.current.save());

    expect(result.current.formError).toBe("Failed to save article. Check console for details.");
    expect(result.current.values.content).toBe("<p>Two hours of work</p>");
    expect(result.current.dirty).toBe(true);
    expect(result.current.saving).toBe(false);
    expect(keptDraft("gravel-trail")?.values.content).toBe("<p>Two hours of work</p>");
  });

  it("shows the server's own message when it refuses the article", async () => {
    const { result } = renderEditing(storedArticle(), "/admin/articles/edit/gravel-trail");
    act(() => result.current.set("title", "Gravel"));
    fakeApi({ status: 400, body: { error: "Slug already exists", code: "slug_taken" } });

    await act(() => result.current.save());
    expect(result.current.formError).toBe("Slug already exists");
    expect(result.current.values.title).toBe("Gravel");
  });

  it("says the story changed elsewhere on a 409, and 'save anyway' saves over the latest version", async () => {
    const { result } = renderEditing(storedArticle(), "/admin/articles/edit/gravel-trail");
    act(() => result.current.set("content", "<p>Mine</p>"));
    const sent = fakeApi(
      { status: 409, body: { error: "Someone else saved this article", code: "edit_conflict" } },
      { status: 200, body: storedArticle({ content: "<p>Theirs</p>", updated_at: NEWER }) },
      { status: 200, body: storedArticle({ content: "<p>Mine</p>", updated_at: "2026-11-21T09:31:00.000Z" }) },
    );

    await act(() => result.current.save());
    expect(result.current.conflict).toBe(true);
    expect(result.current.refusedSaves).toBe(1);
    expect(result.current.formError).toBeNull();
    expect(result.current.values.content).toBe("<p>Mine</p>");
    expect(keptDraft("gravel-trail")?.values.content).toBe("<p>Mine</p>");

    await act(() => result.current.saveOverLatest());
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual(["PUT /api/news/gravel-trail", "GET /api/news/gravel-trail", "PUT /api/news/gravel-trail"]);
    expect(sent[2]!.fields).toMatchObject({ content: "<p>Mine</p>", updated_at: NEWER });
    expect(result.current.conflict).toBe(false);
    expect(result.current.dirty).toBe(false);
  });

  it("recognises a conflict by its code, whatever language the message is in", async () => {
    const { result } = renderEditing(storedArticle(), "/ne/admin/articles/edit/gravel-trail");
    act(() => result.current.set("content", "<p>Mine</p>"));
    fakeApi({ status: 409, body: { error: "अरू कसैले यो समाचार सेभ गर्नुभयो", code: "edit_conflict" } });

    await act(() => result.current.save());
    expect(result.current.conflict).toBe(true);
  });
});

describe("useArticleEditing: the local draft", () => {
  it("writes a draft half a second after typing stops, and drops it when the changes are undone", async () => {
    const { result } = renderEditing(storedArticle(), "/admin/articles/edit/gravel-trail");
    act(() => result.current.set("title", "Gravel trail, revised"));
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(keptDraft("gravel-trail")).toBeNull();
    await afterAutosave();
    expect(keptDraft("gravel-trail")).toMatchObject({ values: { title: "Gravel trail, revised" }, updatedAt: STORED });

    act(() => result.current.set("title", "Gravel trail"));
    await afterAutosave();
    expect(keptDraft("gravel-trail")).toBeNull();
  });

  it("restores a kept draft on opening the form, and discarding it brings back the stored article", async () => {
    const savedAt = "2026-11-20T09:00:00.000Z";
    window.localStorage.setItem(
      draftKey("gravel-trail"),
      JSON.stringify({ savedAt, values: { title: "Typed before the crash", content: "<p>Unsaved</p>" }, updatedAt: STORED }),
    );
    const { result } = renderEditing(storedArticle(), "/admin/articles/edit/gravel-trail");

    expect(result.current.ready).toBe(true);
    expect(result.current.values.title).toBe("Typed before the crash");
    expect(result.current.restoredAt).toBe(savedAt);
    expect(result.current.conflict).toBe(false);
    const editorBefore = result.current.editorKey;

    act(() => result.current.discardDraft());
    expect(result.current.values.title).toBe("Gravel trail");
    expect(result.current.restoredAt).toBeNull();
    expect(result.current.editorKey).not.toBe(editorBefore);
    expect(keptDraft("gravel-trail")).toBeNull();
  });

  it("warns of a conflict at once when the kept draft was typed over an older version", async () => {
    window.localStorage.setItem(
      draftKey("gravel-trail"),
      JSON.stringify({ savedAt: STORED, values: { title: "Typed over the old version", writer_id: "3", content: "<p>Old</p>" }, updatedAt: STORED }),
    );
    const sent = fakeApi({ status: 409, body: { error: "conflict", code: "edit_conflict" } });
    const { result } = renderEditing(storedArticle({ updated_at: NEWER }), "/admin/articles/edit/gravel-trail");

    expect(result.current.conflict).toBe(true);
    await act(() => result.current.save());
    expect(sent[0]!.fields.updated_at).toBe(STORED);
  });
});

describe("useArticleEditing: autosaves to the server", () => {
  const afterIdle = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
  /** Lets the save's promises settle (a little time at a time: timers are fake) until `check` holds. */
  async function until(check: () => boolean) {
    for (let i = 0; i < 50 && !check(); i++) await afterIdle(10);
    expect(check()).toBe(true);
  }

  it("saves a draft with unsaved changes quietly after 30 s without typing, marked as an autosave", async () => {
    const sent = fakeApi({ status: 200, body: storedArticle({ title: "Gravel trail, day two", updated_at: NEWER }) });
    const { result } = renderEditing(storedArticle(), "/admin/articles/edit/gravel-trail");
    act(() => result.current.set("title", "Gravel trail, day two"));
    await afterIdle(29_000);
    expect(sent).toEqual([]);
    await afterIdle(2_000);
    await until(() => sent.length === 1);
    expect(sent[0]).toMatchObject({ method: "PUT", path: "/api/news/gravel-trail", fields: { autosave: "true", title: "Gravel trail, day two", updated_at: STORED } });
    await until(() => result.current.autosavedAt === NEWER);
    expect(result.current.dirty).toBe(false);
    expect(screen.queryByText("Article updated successfully")).toBeNull();
  });

  it("never autosaves a published story, nor a draft about to be published", async () => {
    const sent = fakeApi();
    const published = renderEditing(storedArticle({ is_published: true }), "/admin/articles/edit/gravel-trail");
    act(() => published.result.current.set("title", "Changed while live"));
    await afterIdle(61_000);
    published.unmount();
    const draft = renderEditing(storedArticle(), "/admin/articles/edit/gravel-trail");
    act(() => draft.result.current.set("is_published", true));
    await afterIdle(61_000);
    expect(sent).toEqual([]);
  });

  it("says nothing when an autosave fails, and keeps the work in the local draft", async () => {
    const sent = fakeApi("offline");
    const { result } = renderEditing(storedArticle(), "/admin/articles/edit/gravel-trail");
    act(() => result.current.set("title", "Typed on a train"));
    await afterIdle(31_000);
    await until(() => sent.length === 1);
    await until(() => keptDraft("gravel-trail")?.values.title === "Typed on a train");
    expect(result.current.formError).toBeNull();
    expect(result.current.dirty).toBe(true);
  });
});
