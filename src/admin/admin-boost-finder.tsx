import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SPORT_KEYS } from '../../domain/sports/sports';
import { boostApi, canBoost, type SportsFixture } from './admin-boosts-api';
import { errorText } from './admin-login';
import { spDateTime } from './admin-panels';
import { fixtureTitle } from '../../domain/sports/labels';

/** Fixtures listed to choose from, soonest first (a search narrows the rest). */
const FIXTURES_SHOWN = 12;

/**
 * The fixtures of a sport still to start, as players list them, narrowed by a team or a
 * competition; choosing one opens its markets in the Super Odd form.
 */
export function FixtureFinder({ chosen, onChoose }: { chosen: string; onChoose: (id: string) => void }) {
  const { t } = useTranslation();
  const [sport, setSport] = useState('football');
  const [q, setQ] = useState('');
  const [search, setSearch] = useState({ sport: 'football', q: '' });
  const [found, setFound] = useState<SportsFixture[] | null>(null);
  const [findNote, setFindNote] = useState('');
  // Only the latest search is shown (a slower earlier one would replace it).
  const reads = useRef(0);

  useEffect(() => {
    const read = ++reads.current;
    setFound(null);
    setFindNote('');
    boostApi.upcoming(search.sport, search.q).then(
      (list) => {
        if (read !== reads.current) return;
        setFound(list.filter((f) => canBoost(f)).sort((a, b) => a.startsAt.localeCompare(b.startsAt)));
      },
      (err: unknown) => {
        if (read !== reads.current) return;
        setFound([]);
        setFindNote(errorText(err, t('admin.error')));
      },
    );
  }, [search, t]);

  const shown = (found ?? []).slice(0, FIXTURES_SHOWN);
  return (
    <div className="admin-boost__finder">
      <form
        className="admin-inline"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          const text = q.trim();
          if (text.length === 1) {
            setFindNote(t('admin.boosts.searchShort'));
            return;
          }
          setSearch({ sport, q: text });
        }}
      >
        <label>
          {t('admin.boosts.sport')}
          <select
            value={sport}
            onChange={(e) => {
              setSport(e.target.value);
              setSearch((s) => ({ ...s, sport: e.target.value }));
            }}
          >
            {SPORT_KEYS.map((key) => (
              <option key={key} value={key}>
                {t(`admin.results.sportNames.${key}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('admin.boosts.search')}
          <input type="search" value={q} maxLength={60} onChange={(e) => setQ(e.target.value)} />
        </label>
        <button type="submit">{t('admin.boosts.find')}</button>
      </form>
      {findNote && (
        <p role="alert" className="admin-error">
          {findNote}
        </p>
      )}
      <h3 id="admin-boost-fixtures">{t('admin.boosts.fixtures')}</h3>
      {found === null && <p>{t('admin.boosts.loading')}</p>}
      {found?.length === 0 && <p>{t('admin.boosts.noFixtures')}</p>}
      {shown.length > 0 && (
        <ul className="admin-boost__fixtures" aria-labelledby="admin-boost-fixtures">
          {shown.map((f) => (
            <li key={f.id}>
              <button type="button" aria-pressed={chosen === f.id} onClick={() => onChoose(f.id)}>
                <strong>{fixtureTitle(f, ' × ')}</strong>
                <small>
                  {t('admin.boosts.fixtureLine', {
                    competition: f.competition,
                    when: spDateTime(f.startsAt),
                  })}
                </small>
              </button>
            </li>
          ))}
        </ul>
      )}
      {found && found.length > shown.length && (
        <p className="admin-hint">
          {t('admin.boosts.fixturesShown', { shown: shown.length, total: found.length })}
        </p>
      )}
    </div>
  );
}
