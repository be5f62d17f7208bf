import { Fragment, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { MatchTime } from '../../domain/codes';
import { isSportKey } from '../../domain/sports/sports';
import { adminApi, type AttentionFixture } from './admin-api';
import { errorText } from './admin-login';
import {
  clockText,
  initialValues,
  resultPayload,
  resultProblem,
  shownFacts,
  type DriverState,
  type FormSport,
  type PairFact,
  type ResultNames,
  type ResultValues,
  type Side,
} from './admin-result-rules';
import { isRaceFixture } from '../../domain/sports/labels';
import { RESULT_STATUSES, ResultEntryForm, unfinishedHint, useResultEntry } from './admin-result-parts';
import { RaceResultForm } from './admin-race-result-form';

const SIDES = ['home', 'away'] as const;

/** A score both of whose sides were typed, as the result call takes it; else nothing. */
function typedPair(home: string, away: string) {
  return home === '' || away === '' ? undefined : { home: Number(home), away: Number(away), complete: true };
}

/** One side of a stored score as the form shows it ('' when the score is absent). */
const typed = (score: { home: number; away: number } | undefined, side: 'home' | 'away') =>
  score ? String(score[side]) : '';

/** Football: full time, first half, corners and cards (yellow and red, one each). */
function FootballResultForm({ fixture, onDone }: { fixture: AttentionFixture; onDone: () => void }) {
  const { t } = useTranslation();
  const scores = fixture.result?.scores;
  const full = scores?.full;
  const [status, setStatus] = useState<number>(MatchTime.finished);
  const [home, setHome] = useState(String(full?.home ?? 0));
  const [away, setAway] = useState(String(full?.away ?? 0));
  // A bet held for review usually waits for what the final score does not tell: the first half or
  // the corners or cards. Left empty, they are not sent.
  const [halfHome, setHalfHome] = useState(typed(scores?.first_half, 'home'));
  const [halfAway, setHalfAway] = useState(typed(scores?.first_half, 'away'));
  const [cornersHome, setCornersHome] = useState(typed(scores?.corners, 'home'));
  const [cornersAway, setCornersAway] = useState(typed(scores?.corners, 'away'));
  const [cardsHome, setCardsHome] = useState(typed(scores?.cards, 'home'));
  const [cardsAway, setCardsAway] = useState(typed(scores?.cards, 'away'));
  const [message, setMessage] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage('');
    try {
      const res = await adminApi.enterResult(fixture.id, {
        status,
        full: { home: Number(home), away: Number(away), complete: status === MatchTime.finished },
        firstHalf: typedPair(halfHome, halfAway),
        corners: typedPair(cornersHome, cornersAway),
        cards: typedPair(cardsHome, cardsAway),
      });
      setMessage(t('admin.sports.settled', { count: res.settled.length }));
      onDone();
    } catch (err) {
      setMessage(errorText(err, t('admin.error')));
    }
  };

  return (
    <form className="admin-inline" onSubmit={(e) => void submit(e)} aria-label={t('admin.sports.enter')}>
      <select
        aria-label={t('admin.sports.status')}
        value={status}
        onChange={(e) => setStatus(Number(e.target.value))}
      >
        {RESULT_STATUSES.map(([code, label]) => (
          <option key={code} value={code}>
            {t(label)}
          </option>
        ))}
      </select>
      <input
        aria-label={t('admin.sports.home', { team: fixture.home })}
        type="number"
        min={0}
        max={999}
        value={home}
        onChange={(e) => setHome(e.target.value)}
      />
      <input
        aria-label={t('admin.sports.away', { team: fixture.away })}
        type="number"
        min={0}
        max={999}
        value={away}
        onChange={(e) => setAway(e.target.value)}
      />
      {(
        [
          ['admin.sports.halfHome', fixture.home, halfHome, setHalfHome],
          ['admin.sports.halfAway', fixture.away, halfAway, setHalfAway],
          ['admin.sports.cornersHome', fixture.home, cornersHome, setCornersHome],
          ['admin.sports.cornersAway', fixture.away, cornersAway, setCornersAway],
          ['admin.sports.cardsHome', fixture.home, cardsHome, setCardsHome],
          ['admin.sports.cardsAway', fixture.away, cardsAway, setCardsAway],
        ] as const
      ).map(([label, team, value, set]) => (
        <input
          key={label}
          aria-label={t(label, { team })}
          title={t(label, { team })}
          placeholder={t(label, { team })}
          type="number"
          min={0}
          max={999}
          value={value}
          onChange={(e) => set(e.target.value)}
        />
      ))}
      <button type="submit">{t('admin.sports.enter')}</button>
      {message && <span role="status">{message}</span>}
    </form>
  );
}

