import { RoutePageHeading, usePageKey } from './page-heading';

/**
 * The pages whose content later issues bring (share, promotions, complaint form): the shell, the
 * page's title and its summary. The text pages and FAQ topics have their own page (pages/text/).
 */
export function InfoPage() {
  const page = usePageKey();
  return (
    <article className="panel" data-testid={`page-${page}`}>
      <RoutePageHeading />
    </article>
  );
}
