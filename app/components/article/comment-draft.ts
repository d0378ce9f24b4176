/**
 * docs/product.md#comments: a guest's comment is kept while they sign in, and posted once they have. It lives in
 * sessionStorage, per article, so a full reload in between (or signing up in a slow modal) loses
 * nothing, and it never outlives the tab.
 */
export interface CommentDraft {
  content: string;
  /** The reader pressed Post Comment: send it as soon as they are signed in. */
  postAfterSignIn: boolean;
}

const keyFor = (articleId: number) => `commentDraft:${articleId}`;

export function readCommentDraft(articleId: number): CommentDraft | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(keyFor(articleId)) ?? "null");
    if (!value || typeof value !== "object" || !("content" in value) || typeof value.content !== "string") return null;
    return { content: value.content, postAfterSignIn: "postAfterSignIn" in value && value.postAfterSignIn === true };
  } catch {
    return null;
  }
}

export function saveCommentDraft(articleId: number, draft: CommentDraft): void {
  try {
    if (draft.content === "") sessionStorage.removeItem(keyFor(articleId));
    else sessionStorage.setItem(keyFor(articleId), JSON.stringify(draft));
  } catch {
    // storage full or disabled: the draft still lives in the form for this page view
  }
}

export function clearCommentDraft(articleId: number): void {
  saveCommentDraft(articleId, { content: "", postAfterSignIn: false });
}
