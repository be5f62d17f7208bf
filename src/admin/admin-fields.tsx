import { useTranslation } from 'react-i18next';

/** The "De" and "Até" date inputs of the console's ranged views (reports, reconciliation). */
export function DateRangeFields(props: {
  from: string;
  to: string;
  onFrom: (value: string) => void;
  onTo: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <label>
        {t('admin.reports.from')}
        <input type="date" value={props.from} onChange={(e) => props.onFrom(e.target.value)} />
      </label>
      <label>
        {t('admin.reports.to')}
        <input type="date" value={props.to} onChange={(e) => props.onTo(e.target.value)} />
      </label>
    </>
  );
}

/** "Anterior" and "Próxima" under a paged list, with an optional summary beside them. */
export function Pager(props: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  summary?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="admin-actions">
      {props.summary && <span>{props.summary}</span>}
      <button type="button" disabled={props.page <= 1} onClick={() => props.onPage(props.page - 1)}>
        {t('admin.withdrawals.previous')}
      </button>
      <button type="button" disabled={props.page >= props.pages} onClick={() => props.onPage(props.page + 1)}>
        {t('admin.withdrawals.next')}
      </button>
    </div>
  );
}

/** Hands `text` to the browser as a download named `filename` (the CSV exports). */
export function downloadText(filename: string, text: string, type = 'text/csv'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  URL.revokeObjectURL(url);
}
