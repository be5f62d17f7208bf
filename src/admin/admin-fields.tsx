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
