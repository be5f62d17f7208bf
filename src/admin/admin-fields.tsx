import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Runs `tick` now and every `everyMs` until unmounted; a new `tick` (or extra dependency) restarts it. */
export function usePolling(tick: () => Promise<void>, everyMs: number, ...restartOn: unknown[]) {
  useEffect(() => {
    void tick();
    const timer = setInterval(() => void tick(), everyMs);
    return () => clearInterval(timer);
    // `restartOn` is the caller's list of what else restarts the polling.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tick, everyMs, ...restartOn]);
}

/** A filter's choice: a label over a select whose first option means "any". */
export function ChoiceField(props: {
  label: string;
  anyLabel: string;
  choices: ReadonlyArray<{ value: string; label: string }>;
  field: { name: string; value: string; onChange: (e: { target: { value: string } }) => void };
  wide?: boolean;
}) {
  return (
    <label className={props.wide ? 'admin-filters__wide' : undefined}>
      {props.label}
      <select {...props.field}>
        <option value="">{props.anyLabel}</option>
        {props.choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </label>
  );
}

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
