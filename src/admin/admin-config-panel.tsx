import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi, type ConfigSection } from './admin-api';
import { errorText } from './admin-login';

/**
 * Content and configuration (issue 8): the sections of the operator file, each replaced as a whole.
 * Banners, promotions, price packages and the VIP table have forms; every section has the JSON
 * editor. The server validates exactly as at start and its message (with the path of the first
 * problem) is shown as is; a saved change is in effect at once on every instance.
 */

type Localized = Record<string, string>;
interface ContentItem {
  id: string;
  title: Localized;
  subtitle?: Localized;
  text?: Localized;
  link: string;
  art: string;
}
interface PromotionsValue {
  banners: ContentItem[];
  list: ContentItem[];
  gift: { id: string; amount: number };
  [key: string]: unknown;
}
interface PackageRow {
  pkgId: string;
  price: number;
  gift: number;
  sort: number;
}
type PackagesValue = Record<string, PackageRow[]>;
interface VipRow {
  level: number;
  depositSum: number;
  wagerSum: number;
  upgradeAward: number;
  withdrawalsPerDay: number;
  withdrawalLimitPerDay: number;
}

const FORM_SECTIONS = new Set(['promotions', 'packages', 'vip']);
/** The sections the server lists (server/modules/admin/config-overrides.ts). */
type SectionKey = 'promotions' | 'packages' | 'offers' | 'vip' | 'deposit' | 'withdraw' | 'sports';
const VIP_FIELDS = [
  'level',
  'depositSum',
  'wagerSum',
  'upgradeAward',
  'withdrawalsPerDay',
  'withdrawalLimitPerDay',
] as const;
const PACKAGE_FIELDS = ['price', 'gift', 'sort'] as const;

/** A number input's value as the section keeps it: a number, or the raw text for the server to refuse. */
function numberOf(raw: string): number | string {
  return raw.trim() !== '' && Number.isFinite(Number(raw)) ? Number(raw) : raw;
}

const clone = <T,>(value: T): T => structuredClone(value);

