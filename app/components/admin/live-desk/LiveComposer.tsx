import { useCallback, useId, useState } from "react";
import { useRevalidator } from "react-router";
import { revalidateLatest } from "~/components/admin/revalidate-latest";
import { UploadProgress } from "~/components/admin/article-form/UploadProgress";
import { fieldClass, hintClass, labelClass, primaryButton, secondaryButton } from "~/components/admin/article-form/styles";
import { fileTypeError, uploadMedia } from "~/components/admin/article-form/upload";
import { useMessages } from "~/contexts/i18n";
import { apiRequest } from "~/lib/api-client";
import { formatMessage } from "~/lib/format-message";
import { languageNameIn } from "~/lib/language-names";
import { LIVE_HEADLINE_MAX } from "~/lib/limits";
import { updateBodyHtml } from "~/lib/live-desk-text";
import type { LiveDeskEdition } from "~/server/services/live-desk";
import { type LiveDraft, type PostState, useLiveDraft } from "./use-live-draft";

interface LiveComposerProps {
  slug: string;
  /** Whose draft this is: two members on one device keep their own. */
  staffId: number;
  /** The story's other edition an update may go to as well; null when it has none. */
  other: LiveDeskEdition | null;
}

/** What the server is sent for a draft: its words and picture as HTML, and the twin's when both editions are ticked. */
function postOf(draft: LiveDraft, other: LiveDeskEdition | null) {
  const twin = draft.both && other?.live;
  return {
    body: updateBodyHtml(draft.text, draft.picture),
    headline: draft.headline,
    pinned: draft.pinned,
    ...(twin
      ? {
          translation: {
            language: other.language,
            body: updateBodyHtml(draft.otherText, draft.picture && { url: draft.picture.url, caption: draft.otherCaption }),
            headline: draft.otherHeadline,
          },
        }
      : {}),
  };
}

/**
 * The live desk's composer (issue 39), made for a phone in the field: one text box, an optional
 * headline, a pin, a picture from the camera, and Post; with a second text box for the other
 * edition when the update is a number or a picture that both editions carry. The draft and the
 * post's retries are use-live-draft's.
 */
