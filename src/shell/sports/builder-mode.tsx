import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SportsFixtureDetail } from '../../services/sports-api';
import { builderOpen, builderTakes } from './builder-markets';
import { betBuilder } from './builder-store';

/** The fixture page's two ways of betting: every market on the slip, or Criar Aposta. */
export type FixtureMode = 'all' | 'builder';

/**
 * Whether the fixture page is in Criar Aposta mode. The mode is offered on football before
 * kick-off; a page opened again on a fixture whose builder has selections opens in it. When the
 * match starts under a player in the mode, `closed` says so (the builder closes at kick-off).
 */
export function useBuilderMode(id: string, fixture: SportsFixtureDetail | null) {
  const [mode, setMode] = useState<FixtureMode>(() => {
    const held = betBuilder().getSnapshot().context;
    return held.fixtureId === id && held.selections.length > 0 ? 'builder' : 'all';
  });
  const canBuild = fixture !== null && builderOpen(fixture) && fixture.markets.some(builderTakes);
  const building = canBuild && mode === 'builder';
  const fixtureId = fixture?.id;
  const name = fixture ? `${fixture.home} x ${fixture.away}` : '';
  useEffect(() => {
    if (!building || !fixtureId) return;
    betBuilder().send({ type: 'builder.open', fixtureId, fixture: name });
    return () => betBuilder().send({ type: 'builder.leave' });
  }, [building, fixtureId, name]);
  return { mode, setMode, canBuild, building, closed: mode === 'builder' && fixture !== null && !canBuild };
}

/** "Todos os mercados" | "Criar Aposta", and in the builder a line on how it works. */
export function BuilderModeTabs({
  mode,
  onChange,
}: {
  mode: FixtureMode;
  onChange: (mode: FixtureMode) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="fixture-modes">
      <div className="tabs fixture-modes__tabs" role="tablist">
        {(['all', 'builder'] as FixtureMode[]).map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            className="tabs__tab"
            aria-selected={mode === key}
            onClick={() => onChange(key)}
            data-testid={`fixture-mode-${key}`}
          >
            {key === 'all' ? t('sports.fixture.allMarkets') : t('sports.builder.title')}
          </button>
        ))}
      </div>
      {mode === 'builder' ? (
        <p className="fixture-modes__lead" data-testid="builder-lead">
          {t('sports.builder.lead')}
        </p>
      ) : null}
    </div>
  );
}
