import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LANGUAGES } from '../../../domain/languages';
import { bcp47, currentLanguage, setLanguage, UI_LANGUAGES, type UiLanguage } from '../../lib/i18n';
import { useSeen } from '../../lib/when-seen';
import { fetchGuestAnalysis } from '../../services/main-api';
import { GameGrid } from '../components/game-tile';
import { PixIcon, SparkIcon } from '../components/icons';
import { CountFigure, CountUp, useCountUp } from './count-up';
import { HELP_TOPICS } from './help-topics';
import { useSiteInfo } from './use-site-info';

type Stats = { number: number; amount: number };

/** The counters change slowly; one request per page load is enough for every footer shown. */
let statsRequest: Promise<Stats | null> | null = null;
function loadStats(): Promise<Stats | null> {
  statsRequest ??= fetchGuestAnalysis().catch(() => null);
  return statsRequest;
}

/** Forgets the loaded counters (tests render footers with other numbers). */
export function resetFooterStats(): void {
  statsRequest = null;
}

function useGuestStats(wanted: boolean): Stats | null {
  const [stats, setStats] = useState<Stats | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void loadStats().then((s) => {
      if (live) setStats(s);
    });
    return () => {
      live = false;
    };
  }, [wanted]);
  return stats;
}

/** Each language named in itself (section 3's table), as a language picker should. */
const LANGUAGE_NAMES = Object.fromEntries(LANGUAGES.map((l) => [l.key, l.name]));

const LEGAL_LINKS = ['text_pp', 'text_jr', 'text_tc', 'text_faq'] as const;

/**
 * The players and winnings counters; their own component, so the figures arriving draw only them
 * and not the whole footer with its game strip.
 */
function FooterStats({ wanted }: { wanted: boolean }) {
  const { t, i18n } = useTranslation();
  const stats = useGuestStats(wanted);
  const locale = bcp47(i18n.language);
  const players = useCountUp(stats?.number ?? 0);
  return (
    <section className="stats" aria-label={t('footer.stats')}>
      <div className="stat">
        {/* A figure, not a heading: the label under it says what it counts. */}
        <strong className="stat__value">
          <CountFigure count={players} value={stats?.number ?? 0} locale={locale} testId="footer-players" />
        </strong>
        {/* "1 jogador", "15 jogadores": the word agrees with the number on screen at every frame
            of the count (plural forms per language); before the number arrives, the plural. */}
        <p className="stat__label">
          {stats ? t('footer.players', { count: Math.floor(players.shown) }) : t('footer.players_other')}
        </p>
      </div>
      <div className="stat">
        <strong className="stat__value">
          <CountUp
            value={stats?.amount ?? 0}
            delayMs={200}
            locale={locale}
            prefix="R$ "
            testId="footer-winnings"
          />
        </strong>
        <p className="stat__label">{t('footer.winnings')}</p>
      </div>
    </section>
  );
}

/** The operator's legal data and the demo notice, when the site's data has arrived. */
function FooterLegal({ wanted }: { wanted: boolean }) {
  const { t } = useTranslation();
  const site = useSiteInfo(wanted);
  return (
    <>
      {/* research/brazil.md §5.4: the operator's legal data, and a demo site says so plainly. */}
      {site?.legal && (
        <address className="footer-legal" data-testid="footer-legal">
          <strong>{site.legal.company}</strong> · CNPJ {site.legal.cnpj}
          <br />
          {site.legal.authorization}
          <br />
          {site.legal.address}
          <br />
          {t('footer.sac')}: {site.legal.sac} · {t('footer.ouvidoria')}: {site.legal.ouvidoria}
        </address>
      )}
      {site?.demo && (
        <p className="footer-demo" data-testid="footer-demo">
          {t('footer.demo')}
        </p>
      )}
    </>
  );
}

/**
 * How near the screen the footer comes before it asks for its counters and the site's legal
 * data: a phone's screen or so ahead, so they are in when the player scrolls there.
 */
const FOOTER_DATA_MARGIN = '800px 0px';

/**
 * The footer of every page (spec 1 and 2). Its two calls wait until the footer nears the screen:
 * with one request at a time (spec 7) they went ahead of the page's own, a round trip each, on
 * every first load (/dice: the session, the game list and the bets waited behind them).
 */
export function Footer() {
  const { t } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  const near = useSeen(ref, FOOTER_DATA_MARGIN);

  return (
    <footer ref={ref} className="site-footer" data-testid="footer">
      <div className="frame site-footer__inner">
        <FooterStats wanted={near} />

        <section aria-labelledby="footer-games">
          <h2 id="footer-games" className="footer-title">
            {t('footer.games')}
          </h2>
          <GameGrid testIdPrefix="footer-game" variant="strip" />
        </section>

        <section aria-labelledby="footer-payments">
          <h2 id="footer-payments" className="footer-title">
            {t('footer.payments')}
          </h2>
          <ul className="partners">
            <li className="partner">
              <PixIcon className="partner__icon partner__icon--pix" />
              <span>
                <strong>{t('footer.pix')}</strong>
                <small>{t('footer.pixNote')}</small>
              </span>
            </li>
            <li className="partner">
              <SparkIcon className="partner__icon" />
              <span>
                <strong>{t('footer.provider')}</strong>
                <small>{t('footer.providerNote')}</small>
              </span>
            </li>
          </ul>
        </section>

        <section aria-labelledby="footer-helps">
          <h2 id="footer-helps" className="footer-title">
            {t('footer.helps')}
          </h2>
          <ul className="help-row">
            {HELP_TOPICS.map(({ page, icon }) => (
              <li key={page}>
                <Link to={`/${page}`} className="help-row__item" data-testid={`footer-help-${page}`}>
                  <span className="help-row__icon">{icon}</span>
                  <span>{t(`pages.${page}.title`)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="footer-title">
            {t('footer.aboutTitle')}
          </h2>
          <p className="footer-text">{t('footer.about')}</p>
        </section>

        <nav aria-label={t('footer.links')} className="legal-links">
          {LEGAL_LINKS.map((page) => (
            <Link key={page} to={`/${page}`} data-testid={`footer-link-${page}`}>
              {t(`pages.${page}.title`)}
            </Link>
          ))}
        </nav>

        <section className="warning" aria-labelledby="footer-warning" data-testid="footer-warning">
          <span className="warning__badge" aria-hidden="true">
            18+
          </span>
          <div>
            <h2 id="footer-warning" className="warning__title">
              {t('footer.warningTitle')}
            </h2>
            <p className="footer-text">{t('footer.warning')}</p>
          </div>
        </section>

        <FooterLegal wanted={near} />

        <div className="footer-bottom">
          <label className="language">
            <span>{t('footer.language')}</span>
            <select
              value={currentLanguage()}
              onChange={(event) => void setLanguage(event.target.value as UiLanguage)}
              data-testid="footer-language"
            >
              {UI_LANGUAGES.map((key) => (
                <option key={key} value={key}>
                  {LANGUAGE_NAMES[key]}
                </option>
              ))}
            </select>
          </label>
          <p className="copyright" data-testid="footer-copyright">
            {t('footer.copyright')}
          </p>
        </div>
      </div>
    </footer>
  );
}
