import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { currentLanguage } from '../../../lib/i18n';
import { RoutePageHeading, usePageKey } from '../page-heading';
import { outline, parseMarkdown } from './markdown';
import { MarkdownView } from './markdown-view';
import { CONTENTS_LABEL, loadText, textLanguage, type TextLanguage, type TextPageKey } from './texts';
import './text-page.css';

type Loaded = { id: string; source: string | null };

/**
 * The text pages (issue 7): privacy policy, terms, responsible gaming, identity verification,
 * complaints and the FAQ topics. The text follows the player's language (pt_BR in Portuguese,
 * any other in English) and is fetched when the page opens.
 */
export function TextPage() {
  const { t } = useTranslation();
  const page = usePageKey() as TextPageKey;
  const language: TextLanguage = textLanguage(currentLanguage());
  const id = `${language}/${page}`;
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    let live = true;
    loadText(page, language).then(
      (source) => live && setLoaded({ id, source }),
      () => live && setLoaded({ id, source: null }),
    );
    return () => {
      live = false;
    };
  }, [id, page, language]);

  const current = loaded?.id === id ? loaded : null;
  const blocks = useMemo(() => (current?.source ? parseMarkdown(current.source) : null), [current]);
  const isFaq = page.startsWith('text_faq_');
  // Long documents get a table of contents (shown beside the text where the page is wide enough).
  const sections = blocks && !isFaq ? outline(blocks) : [];

  return (
    <article className="panel text-page" data-testid={`page-${page}`}>
      <RoutePageHeading />
      {/* Issue 9: the responsible-gaming page leads to the tools themselves (login required). */}
      {page === 'text_jr' && (
        <Link to="/conta" className="button button--gold text-page__action" data-testid="text-jr-tools">
          {t('protection.openTools')}
        </Link>
      )}
      {page === 'complaint_text' && (
        <Link
          to="/complaint_form"
          className="button button--gold text-page__action"
          data-testid="complaint-form-link"
        >
          {t('pages.complaint_form.title')}
        </Link>
      )}
      <div
        className="text-page__layout"
        lang={language.replace('_', '-')}
        aria-busy={!current}
        data-testid="text-body"
      >
        {!current ? (
          <p className="text-page__status">{t('common.loading')}</p>
        ) : blocks ? (
          <>
            {sections.length >= 4 && (
              <nav
                className="text-page__contents"
                aria-label={CONTENTS_LABEL[language]}
                data-testid="text-contents"
              >
                <p className="text-page__contents-title">{CONTENTS_LABEL[language]}</p>
                <ol>
                  {sections.map((section) => (
                    <li key={section.id}>
                      <a href={`#${section.id}`}>{section.text}</a>
                    </li>
                  ))}
                </ol>
              </nav>
            )}
            <MarkdownView blocks={blocks} asQuestions={isFaq} />
          </>
        ) : (
          <p className="text-page__status" role="alert">
            {t('pages.error.lead')}
          </p>
        )}
      </div>
      {isFaq && (
        <Link to="/text_faq" className="link-button">
          {t('pages.text_faq.title')}
        </Link>
      )}
    </article>
  );
}
