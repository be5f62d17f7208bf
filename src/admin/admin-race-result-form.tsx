import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MatchTime } from '../../domain/codes';
import type { AttentionFixture } from './admin-api';
import {
  initialRaceValues,
  racePayload,
  raceProblem,
  raceTakesClassification,
  type RaceValues,
} from './admin-result-rules';
import { ResultEntryForm, unfinishedHint, useResultEntry } from './admin-result-parts';

/**
 * A race's own fixture (Vencedor da Corrida): how it ended and, when it finished or was stopped for
 * good, its winner (a second one in a dead heat) and the drivers who did not start, picked from its
 * field.
 */
export function RaceResultForm({
  fixture,
  field,
  onDone,
}: {
  fixture: AttentionFixture;
  field: NonNullable<AttentionFixture['field']>;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const entry = useResultEntry(fixture.id, onDone);
  const { invalid, setInvalid } = entry;
  const [values, setValues] = useState<RaceValues>(() => initialRaceValues(fixture.result));
  const classified = raceTakesClassification(values.status);
  const driver = (id: string) => field.find((d) => d.id === id)?.name ?? id;
  const change = (name: string, patch: Partial<RaceValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    if (invalid === name) setInvalid(null);
  };

  const pick = (name: 'winner' | 'deadHeat', label: string, none: string) => (
    <>
      <span className="admin-result__label">{label}</span>
      <select
        name={name}
        aria-label={label}
        aria-invalid={invalid === name ? true : undefined}
        className="admin-result__both"
        value={values[name]}
        onChange={(e) => change(name, { [name]: e.target.value })}
      >
        <option value="">{none}</option>
        {field.map((d) => (
          <option key={d.id} value={d.id}>
            {d.name}
          </option>
        ))}
      </select>
    </>
  );
  const toggleNotStarted = (id: string, on: boolean) =>
    change('notStarted', {
      notStarted: on ? [...values.notStarted, id] : values.notStarted.filter((x) => x !== id),
    });
  const hintKey = unfinishedHint(values.status);
  return (
    <ResultEntryForm
      entry={entry}
      onSubmit={(e) =>
        void entry.send(e, raceProblem(values, { winner: t('admin.results.raceWinner'), driver }), () =>
          racePayload(values),
        )
      }
      status={values.status}
      onStatus={(status) => setValues((v) => ({ ...v, status }))}
      hint={
        values.status === MatchTime.cutInHalf
          ? t('admin.results.raceStoppedHint')
          : hintKey
            ? t(hintKey)
            : t('admin.results.raceHint')
      }
    >
      {classified && (
        <div className="admin-result__grid">
          {pick('winner', t('admin.results.raceWinner'), t('admin.results.choose'))}
          {pick('deadHeat', t('admin.results.deadHeat'), t('admin.results.noDeadHeat'))}
          <fieldset
            className="admin-result__field"
            name="notStarted"
            aria-invalid={invalid === 'notStarted' ? true : undefined}
          >
            <legend>{t('admin.results.notStarted')}</legend>
            {field.map((d) => (
              <label key={d.id}>
                <input
                  type="checkbox"
                  checked={values.notStarted.includes(d.id)}
                  onChange={(e) => toggleNotStarted(d.id, e.target.checked)}
                />{' '}
                {d.name}
              </label>
            ))}
          </fieldset>
        </div>
      )}
    </ResultEntryForm>
  );
}
