import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { useLocalizePath, useMessages } from "~/contexts/i18n";
import { Link } from "~/components/i18n/links";
import { useNotify } from "~/components/notifications/notifications";
import { apiRequest } from "~/lib/api-client";
import { articleEditPath } from "~/lib/admin-paths";
import type { ApiArticleDetail, ArticleDetail } from "~/lib/api-types";
import { formatMessage } from "~/lib/format-message";
import { otherLocale } from "~/lib/i18n";
import { languageNameIn } from "~/lib/language-names";
import { secondaryButton } from "./styles";

interface TranslationActionProps {
  article: ArticleDetail;
  /** Unsaved changes: the translation starts from the saved article, so they are saved first. */
  dirty: boolean;
  /** Before leaving for the new draft: the form has nothing of its own to lose then. */
  onLeave: () => void;
}

/**
 * The editor's way to the article's other-language version: a link to it, or "Translate", which
 * makes it (a linked draft with the section, writer, tags, banner and related stories) and opens it.
 */
export function TranslationAction({ article, dirty, onLeave }: TranslationActionProps) {
  const messages = useMessages();
  const localize = useLocalizePath();
  const navigate = useNavigate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const hintId = useId();

  if (article.translation) {
    return (
      <Link to={articleEditPath(article.translation.slug)} className="font-medium text-brand underline underline-offset-2 hover:no-underline">
        {formatMessage(messages.openTranslation, { language: languageNameIn(messages, article.translation.language) })}
      </Link>
    );
  }

  async function translate() {
    setBusy(true);
    const result = await apiRequest<ApiArticleDetail>(`/api/news/${encodeURIComponent(article.slug)}/translation`, { method: "POST" });
    setBusy(false);
    if (!result.ok) {
      notify(result.error ?? messages.translateFailed, "error");
      return;
    }
    notify(messages.translationCreated, "success");
    onLeave();
    navigate(localize(articleEditPath(result.data.slug)));
  }

  return (
    <span className="flex flex-col items-end gap-1">
      <button type="button" className={secondaryButton} disabled={busy || dirty} aria-describedby={dirty ? hintId : undefined} onClick={() => void translate()}>
        {busy ? messages.pleaseWait : formatMessage(messages.translateInto, { language: languageNameIn(messages, otherLocale(article.language)) })}
      </button>
      {dirty ? (
        <span id={hintId} className="text-xs text-neutral-600 dark:text-neutral-400">
          {messages.translateSaveFirst}
        </span>
      ) : null}
    </span>
  );
}
