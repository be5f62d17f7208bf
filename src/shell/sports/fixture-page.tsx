import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EARLY_PAYOUT_MARKET } from '../../../domain/sports/early-payout';
import { Link, useParams } from 'react-router-dom';
import { isSportKey } from '../../../domain/sports/sports';
import type { SportsFixtureDetail, SportsMarket } from '../../services/sports-api';
import { PageHeading } from '../pages/page-heading';
import { BetSlip } from './bet-slip';
import { BackToList } from './finder';
import { LiveTracker } from './live-tracker';
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

/** One market: its name and its selections. */
function MarketBlock({
  fixture,
  market,
  group,
}: {
  fixture: SportsFixtureDetail;
  market: SportsMarket;
  group: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="market" data-testid="market" data-market={market.id}>
      {market.name !== group ? <h4 className="market__name">{market.name}</h4> : null}
      {fixture.earlyPayout && market.id === EARLY_PAYOUT_MARKET ? (
        <p className="market__early" data-testid="early-payout">
          {t('sports.earlyPayout')}
        </p>
      ) : null}
      <div className={`market__outcomes market__outcomes--${Math.min(market.outcomes.length, 3)}`}>
        {market.outcomes.map((o) => (
          <OddsButton
            key={o.id}
            fixture={fixture}
            market={market}
            outcome={o}
            label={shortLabel(market.type, o.id)}
            suspended={fixture.suspended}
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
}: {
  fixture: SportsFixtureDetail;
  group: string;
  markets: SportsMarket[];
  initiallyOpen: boolean;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <section className="market-group" data-testid="market-group" data-group={group}>
      <button
        type="button"
        className="market-group__head"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        <span>{group}</span>
        <span className="market-group__count">{markets.length}</span>
        <span aria-hidden="true">{open ? '▾' : '▸'}</span>
      </button>
      {open ? (
        <div className="market-group__body">
          {markets.map((m) => (
            <MarketBlock key={m.id} fixture={fixture} market={m} group={group} />
          ))}
        </div>
      ) : null}
    </section>
  );
}

/** `/sports/fixture/:id`: a fixture's live tracker and every market, grouped, with the slip. */
export function FixturePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { fixture, missing } = useFixture(id);
  const groups = fixture ? groupMarkets(fixture.markets) : [];

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
              title={`${fixture.home} x ${fixture.away}`}
              lead={`${isSportKey(fixture.sport) ? t(`sports.${fixture.sport}`) : fixture.sport} · ${fixture.competition}`}
            />
            <FavouriteStars fixture={fixture} />
            <LiveTracker fixture={fixture} />
            {groups.length === 0 ? (
              <p className="empty" data-testid="no-markets">
                {t('sports.fixture.noMarkets')}
              </p>
            ) : (
              <div className="market-groups">
                {groups.map((g, i) => (
                  <MarketGroup
                    key={g.group}
                    fixture={fixture}
                    group={g.group}
                    markets={g.markets}
                    initiallyOpen={i < 4}
                  />
                ))}
              </div>
            )}
          </>
        )}
      </div>
      <BetSlip />
    </article>
  );
}
