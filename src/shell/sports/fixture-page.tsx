import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EARLY_PAYOUT_MARKET } from '../../../domain/sports/early-payout';
import { Link, useParams } from 'react-router-dom';
import { isSportKey } from '../../../domain/sports/sports';
import { fixtureTitle } from '../../../domain/sports/labels';
import type { SportsFixtureDetail, SportsMarket } from '../../services/sports-api';
import { PageHeading } from '../pages/page-heading';
import { BetSlip } from './bet-slip';
import { builderTakes } from './builder-markets';
import { BuilderModeTabs, useBuilderMode } from './builder-mode';
import { BuilderPanel } from './builder-panel';
import { betBuilder, useBuilderPick } from './builder-store';
import { BackToList } from './finder';
import { LiveTracker } from './live-tracker';
import { useMarketNames } from './market-names';
import { OddsButton } from './odds-button';
import { shortLabel } from './short-labels';
import { FavouriteStars } from './favourites';
import { useFixture } from './use-sports-data';
import './sports.css';

/** Markets of a fixture grouped by their pt-BR group name, in the order the server lists them. */
export function groupMarkets(markets: SportsMarket[]): Array<{ group: string; markets: SportsMarket[] }> {
  const groups = new Map<string, SportsMarket[]>();
  for (const m of markets) {
    // Settled (−3) and cancelled (−4) markets are no longer offered.
    if (m.status === -3 || m.status === -4) continue;
    const list = groups.get(m.group) ?? [];
    list.push(m);
    groups.set(m.group, list);
  }
  return [...groups].map(([group, list]) => ({ group, markets: list }));
}

/**
 * One market: its name and its selections; in Criar Aposta a tap goes to the builder. A race's
 * field (Vencedor da Corrida) is a list, a driver a row with the price beside the name.
 */
function MarketBlock({
  fixture,
  market,
  group,
  building,
}: {
  fixture: SportsFixtureDetail;
  market: SportsMarket;
  group: string;
  building: boolean;
}) {
  const { t } = useTranslation();
  const names = useMarketNames();
  const picked = useBuilderPick(fixture.id, market.id);
  const builderPick = (outcome: SportsMarket['outcomes'][number]) => ({
    picked: picked === outcome.id,
    onPick: () =>
      betBuilder().send({
        type: 'builder.toggle',
        selection: {
          marketId: market.id,
          market: names.market(market, fixture.sport, fixture),
          outcomeId: outcome.id,
          outcome: names.outcome(market.id, outcome),
        },
      }),
  });
  return (
    <div className="market" data-testid="market" data-market={market.id}>
      {market.name !== group ? (
        <h4 className="market__name">{names.market(market, fixture.sport, fixture)}</h4>
      ) : null}
      {/* Pagamento Antecipado pays singles: a Criar Aposta is settled as one. */}
      {fixture.earlyPayout && market.id === EARLY_PAYOUT_MARKET && !building ? (
        <p className="market__early" data-testid="early-payout">
          {t('sports.earlyPayout')}
        </p>
      ) : null}
      <div
        className={`market__outcomes market__outcomes--${
          market.type === 'outright' ? 'list' : Math.min(market.outcomes.length, 3)
        }`}
      >
        {market.outcomes.map((o) => (
          <OddsButton
            key={o.id}
            fixture={fixture}
            market={market}
            outcome={o}
            label={shortLabel(market.type, o.id)}
            suspended={fixture.suspended}
            builder={building ? builderPick(o) : undefined}
          />
        ))}
      </div>
    </div>
  );
}

/** A group of markets that opens and closes (the first groups start open). */
function MarketGroup({
  fixture,
  group,
  markets,
  initiallyOpen,
  building,
}: {
  fixture: SportsFixtureDetail;
  group: string;
  markets: SportsMarket[];
  initiallyOpen: boolean;
  building: boolean;
}) {
  const { t } = useTranslation();
  const names = useMarketNames();
  const [open, setOpen] = useState(initiallyOpen);
  // The server names groups in pt-BR; the page names them in the player's language.
  const title = markets.every((m) => m.type === 'outright')
    ? t('sports.fixture.raceWinner')
    : names.group(markets[0]!, fixture.sport);
  return (
    <section className="market-group" data-testid="market-group" data-group={group}>
      <button
        type="button"
        className="market-group__head"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        <span>{title}</span>
        <span className="market-group__count">{markets.length}</span>
        <span aria-hidden="true">{open ? '▾' : '▸'}</span>
      </button>
      {open ? (
        <div className="market-group__body">
          {markets.map((m) => (
            <MarketBlock key={m.id} fixture={fixture} market={m} group={group} building={building} />
          ))}
        </div>
      ) : null}
    </section>
  );
}

/**
 * `/sports/fixture/:id`: a fixture's live tracker and every market, grouped, with the slip; on
 * football before kick-off, Criar Aposta in its own mode with its panel where the slip stands.
 */
export function FixturePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { fixture, missing } = useFixture(id);
  const { mode, setMode, canBuild, building, closed } = useBuilderMode(id, fixture);
  // Criar Aposta lists only the markets it takes, so no price in it is a surprise.
  const groups = fixture
    ? groupMarkets(building ? fixture.markets.filter(builderTakes) : fixture.markets)
    : [];

  return (
    <article className="sportsbook" data-testid="page-fixture">
      <div className="sportsbook__main">
        <div className="sportsbook__head">
          <BackToList sport={fixture?.sport} />
          <Link to="/sports/bets" className="button button--ghost button--small">
            {t('sports.myBets')}
          </Link>
        </div>
        {!fixture ? (
          missing ? (
            <div className="callout" data-testid="fixture-missing">
              <p>{t('sports.fixture.missing')}</p>
            </div>
          ) : (
            <p className="empty">{t('sports.loading')}</p>
          )
        ) : (
          <>
            <PageHeading
              title={fixtureTitle(fixture)}
              lead={`${isSportKey(fixture.sport) ? t(`sports.${fixture.sport}`) : fixture.sport} · ${fixture.competition}`}
            />
            <FavouriteStars fixture={fixture} />
            <LiveTracker fixture={fixture} />
            {canBuild ? <BuilderModeTabs mode={mode} onChange={setMode} /> : null}
            {closed ? (
              <p className="callout" data-testid="builder-closed">
                {t('sports.builder.closed')}
              </p>
            ) : null}
            {groups.length === 0 ? (
              <p className="empty" data-testid="no-markets">
                {t('sports.fixture.noMarkets')}
              </p>
            ) : (
              <div className="market-groups">
                {groups.map((g, i) => (
                  <MarketGroup
                    key={`${building ? 'builder' : 'all'}:${g.group}`}
                    fixture={fixture}
                    group={g.group}
                    markets={g.markets}
                    initiallyOpen={i < 4}
                    building={building}
                  />
                ))}
              </div>
            )}
          </>
        )}
      </div>
      {building ? <BuilderPanel /> : <BetSlip />}
    </article>
  );
}
