import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { useLocalizePath, useMessages } from "~/contexts/i18n";
import { Link } from "~/components/i18n/links";
import { useNotify } from "~/components/notifications/notifications";
import { apiRequest } from "~/lib/api-client";
import { articleEditPath } from "~/lib/admin-paths";
import type { ApiArticleDetail, ArticleDetail } from "~/lib/api-types";
import { formatMessage } from "~/lib/format-message";
import { languageNameIn } from "~/lib/language-names";
import { LANGUAGES, type Language } from "~/lib/limits";
import { secondaryButton } from "./styles";

interface TranslationActionProps {
  article: ArticleDetail;
  /** Unsaved changes: the translation starts from the saved article, so they are saved first. */
  dirty: boolean;
  /** Before leaving for the new draft: the form has nothing of its own to lose then. */
  onLeave: () => void;
}

/**
 * The editor's way to the story's other versions: a link to each, and "Translate into …" for each
 * language of the site the story has none in, which makes it (a draft of the story with the
 * section, writer, tags, banner and related stories) and opens it.
 */
export function TranslationAction({ article, dirty, onLeave }: TranslationActionProps) {
  const messages = useMessages();
  const localize = useLocalizePath();
  const navigate = useNavigate();
  const notify = useNotify();
  const [busy, setBusy] = useState<Language | null>(null);
  const hintId = useId();
  const missing = LANGUAGES.filter((language) => language !== article.language && !article.translations.some((version) => version.language === language));

  async function translate(language: Language) {
    setBusy(language);
    const result = await apiRequest<ApiArticleDetail>(`/api/news/${encodeURIComponent(article.slug)}/translation`, { method: "POST", json: { language } });
    setBusy(null);
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
      {article.translations.map((version) => (
        <Link key={version.id} to={articleEditPath(version.slug)} className="font-medium text-brand underline underline-offset-2 hover:no-underline">
          {formatMessage(messages.openTranslation, { language: languageNameIn(messages, version.language) })}
        </Link>
      ))}
      {missing.map((language) => (
        <button
          key={language}
          type="button"
          className={secondaryButton}
          disabled={busy !== null || dirty}
          aria-describedby={dirty ? hintId : undefined}
          onClick={() => void translate(language)}
        >
          {busy === language ? messages.pleaseWait : formatMessage(messages.translateInto, { language: languageNameIn(messages, language) })}
        </button>
      ))}
      {dirty && missing.length > 0 ? (
        <span id={hintId} className="text-xs text-neutral-600 dark:text-neutral-400">
          {messages.translateSaveFirst}
        </span>
      ) : null}
    </span>
  );
}