function ContentList({
  kind,
  items,
  onChange,
}: {
  kind: 'banners' | 'list';
  items: ContentItem[];
  onChange: (items: ContentItem[]) => void;
}) {
  const { t } = useTranslation();
  const second = kind === 'banners' ? 'subtitle' : 'text';
  const update = (index: number, patch: (item: ContentItem) => void) => {
    const next = clone(items);
    patch(next[index]!);
    onChange(next);
  };
  const add = () =>
    onChange([
      ...items,
      { id: '', title: { pt_BR: '' }, [second]: { pt_BR: '' }, link: '/', art: '/' } as ContentItem,
    ]);
  return (
    <fieldset className="admin-config-group">
      <legend>{t(`admin.config.${kind}`)}</legend>
      <table className="admin-table">
        <thead>
          <tr>
            <th>{t('admin.config.id')}</th>
            <th>{t('admin.config.itemTitle')}</th>
            <th>{t(`admin.config.${second}`)}</th>
            <th>{t('admin.config.link')}</th>
            <th>{t('admin.config.art')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {items.map((item, i) => (
            <tr key={i}>
              <td>
                <input
                  aria-label={`${t('admin.config.id')} ${i + 1}`}
                  value={item.id}
                  onChange={(e) => update(i, (x) => void (x.id = e.target.value))}
                />
              </td>
              <td>
                <input
                  aria-label={`${t('admin.config.itemTitle')} ${i + 1}`}
                  value={item.title.pt_BR ?? ''}
                  onChange={(e) => update(i, (x) => void (x.title = { ...x.title, pt_BR: e.target.value }))}
                />
              </td>
              <td>
                <input
                  aria-label={`${t(`admin.config.${second}`)} ${i + 1}`}
                  value={item[second]?.pt_BR ?? ''}
                  onChange={(e) =>
                    update(i, (x) => void (x[second] = { ...x[second], pt_BR: e.target.value }))
                  }
                />
              </td>
              <td>
                <input
                  aria-label={`${t('admin.config.link')} ${i + 1}`}
                  value={item.link}
                  onChange={(e) => update(i, (x) => void (x.link = e.target.value))}
                />
              </td>
              <td>
                <input
                  aria-label={`${t('admin.config.art')} ${i + 1}`}
                  value={item.art}
                  onChange={(e) => update(i, (x) => void (x.art = e.target.value))}
                />
              </td>
              <td>
                <button
                  type="button"
                  className="admin-danger"
                  onClick={() => onChange(items.filter((_, j) => j !== i))}
                >
                  {t('admin.config.remove')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" onClick={add}>
        {t('admin.config.add')}
      </button>
      <p className="admin-config-hint">{t('admin.config.otherLanguages')}</p>
    </fieldset>
  );
}

function PromotionsForm({
  value,
  onChange,
}: {
  value: PromotionsValue;
  onChange: (v: PromotionsValue) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <ContentList
        kind="banners"
        items={value.banners}
        onChange={(banners) => onChange({ ...value, banners })}
      />
      <ContentList kind="list" items={value.list} onChange={(list) => onChange({ ...value, list })} />
      <label className="admin-config-group">
        {t('admin.config.giftAmount')}
        <input
          inputMode="decimal"
          value={String(value.gift.amount)}
          onChange={(e) =>
            onChange({ ...value, gift: { ...value.gift, amount: numberOf(e.target.value) as number } })
          }
        />
      </label>
      <p className="admin-config-hint">{t('admin.config.promotionsRest')}</p>
    </>
  );
}

/** One editable column of a rows table: numbers unless `text`. */
interface Column<R> {
  key: keyof R & string;
  label: string;
  text?: boolean;
}

/**
 * A table of rows with one input per cell, a remove button per row and an add button: the price
 * packages of a variant and the VIP levels. Inputs are named by column and row (`rowName`).
 */
function RowsTable<R extends object>({
  columns,
  rows,
  onRows,
  newRow,
  rowName,
}: {
  columns: Column<R>[];
  rows: R[];
  onRows: (rows: R[]) => void;
  newRow: () => R;
  rowName: (row: R, index: number, column: Column<R>) => string;
}) {
  const { t } = useTranslation();
  const update = (index: number, column: Column<R>, raw: string) => {
    const next = clone(rows);
    (next[index] as Record<string, unknown>)[column.key] = column.text ? raw : numberOf(raw);
    onRows(next);
  };
  return (
    <>
      <table className="admin-table">
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key}>{c.label}</th>
            ))}
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {columns.map((c) => (
                <td key={c.key}>
                  <input
                    aria-label={`${c.label} ${rowName(row, i, c)}`}
                    inputMode={c.text ? undefined : 'decimal'}
                    value={String(row[c.key])}
                    onChange={(e) => update(i, c, e.target.value)}
                  />
                </td>
              ))}
              <td>
                <button
                  type="button"
                  className="admin-danger"
                  onClick={() => onRows(rows.filter((_, j) => j !== i))}
                >
                  {t('admin.config.remove')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" onClick={() => onRows([...rows, newRow()])}>
        {t('admin.config.add')}
      </button>
    </>
  );
}

function PackagesForm({ value, onChange }: { value: PackagesValue; onChange: (v: PackagesValue) => void }) {
  const { t } = useTranslation();
  const variants = Object.keys(value);
  const [variant, setVariant] = useState(variants.includes('BRL') ? 'BRL' : (variants[0] ?? 'BRL'));
  const rows = value[variant] ?? [];
  const columns: Column<PackageRow>[] = [
    { key: 'pkgId', label: t('admin.config.pkgId'), text: true },
    ...PACKAGE_FIELDS.map((f) => ({ key: f, label: t(`admin.config.package.${f}`) })),
  ];
  return (
    <fieldset className="admin-config-group">
      <legend>{t('admin.config.packages')}</legend>
      <label>
        {t('admin.config.variant')}
        <select value={variant} onChange={(e) => setVariant(e.target.value)}>
          {variants.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </select>
      </label>
      <RowsTable
        columns={columns}
        rows={rows}
        onRows={(next) => onChange({ ...value, [variant]: next })}
        newRow={() => ({ pkgId: '', price: 0, gift: 0, sort: rows.length + 1 })}
        rowName={(row, i, c) => (c.key === 'pkgId' ? String(i + 1) : row.pkgId || String(i + 1))}
      />
    </fieldset>
  );
}

function VipForm({ value, onChange }: { value: VipRow[]; onChange: (v: VipRow[]) => void }) {
  const { t } = useTranslation();
  const last = value[value.length - 1];
  return (
    <fieldset className="admin-config-group">
      <legend>{t('admin.config.vipTable')}</legend>
      <RowsTable
        columns={VIP_FIELDS.map((f) => ({ key: f, label: t(`admin.config.vip.${f}`) }))}
        rows={value}
        onRows={onChange}
        newRow={() =>
          last
            ? { ...last, level: last.level + 1 }
            : (Object.fromEntries(VIP_FIELDS.map((f) => [f, 0])) as unknown as VipRow)
        }
        rowName={(_row, i) => String(i + 1)}
      />
    </fieldset>
  );
}

function SectionEditor({
  entry,
  onSaved,
}: {
  entry: ConfigSection;
  onSaved: (saved: ConfigSection) => void;
}) {
  const { t } = useTranslation();
  const hasForm = FORM_SECTIONS.has(entry.section);
  const [mode, setMode] = useState<'form' | 'json'>(hasForm ? 'form' : 'json');
  const [draft, setDraft] = useState<unknown>(() => clone(entry.value));
  const [json, setJson] = useState(() => JSON.stringify(entry.value, null, 2));
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);

  const switchTo = (next: 'form' | 'json') => {
    if (next === mode) return;
    if (next === 'json') setJson(JSON.stringify(draft, null, 2));
    else {
      try {
        setDraft(JSON.parse(json));
      } catch (err) {
        setMessage({ kind: 'error', text: t('admin.config.badJson', { problem: (err as Error).message }) });
        return;
      }
    }
    setMessage(null);
    setMode(next);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    let value: unknown = draft;
    if (mode === 'json') {
      try {
        value = JSON.parse(json);
      } catch (err) {
        setMessage({ kind: 'error', text: t('admin.config.badJson', { problem: (err as Error).message }) });
        return;
      }
    }
    setSaving(true);
    try {
      const saved = await adminApi.saveConfig(entry.section, value, entry.version);
      setMessage({ kind: 'ok', text: t('admin.config.saved', { version: saved.version }) });
      onSaved(saved);
    } catch (err) {
      setMessage({ kind: 'error', text: errorText(err, t('admin.error')) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="admin-config-editor"
      onSubmit={(e) => void save(e)}
      aria-label={t(`admin.config.sections.${entry.section as SectionKey}`)}
    >
      <p className="admin-config-meta" data-testid="admin-config-meta">
        {entry.version === 0
          ? t('admin.config.fromFile')
          : t('admin.config.changed', {
              version: entry.version,
              who: entry.updatedBy ?? '—',
              when: entry.updatedAt ? new Date(entry.updatedAt).toLocaleString('pt-BR') : '—',
            })}
      </p>
      {hasForm && (
        <div className="admin-actions" role="group" aria-label={t('admin.config.mode')}>
          <button type="button" aria-pressed={mode === 'form'} onClick={() => switchTo('form')}>
            {t('admin.config.formMode')}
          </button>
          <button type="button" aria-pressed={mode === 'json'} onClick={() => switchTo('json')}>
            {t('admin.config.jsonMode')}
          </button>
        </div>
      )}
      {mode === 'json' && (
        <label className="admin-config-group">
          {t('admin.config.json')}
          <textarea
            className="admin-config-json"
            style={{ width: '100%', fontFamily: 'ui-monospace, monospace' }}
            rows={18}
            spellCheck={false}
            value={json}
            onChange={(e) => setJson(e.target.value)}
          />
        </label>
      )}
      {mode === 'form' && entry.section === 'promotions' && (
        <PromotionsForm value={draft as PromotionsValue} onChange={setDraft} />
      )}
      {mode === 'form' && entry.section === 'packages' && (
        <PackagesForm value={draft as PackagesValue} onChange={setDraft} />
      )}
      {mode === 'form' && entry.section === 'vip' && (
        <VipForm value={draft as VipRow[]} onChange={setDraft} />
      )}
      {message && (
        <p role={message.kind === 'error' ? 'alert' : 'status'} className={`admin-config-${message.kind}`}>
          {message.text}
        </p>
      )}
      <button type="submit" disabled={saving}>
        {t('admin.config.save')}
      </button>
    </form>
  );
}

/** The "Conteúdo e configuração" section of the console (admin only). */
export function ConfigPanel() {
  const { t } = useTranslation();
  const [sections, setSections] = useState<ConfigSection[]>([]);
  const [current, setCurrent] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  // Bumped on every load so the editor starts again from the server's value.
  const [loaded, setLoaded] = useState(0);

  const load = useCallback(async () => {
    setMessage('');
    try {
      const res = await adminApi.config();
      setSections(res.sections);
      setCurrent((c) => c ?? res.sections[0]?.section ?? null);
      setLoaded((n) => n + 1);
    } catch (err) {
      setMessage(errorText(err, t('admin.error')));
    }
  }, [t]);
  useEffect(() => void load(), [load]);

  const entry = sections.find((s) => s.section === current);
  return (
    <section className="admin-panel" aria-labelledby="admin-config-title">
      <h2 id="admin-config-title">{t('admin.config.title')}</h2>
      <p>{t('admin.config.help')}</p>
      <div className="admin-actions" role="tablist" aria-label={t('admin.config.title')}>
        {sections.map((s) => (
          <button
            key={s.section}
            type="button"
            role="tab"
            aria-selected={s.section === current}
            onClick={() => setCurrent(s.section)}
          >
            {t(`admin.config.sections.${s.section as SectionKey}`)}
          </button>
        ))}
        <button type="button" className="admin-secondary" onClick={() => void load()}>
          {t('admin.reload')}
        </button>
      </div>
      {message && <p role="alert">{message}</p>}
      {entry && (
        <SectionEditor
          key={`${entry.section}:${loaded}`}
          entry={entry}
          onSaved={(saved) =>
            setSections((list) => list.map((s) => (s.section === saved.section ? saved : s)))
          }
        />
      )}
    </section>
  );
}