/** The words the rules tell a problem with, in the operator's language. */
function namesOf(t: TFunction, fixture: AttentionFixture, sport: FormSport): ResultNames {
  return {
    home: fixture.home,
    away: fixture.away,
    sport: t(`admin.results.sportNames.${sport}`),
    fact: (label) => t(`admin.results.facts.${label}`),
    control: (name) => t(`admin.results.${name}`),
  };
}

/** A row label of the scoreboard, marked when it may be left empty. */
function RowLabel({ text, optional }: { text: string; optional: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="admin-result__label">
      {text}
      {optional && <small> ({t('admin.results.optional')})</small>}
    </span>
  );
}

/**
 * Every other sport: a scoreboard with a column per side and a row per fact the sport's markets
 * settle on (admin-result-rules.ts says which, and when each must be filled), checked here before
 * it is sent; the server's refusal is shown as it comes.
 */
function SportResultForm({
  fixture,
  sport,
  onDone,
}: {
  fixture: AttentionFixture;
  sport: FormSport;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const entry = useResultEntry(fixture.id, onDone);
  const { invalid, setInvalid } = entry;
  const [values, setValues] = useState<ResultValues>(() => initialValues(fixture.result));
  const shown = shownFacts(sport, values);
  const team = (side: Side) => (side === 'home' ? fixture.home : fixture.away);
  const names = namesOf(t, fixture, sport);

  const change = (field: string, update: (v: ResultValues) => ResultValues) => {
    setValues(update);
    if (invalid === field) setInvalid(null);
  };
  const setPair = (fact: PairFact, side: Side, text: string) =>
    change(`${fact}.${side}`, (v) => ({
      ...v,
      pairs: { ...v.pairs, [fact]: { ...v.pairs[fact], [side]: text } },
    }));
  const setDriver = (side: Side, patch: Partial<ResultValues['drivers'][Side]>, field: string) =>
    change(field, (v) => ({ ...v, drivers: { ...v.drivers, [side]: { ...v.drivers[side], ...patch } } }));

  /** Props every control shares: its name (what a problem points at) and its invalid state. */
  const control = (name: string, label: string) => ({
    name,
    'aria-label': label,
    'aria-invalid': invalid === name ? true : undefined,
  });
  const number = (name: string, label: string, value: string, set: (text: string) => void) => (
    <input
      {...control(name, label)}
      type="number"
      inputMode="numeric"
      min={0}
      value={value}
      onChange={(e) => set(e.target.value)}
    />
  );
  const choice = (
    name: string,
    label: string,
    value: string,
    options: Array<[string, string]>,
    set: (value: string) => void,
  ) => (
    <select
      {...control(name, label)}
      className="admin-result__both"
      value={value}
      onChange={(e) => set(e.target.value)}
    >
      {options.map(([key, text]) => (
        <option key={key} value={key}>
          {text}
        </option>
      ))}
    </select>
  );
  const rows: ReactNode[] = [];
  for (const row of shown.pairs) {
    const label = t(`admin.results.facts.${row.label}`);
    rows.push(
      <Fragment key={row.fact}>
        <RowLabel text={label} optional={!row.needed} />
        {SIDES.map((side) => (
          <Fragment key={side}>
            {number(`${row.fact}.${side}`, `${label}: ${team(side)}`, values.pairs[row.fact][side], (text) =>
              setPair(row.fact, side, text),
            )}
          </Fragment>
        ))}
      </Fragment>,
    );
  }
  const sideChoice = (
    key: 'firstSet' | 'retired' | 'advanced',
    label: string,
    none: string,
    each: (team: string) => string,
    optional = false,
  ) => {
    const options: Array<[string, string]> = [
      ['', none],
      ...SIDES.map((side): [string, string] => [side, each(team(side))]),
    ];
    rows.push(
      <Fragment key={key}>
        <RowLabel text={label} optional={optional} />
        {choice(key, label, values[key], options, (value) =>
          change(key, (v) => ({ ...v, [key]: value as '' | Side })),
        )}
      </Fragment>,
    );
  };
  if (shown.firstSet) {
    const finished = values.status === MatchTime.finished;
    // Left empty in a match that stopped, the first set was not completed.
    const none = t(finished ? 'admin.results.choose' : 'admin.results.notCompleted');
    sideChoice('firstSet', t('admin.results.firstSet'), none, (name) => name, !finished);
  }
  if (shown.retired) {
    sideChoice('retired', t('admin.results.retired'), t('admin.results.nobodyRetired'), (name) =>
      t('admin.results.retiredBy', { team: name }),
    );
  }
  if (shown.superOver) {
    sideChoice('advanced', t('admin.results.advanced'), t('admin.results.noSuperOver'), (name) =>
      t('admin.results.wonSuperOver', { team: name }),
    );
  }
  if (shown.innings) {
    const label = t('admin.results.innings');
    rows.push(
      <Fragment key="innings">
        <RowLabel text={label} optional={false} />
        <input
          {...control('innings', label)}
          inputMode="decimal"
          value={values.innings}
          onChange={(e) => change('innings', (v) => ({ ...v, innings: e.target.value }))}
        />
        <small className="admin-result__hint">{t('admin.results.inningsHint')}</small>
      </Fragment>,
    );
  }
  if (shown.fight) {
    const winner = t('admin.results.winner');
    const method = t('admin.results.method');
    const round = t('admin.results.round');
    const time = t('admin.results.time');
    rows.push(
      <Fragment key="fight">
        <RowLabel text={winner} optional={false} />
        {choice(
          'winner',
          winner,
          values.winner,
          [
            ['', t('admin.results.choose')],
            ['home', t('admin.results.winOf', { team: fixture.home })],
            ['away', t('admin.results.winOf', { team: fixture.away })],
            ['draw', t('admin.results.draw')],
          ],
          (value) => change('winner', (v) => ({ ...v, winner: value as ResultValues['winner'] })),
        )}
        {values.winner === 'home' || values.winner === 'away' ? (
          <>
            <RowLabel text={method} optional={false} />
            {choice(
              'method',
              method,
              values.method,
              [
                ['', t('admin.results.choose')],
                ['stoppage', t('admin.results.methods.stoppage')],
                ['points', t('admin.results.methods.points')],
              ],
              (value) => change('method', (v) => ({ ...v, method: value as ResultValues['method'] })),
            )}
          </>
        ) : null}
        <RowLabel text={round} optional={false} />
        {number('round', round, values.round, (text) => change('round', (v) => ({ ...v, round: text })))}
        <small className="admin-result__hint admin-result__hint--beside">
          {t('admin.results.fightHint')}
        </small>
        <RowLabel text={time} optional={false} />
        <input
          {...control('time', time)}
          inputMode="numeric"
          placeholder="0:00"
          value={values.time}
          onChange={(e) => change('time', (v) => ({ ...v, time: e.target.value }))}
        />
      </Fragment>,
    );
  }
  if (shown.race) {
    const state = t('admin.results.driverState');
    const position = t('admin.results.position');
    const laps = t('admin.results.laps');
    rows.push(
      <Fragment key="race">
        <RowLabel text={state} optional={false} />
        {SIDES.map((side) => (
          <select
            key={side}
            {...control(`race.${side}.state`, `${state}: ${team(side)}`)}
            value={values.drivers[side].state}
            onChange={(e) => setDriver(side, { state: e.target.value as DriverState }, `race.${side}.state`)}
          >
            <option value="">{t('admin.results.choose')}</option>
            {(['classified', 'dnf', 'dns'] as const).map((s) => (
              <option key={s} value={s}>
                {t(`admin.results.driverStates.${s}`)}
              </option>
            ))}
          </select>
        ))}
        <RowLabel text={position} optional={false} />
        {SIDES.map((side) => (
          <input
            key={side}
            {...control(`race.${side}.position`, `${position}: ${team(side)}`)}
            type="number"
            inputMode="numeric"
            min={1}
            disabled={values.drivers[side].state !== 'classified'}
            value={values.drivers[side].state === 'classified' ? values.drivers[side].position : ''}
            onChange={(e) => setDriver(side, { position: e.target.value }, `race.${side}.position`)}
          />
        ))}
        <RowLabel text={laps} optional={false} />
        {SIDES.map((side) => (
          <input
            key={side}
            {...control(`race.${side}.laps`, `${laps}: ${team(side)}`)}
            type="number"
            inputMode="numeric"
            min={0}
            disabled={values.drivers[side].state === 'dns'}
            value={values.drivers[side].state === 'dns' ? '' : values.drivers[side].laps}
            onChange={(e) => setDriver(side, { laps: e.target.value }, `race.${side}.laps`)}
          />
        ))}
      </Fragment>,
    );
  }

  const hintKey = unfinishedHint(values.status);
  return (
    <ResultEntryForm
      entry={entry}
      onSubmit={(e) =>
        void entry.send(e, resultProblem(sport, values, names), () => resultPayload(sport, values))
      }
      status={values.status}
      onStatus={(status) => setValues((v) => ({ ...v, status }))}
      hint={hintKey && t(hintKey)}
    >
      {rows.length > 0 && (
        <div className="admin-result__grid">
          {/* A column per side, headed by its name, when some row is asked per side (not a fight). */}
          {(shown.pairs.length > 0 || shown.race) && (
            <>
              <span />
              {SIDES.map((side) => (
                <span key={side} className="admin-result__side" title={team(side)}>
                  {team(side)}
                </span>
              ))}
            </>
          )}
          {rows}
        </div>
      )}
    </ResultEntryForm>
  );
}

/**
 * The result form of a fixture: football's own, a race's classification, or the scoreboard of its
 * sport. A race the feed no longer lists has no field to pick from: its scoreboard is shown, which
 * can still enter how it ended (a finished race needs its classification, and is refused).
 */
export function FixtureResultForm({ fixture, onDone }: { fixture: AttentionFixture; onDone: () => void }) {
  const sport = fixture.sport;
  if (!isSportKey(sport) || sport === 'football') {
    return <FootballResultForm fixture={fixture} onDone={onDone} />;
  }
  if (isRaceFixture(fixture) && fixture.field) {
    return <RaceResultForm fixture={fixture} field={fixture.field} onDone={onDone} />;
  }
  return <SportResultForm fixture={fixture} sport={sport} onDone={onDone} />;
}

/** The label of an end status a result carries without a score (a postponement), else null. */
function statusText(fixture: AttentionFixture, status: number, t: TFunction): string | null {
  const entry = RESULT_STATUSES.find(([code]) => code === status);
  if (!entry) return null;
  return status === MatchTime.cutInHalf && fixture.sport !== 'football'
    ? t('admin.results.stoppedEarly')
    : t(entry[1]);
}

/** The stored result in a line ("2 × 1", "3º × abandonou", "vitória de Usyk · round 9, 2:31"), or null. */
export function resultSummary(fixture: AttentionFixture, t: TFunction): string | null {
  const result = fixture.result;
  if (!result) return null;
  const name = (side: Side | undefined) => (side === 'away' ? fixture.away : fixture.home);
  if (result.classification) {
    const drivers = result.classification.winners.map(
      (id) => fixture.field?.find((d) => d.id === id)?.name ?? id,
    );
    if (drivers.length === 0) return statusText(fixture, result.status, t);
    return drivers.length === 1
      ? t('admin.results.summary.winOf', { team: drivers[0] })
      : t('admin.results.summary.deadHeat', { drivers: drivers.join(', ') });
  }
  if (fixture.sport === 'motor_racing') {
    if (!result.race) return statusText(fixture, result.status, t);
    const driver = (side: Side) => {
      const d = result.race![side];
      if (!d.started) return t('admin.results.summary.dns');
      return d.position === null
        ? t('admin.results.summary.dnf')
        : t('admin.results.summary.position', { position: d.position });
    };
    return `${driver('home')} × ${driver('away')}`;
  }
  const full = result.scores.full;
  if (!full) return statusText(fixture, result.status, t);
  const parts: string[] = [];
  if (fixture.sport === 'boxing') {
    parts.push(
      full.home === full.away
        ? t('admin.results.summary.draw')
        : t('admin.results.summary.winOf', { team: name(full.home > full.away ? 'home' : 'away') }),
    );
    if (result.method) parts.push(t(`admin.results.summary.methods.${result.method}`));
    if (result.rounds) {
      parts.push(
        t('admin.results.summary.rounds', {
          round: result.rounds.round,
          time: clockText(result.rounds.seconds),
        }),
      );
    }
  } else {
    parts.push(`${full.home} × ${full.away}`);
  }
  if (result.retired) parts.push(t('admin.results.summary.retiredBy', { team: name(result.retired) }));
  if (result.advanced) parts.push(t('admin.results.summary.superOver', { team: name(result.advanced) }));
  if (result.innings !== undefined) {
    parts.push(t('admin.results.summary.innings', { innings: result.innings.toLocaleString('pt-BR') }));
  }
  return parts.join(' · ');
}
