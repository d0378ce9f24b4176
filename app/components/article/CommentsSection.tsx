import { useEffect, useId, useRef, useState } from "react";
import { useNotify } from "~/components/notifications/notifications";
import { knownUser, useSession } from "~/components/session/session";
import type { ShownComment } from "~/lib/article-cards";
import { apiRequest } from "~/lib/api-client";
import { formatMessage } from "~/lib/format-message";
import { COMMENT_MAX } from "~/lib/limits";
import { clearCommentDraft, readCommentDraft, saveCommentDraft } from "./comment-draft";
import { useFormatNumber, useMessages } from "~/contexts/i18n";
import { CardTime } from "~/components/article-card/CardTime";

/** Comments (docs/product.md#comments): the count, the form and the approved comments (the loader has no others). */
export function CommentsSection({ articleId, comments }: { articleId: number; comments: ShownComment[] }) {
  const messages = useMessages();
  const formatNumber = useFormatNumber();
  const headingId = useId();
  return (
    <section id="comments" aria-labelledby={headingId} className="scroll-mt-32">
      <h2 id={headingId} className="border-b-2 border-brand pb-1 text-xl font-black">
        {formatMessage(messages.commentsCount, { n: formatNumber(comments.length) })}
      </h2>
      <CommentForm articleId={articleId} />
      {comments.length === 0 ? (
        <p className="mt-6 text-neutral-600 dark:text-neutral-400">{messages.noComments}</p>
      ) : (
        <ol className="mt-6 divide-y divide-neutral-200 dark:divide-neutral-800">
          {comments.map((comment) => (
            <CommentItem key={comment.id} comment={comment} />
          ))}
        </ol>
      )}
    </section>
  );
}

function CommentItem({ comment }: { comment: ShownComment }) {
  const messages = useMessages();
  const name = comment.user_name?.trim() || messages.anonymous;
  return (
    <li className="flex gap-3 py-4">
      <span
        aria-hidden="true"
        className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-neutral-200 text-sm font-bold text-neutral-700 dark:bg-neutral-800 dark:text-neutral-200"
      >
        {name.charAt(0).toUpperCase()}
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm">
          <span className="font-semibold">{name}</span>
          <span className="text-neutral-500 dark:text-neutral-400">
            {" · "}
            <CardTime iso={comment.created_at} />
          </span>
        </p>
        <p className="mt-1 whitespace-pre-line break-words">{comment.content}</p>
      </div>
    </li>
  );
}

/**
 * docs/product.md#comments and #validation-rules: blank comments are never sent; a guest who posts is asked to sign in, and the kept
 * draft is posted once they have (right after the modal, or on the next page load).
 */
function CommentForm({ articleId }: { articleId: number }) {
  const messages = useMessages();
  const session = useSession();
  const notify = useNotify();
  const [content, setContent] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const posting = useRef(false);
  const checkedKeptDraft = useRef(false);
  const id = useId();

  useEffect(() => {
    const draft = readCommentDraft(articleId);
    if (draft) setContent(draft.content);
  }, [articleId]);

  async function post(text: string) {
    if (posting.current) return;
    posting.current = true;
    setBusy(true);
    const result = await apiRequest(`/api/news/${articleId}/comments`, { method: "POST", json: { content: text } });
    posting.current = false;
    setBusy(false);
    if (result.ok) {
      clearCommentDraft(articleId);
      setContent("");
      notify(messages.commentSubmitted, "success");
    } else if (result.status === 401) {
      // The session ended since the page loaded: sign in again, the draft waits.
      askToSignIn(text);
    } else {
      saveCommentDraft(articleId, { content: text, postAfterSignIn: false });
      notify(messages.commentFailed, "error");
    }
  }

  function askToSignIn(text: string) {
    saveCommentDraft(articleId, { content: text, postAfterSignIn: true });
    session.openAuth({
      onSignedIn: () => {
        const draft = readCommentDraft(articleId);
        if (draft?.postAfterSignIn) void post(draft.content);
      },
    });
  }

  // A draft kept for posting, and the reader is now signed in (e.g. signed in on another page).
  useEffect(() => {
    if (session.status !== "ready" || checkedKeptDraft.current) return;
    checkedKeptDraft.current = true;
    const draft = readCommentDraft(articleId);
    if (draft?.postAfterSignIn && session.user) void post(draft.content);
    // Once, when the session is first known; later sign-ins go through askToSignIn's callback.
  }, [session.status]);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    // The schemas (and zod) load on first submit, keeping them off the page's critical path.
    const { commentSchema, firstMessage } = await import("~/lib/schemas");
    const parsed = commentSchema.safeParse({ content });
    if (!parsed.success) {
      setError(messages[firstMessage(parsed.error)]);
      return;
    }
    // Sent before the session was known (a tap kept while the page's scripts loaded): it decides.
    if (await knownUser()) void post(parsed.data.content);
    else askToSignIn(parsed.data.content);
  }

  const hint =
    session.status === "loading"
      ? messages.commentModerated
      : session.user
        ? formatMessage(messages.commentingAs, { name: session.user.name })
        : messages.commentSignInHint;

  return (
    <form onSubmit={submit} className="mt-4">
      <label htmlFor={`${id}-content`} className="block text-sm font-semibold">
        {messages.writeComment}
      </label>
      <textarea
        id={`${id}-content`}
        name="content"
        required
        rows={4}
        maxLength={COMMENT_MAX}
        value={content}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        onChange={(event) => {
          setContent(event.target.value);
          setError(null);
          saveCommentDraft(articleId, { content: event.target.value, postAfterSignIn: false });
        }}
        className="mt-1 block w-full rounded-md border border-neutral-300 bg-white px-3 py-2 text-base text-neutral-900 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100"
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <div className="mt-2 flex min-h-10 flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <p id={`${id}-hint`} className="min-h-10 text-sm text-neutral-600 sm:min-h-0 dark:text-neutral-400">
          {hint}
        </p>
        <button
          type="submit"
          disabled={busy}
          className="ml-auto min-w-36 rounded-md bg-brand px-4 py-2 font-semibold text-white hover:opacity-90 disabled:opacity-60"
        >
          {busy ? messages.pleaseWait : messages.postComment}
        </button>
      </div>
    </form>
  );
}