export function LiveComposer({ slug, staffId, other }: LiveComposerProps) {
  const messages = useMessages();
  const revalidator = useRevalidator();
  const id = useId();
  const [upload, setUpload] = useState<{ name: string; fraction: number } | null>(null);
  const [pictureError, setPictureError] = useState<string | null>(null);

  const send = useCallback(
    (draft: LiveDraft) =>
      apiRequest(`/api/news/${encodeURIComponent(slug)}/updates`, { method: "POST", json: postOf(draft, other), headers: { "idempotency-key": draft.key } }),
    [slug, other],
  );
  const refresh = useCallback(() => void revalidateLatest(revalidator), [revalidator]);
  const { draft, state, restored, change, post } = useLiveDraft(`khulasa.live-desk.${staffId}.${slug}`, send, refresh);
  const locked = draft.sending || !restored;
  const otherName = other ? languageNameIn(messages, other.language) : "";

  async function takePicture(file: File) {
    setPictureError(null);
    const wrongType = fileTypeError(file, "content", messages);
    if (wrongType) return setPictureError(wrongType);
    setUpload({ name: file.name, fraction: 0 });
    const result = await uploadMedia(file, "content", (fraction) => setUpload({ name: file.name, fraction }), messages);
    setUpload(null);
    if (result.ok) change({ picture: { url: result.media.url, caption: draft.picture?.caption ?? "" } });
    else setPictureError(result.error === messages.contentMediaUploadFailed ? messages.livePictureUploadFailed : result.error);
  }

  return (
    <form
      aria-labelledby={`${id}-title`}
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!locked && !upload) post();
      }}
    >
      <h2 id={`${id}-title`} className="sr-only">
        {messages.livePost}
      </h2>
      <div>
        <label htmlFor={`${id}-text`} className={labelClass}>
          {messages.liveUpdateText}
        </label>
        <textarea
          id={`${id}-text`}
          value={draft.text}
          readOnly={locked}
          onChange={(event) => change({ text: event.target.value })}
          aria-describedby={`${id}-text-hint`}
          rows={5}
          className={`${fieldClass} text-lg`}
        />
        <p id={`${id}-text-hint`} className={hintClass}>
          {messages.liveUpdateTextHint}
        </p>
      </div>
      <div>
        <label htmlFor={`${id}-headline`} className={labelClass}>
          {messages.liveUpdateHeadline}
        </label>
        <input id={`${id}-headline`} value={draft.headline} readOnly={locked} maxLength={LIVE_HEADLINE_MAX} onChange={(event) => change({ headline: event.target.value })} className={fieldClass} />
      </div>

      <fieldset>
        <legend className={labelClass}>{messages.liveUpdatePicture}</legend>
        {draft.picture ? (
          <div className="mt-2 space-y-2">
            <img src={draft.picture.url} alt="" className="max-h-48 rounded-md object-contain" />
            <label htmlFor={`${id}-caption`} className={labelClass}>
              {messages.liveUpdatePictureCaption}
            </label>
            <input
              id={`${id}-caption`}
              value={draft.picture.caption}
              readOnly={locked}
              onChange={(event) => change({ picture: draft.picture && { ...draft.picture, caption: event.target.value } })}
              className={fieldClass}
            />
            <button type="button" className={secondaryButton} disabled={locked} onClick={() => change({ picture: null })}>
              {messages.liveUpdateRemovePicture}
            </button>
          </div>
        ) : (
          <label className={`${secondaryButton} mt-2 cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand ${locked || upload ? "pointer-events-none opacity-60" : ""}`}>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="mr-2 h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
              <path d="M4 8h3l2-3h6l2 3h3a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1z" />
              <circle cx="12" cy="13.5" r="3.5" />
            </svg>
            {messages.liveUpdateTakePicture}
            <input
              type="file"
              accept="image/*"
              capture="environment"
              disabled={locked || upload !== null}
              className="sr-only"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = "";
                if (file) void takePicture(file);
              }}
            />
          </label>
        )}
        {upload ? <UploadProgress name={upload.name} fraction={upload.fraction} /> : null}
        {pictureError ? (
          <p role="alert" className="mt-2 text-sm font-medium text-red-800 dark:text-red-300">
            {pictureError}
          </p>
        ) : null}
      </fieldset>

      <label className="flex items-center gap-2 font-medium">
        <input type="checkbox" checked={draft.pinned} disabled={locked} onChange={(event) => change({ pinned: event.target.checked })} className="h-5 w-5 accent-brand" />
        {messages.liveUpdatePinLabel}
      </label>

      {other ? (
        <div className="space-y-3 rounded-md border border-neutral-200 p-3 dark:border-neutral-800">
          <label className="flex items-center gap-2 font-medium">
            <input
              type="checkbox"
              checked={draft.both && other.live}
              disabled={locked || !other.live}
              aria-describedby={other.live ? undefined : `${id}-other-hint`}
              onChange={(event) => change({ both: event.target.checked })}
              className="h-5 w-5 accent-brand"
            />
            {formatMessage(messages.liveAlsoPost, { language: otherName })}
          </label>
          {other.live ? null : (
            <p id={`${id}-other-hint`} className={hintClass}>
              {formatMessage(messages.liveOtherNotLive, { language: otherName })}
            </p>
          )}
          {draft.both && other.live ? (
            <div lang={other.language} className="space-y-3">
              <div>
                <label htmlFor={`${id}-other-text`} className={labelClass}>
                  {formatMessage(messages.liveOtherText, { language: otherName })}
                </label>
                <textarea id={`${id}-other-text`} value={draft.otherText} readOnly={locked} onChange={(event) => change({ otherText: event.target.value })} rows={4} className={`${fieldClass} text-lg`} />
              </div>
              <div>
                <label htmlFor={`${id}-other-headline`} className={labelClass}>
                  {formatMessage(messages.liveOtherHeadline, { language: otherName })}
                </label>
                <input id={`${id}-other-headline`} value={draft.otherHeadline} readOnly={locked} maxLength={LIVE_HEADLINE_MAX} onChange={(event) => change({ otherHeadline: event.target.value })} className={fieldClass} />
              </div>
              {draft.picture ? (
                <div>
                  <label htmlFor={`${id}-other-caption`} className={labelClass}>
                    {formatMessage(messages.liveOtherCaption, { language: otherName })}
                  </label>
                  <input id={`${id}-other-caption`} value={draft.otherCaption} readOnly={locked} onChange={(event) => change({ otherCaption: event.target.value })} className={fieldClass} />
                </div>
              ) : null}
            </div>
          ) : null}
        </div>
      ) : null}

      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={`${primaryButton} min-h-12 min-w-32 text-lg`} disabled={locked || upload !== null}>
          {draft.sending ? messages.livePostSending : messages.livePost}
        </button>
        <PostStatus state={state} />
      </div>
    </form>
  );
}

/** Where the post stands, said politely to a screen reader as it changes. */
function PostStatus({ state }: { state: PostState }) {
  const messages = useMessages();
  const text =
    state.kind === "waiting"
      ? messages.livePostWaiting
      : state.kind === "posted"
        ? state.both
          ? messages.livePostedBoth
          : messages.livePosted
        : state.kind === "refused"
          ? (state.error ?? messages.livePostFailed)
          : "";
  const tone =
    state.kind === "waiting"
      ? "text-amber-800 dark:text-amber-300"
      : state.kind === "posted"
        ? "text-green-800 dark:text-green-300"
        : "text-red-800 dark:text-red-300";
  return (
    <p role="status" className={`min-w-0 flex-1 text-sm font-semibold ${tone}`}>
      {text}
    </p>
  );
}
