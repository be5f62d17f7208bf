import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from './admin-login';

/**
 * A filtered, paged list of the console (the withdrawal history, the audit log): the filter form
 * as typed, the search last submitted, the page, the answer and its error, loaded again whenever
 * the search or the page changes.
 */
export function usePagedSearch<S extends object, R extends { total: number }>(
  empty: S,
  pageSize: number,
  fetch: (search: S & { page: number; size: number }) => Promise<R>,
) {
  const { t } = useTranslation();
  const [form, setForm] = useState<S>(empty);
  const [search, setSearch] = useState<S>(empty);
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<R | null>(null);
  const [message, setMessage] = useState('');
  const [loading, setLoading] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    setMessage('');
    try {
      setResult(await fetch({ ...search, page, size: pageSize }));
    } catch (err) {
      setMessage(errorText(err, t('admin.error')));
    } finally {
      setLoading(false);
    }
    // `fetch` is a module-level API call; the search and the page are what change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search, page, pageSize, t]);
  useEffect(() => void load(), [load]);

  return {
    search,
    page,
    setPage,
    result,
    message,
    setMessage,
    loading,
    pages: result ? Math.max(1, Math.ceil(result.total / pageSize)) : 1,
    submit: (event: FormEvent) => {
      event.preventDefault();
      setPage(1);
      setSearch({ ...form });
    },
    clear: () => {
      setForm(empty);
      setPage(1);
      setSearch(empty);
    },
    /** The props of the form's field for `key`. */
    field: (key: keyof S & string) => ({
      name: key,
      value: String(form[key] ?? ''),
      onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value })),
    }),
  };
}
