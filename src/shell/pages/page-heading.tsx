import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router-dom';
import type ptBR from '../../../assets/locales/pt_BR.json';

/** A page's key in `pages.*` of the locale files; the route table names it in `handle`. */
export type PageKey = keyof typeof ptBR.pages;

export interface PageHandle {
  page: PageKey;
}

/** The deepest route's page key. */
export function usePageKey(): PageKey {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as PageHandle | undefined;
    if (handle?.page) return handle.page;
  }
  return 'home';
}

/** The page's h1 and lead; also names the browser tab. */
export function PageHeading({ title, lead }: { title: string; lead?: string }) {
  const { t } = useTranslation();
  const brand = t('brand.name');
  useEffect(() => {
    document.title = title === brand ? brand : `${title} — ${brand}`;
  }, [title, brand]);
  return (
    <header className="page-head">
      <h1 className="page-head__title" data-testid="page-title">
        {title}
      </h1>
      {lead && <p className="page-head__lead">{lead}</p>}
    </header>
  );
}

/** The heading of the current route's page, from `pages.<key>` in the locale. */
export function RoutePageHeading() {
  const { t } = useTranslation();
  const page = usePageKey();
  return <PageHeading title={t(`pages.${page}.title`)} lead={t(`pages.${page}.lead`)} />;
}
