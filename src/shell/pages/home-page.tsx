import { useTranslation } from 'react-i18next';
import { openOverlay } from '../app/overlay-store';
import { useToken } from '../app/session';
import { openDeposit } from '../app/shell-actions';
import { GameGrid } from '../components/game-tile';
import { SportsHighlights } from '../home/sports-highlights';
import { WinnersFeed } from '../home/winners-feed';
import { SupportChatButton } from '../support/support-chat-button';
import { BannerCarousel, SponsorSection } from '../promo/home-promo';
import { PromoGiftOverlay } from '../promo/promo-gift';
import { PageHeading } from './page-heading';

/** `/home`: the welcome banner, the games, the sports highlights and the live winners. */
export function HomePage() {
  const { t } = useTranslation();
  const token = useToken();
  return (
    <div className="home" data-testid="page-home">
      <section className="hero">
        <div className="hero__copy">
          <PageHeading title={t('home.heroTitle')} lead={t('home.heroLead')} />
          {token ? (
            <button
              type="button"
              className="button button--gold"
              onClick={openDeposit}
              data-testid="home-cta"
            >
              {t('home.heroCtaUser')}
            </button>
          ) : (
            <button
              type="button"
              className="button button--gold"
              onClick={() => openOverlay('register')}
              data-testid="home-cta"
            >
              {t('home.heroCta')}
            </button>
          )}
        </div>
        {/* Home's largest paint: fetched before the game tiles and banners it would otherwise
            queue behind on a phone's few connections. */}
        <img className="hero__art" src="/hero.svg" alt="" width={220} height={180} fetchPriority="high" />
      </section>
      <PromoGiftOverlay />
      <BannerCarousel />

      <section className="panel" aria-labelledby="home-games">
        <h2 id="home-games" className="section-title">
          {t('home.gamesTitle')}
        </h2>
        <GameGrid testIdPrefix="home-game" />
      </section>

      <SportsHighlights />
      <WinnersFeed />
      <SponsorSection />
      <SupportChatButton />
    </div>
  );
}
