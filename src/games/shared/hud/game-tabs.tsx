import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { InstantGame } from '../../../../domain/fairness/instant';
import { formatMoney } from '../../../lib/format';
import type { GameEntry, GameRecord } from '../../../services/games-api';
import { LiveFeed, RecentBets } from './bet-lists';
import { FairnessPanel, type VerifyRequest } from './fairness-panel';

type Tab = 'mine' | 'feed' | 'fairness' | 'rules';

/** The game's RTP, limits and rules (Brazilian rules require the RTP before betting). */
export function GameInfo({ entry, rules }: { entry: GameEntry | null; rules: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="game-info" data-testid="game-rules">
      {entry && (
        <>
          <p className="game-info__rtp" data-testid="game-rtp">
            {t('gameHud.rtp', { rtp: entry.rtp.toFixed(2).replace('.', ',') })}
          </p>
          <p className="hud-note">
            {t('gameHud.limits', {
              min: formatMoney(entry.minBet),
              max: formatMoney(entry.maxBet),
              payout: formatMoney(entry.maxPayout),
            })}
          </p>
        </>
      )}
      <div className="game-info__rules">{rules}</div>
    </div>
  );
}

/**
 * Everything under the table: the player's bets, the live feed, the fairness panel and the rules.
 * "Verify" on one of the player's bets opens the fairness panel filled in for it.
 */
export function GameTabs(props: {
  gameKey: string;
  refreshKey: unknown;
  /** While a round plays out on the table (RecentBets and the live feed wait for it). */
  concealed?: boolean;
  /** The player's account name, so the live feed can hold back their own bets while a round plays. */
  player?: string | null;
  entry: GameEntry | null;
  rules: ReactNode;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('mine');
  const [request, setRequest] = useState<VerifyRequest | null>(null);
  const instant = ['dice', 'limbo', 'mines', 'rowdouble'].includes(props.gameKey);
  const tabs: Tab[] = instant ? ['mine', 'feed', 'fairness', 'rules'] : ['mine', 'feed', 'rules'];

  useEffect(() => setRequest(null), [props.gameKey]);

  function verify(record: GameRecord) {
    if (!record.fairness) return;
    const params = (record.params ?? {}) as { mines?: number };
    setRequest({
      game: record.game as InstantGame,
      serverSeedHash: record.fairness.serverSeedHash,
      clientSeed: record.fairness.clientSeed,
      nonce: record.fairness.nonce,
      mines: params.mines,
    });
    setTab('fairness');
  }

  return (
    <section className="game-tabs">
      <div className="game-tabs__list" role="tablist">
        {tabs.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`game-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`game-panel-${name}`}
            className="game-tabs__tab"
            onClick={() => setTab(name)}
            data-testid={`game-tab-${name}`}
          >
            {t(`gameHud.tabs.${name}`)}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`game-panel-${tab}`}
        aria-labelledby={`game-tab-${tab}`}
        className="game-tabs__panel"
      >
        {tab === 'mine' && (
          <RecentBets
            gameKey={props.gameKey}
            refreshKey={props.refreshKey}
            concealed={props.concealed}
            onVerify={instant ? verify : undefined}
          />
        )}
        {tab === 'feed' && (
          <LiveFeed gameKey={props.gameKey} player={props.player} concealed={props.concealed} />
        )}
        {tab === 'fairness' && <FairnessPanel request={request} edge={props.entry?.edge ?? 0.01} />}
        {tab === 'rules' && <GameInfo entry={props.entry} rules={props.rules} />}
      </div>
    </section>
  );
}
