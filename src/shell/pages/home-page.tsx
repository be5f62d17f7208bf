import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { openOverlay } from '../app/overlay-store';
import { useToken } from '../app/session';
import { openDeposit } from '../app/shell-actions';
import { GameGrid } from '../components/game-tile';
import { BallIcon } from '../components/icons';
import { SPORT_KEYS } from '../sports/sport-keys';
import { SupportChatButton } from '../support/support-chat-button';
import { BannerCarousel, SponsorSection } from '../promo/home-promo';
import { PromoGiftOverlay } from '../promo/promo-gift';
import { PageHeading } from './page-heading';

/** `/home`: the welcome banner, the games and the sports. */
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
        <img className="hero__art" src="/hero.svg" alt="" width={220} height={180} />
      </section>
      <PromoGiftOverlay />
      <BannerCarousel />

      <section className="panel" aria-labelledby="home-games">
        <h2 id="home-games" className="section-title">
          {t('home.gamesTitle')}
        </h2>
        <GameGrid testIdPrefix="home-game" />
      </section>

      <section className="panel" aria-labelledby="home-sports">
        <div className="section-head">
          <h2 id="home-sports" className="section-title">
            {t('home.sportsTitle')}
          </h2>
          <Link to="/footballPage" className="link-button" data-testid="home-sports-link">
            {t('home.sportsCta')}
          </Link>
        </div>
        <ul className="sport-strip">
          {SPORT_KEYS.slice(0, 6).map((key) => (
            <li key={key}>
              <Link to="/footballPage" className="sport-chip">
                <BallIcon />
                <span>{t(`sports.${key}`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <SponsorSection />
      <SupportChatButton />
    </div>
  );
}
