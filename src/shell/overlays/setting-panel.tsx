import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { GAMES } from '../../../domain/codes';
import { navigateTo } from '../app/navigation';
import { closeOverlay } from '../app/overlay-store';
import {
  BallIcon,
  CrownIcon,
  GiftIcon,
  HomeIcon,
  ListIcon,
  MegaphoneIcon,
  PaperPlaneIcon,
  ShareIcon,
} from '../components/icons';
import { openGame } from '../components/game-tile';
import { Modal } from '../components/modal';
import { SupportMenuEntry } from '../support/support-chat-button';
import { useSupportContacts } from '../support/support-contacts';
import './setting-panel.css';

/** The Telegram address of `csid`'s second part: a handle (`trevo_suporte`, `@trevo`) or a full link. */
export function telegramHref(contact: string): string | null {
  const value = contact.trim();
  if (!value) return null;
  if (/^https:\/\/(t\.me|telegram\.me)\//i.test(value)) return value;
  const handle = value.replace(/^@/, '');
  return /^[A-Za-z0-9_]{3,64}$/.test(handle) ? `https://t.me/${handle}` : null;
}

function PanelLink({
  icon,
  label,
  to,
  testId,
}: {
  icon: ReactNode;
  label: string;
  to: string;
  testId: string;
}) {
  return (
    <li>
      <a
        href={to}
        className="side-link"
        onClick={(event) => {
          event.preventDefault();
          closeOverlay();
          navigateTo(to);
        }}
        data-testid={testId}
      >
        <span className="side-link__icon">{icon}</span>
        <span>{label}</span>
      </a>
    </li>
  );
}

/**
 * 'settingPop' (spec 2): the side panel with the site's links — bonuses, home, VIP club, Share,
 * Telegram (only when `csid` names a Telegram contact), game history, customer service (only with
 * a chat id) — and the game label with the six games.
 */
export function SettingPanel() {
  const { t } = useTranslation();
  const { telegram } = useSupportContacts();
  const telegramLink = telegramHref(telegram);
  return (
    <Modal title={t('settings.title')} onClose={closeOverlay} testId="setting-panel" variant="side">
      <nav aria-label={t('settings.title')}>
        <ul className="side-links">
          <PanelLink icon={<HomeIcon />} label={t('settings.home')} to="/home" testId="setting-home" />
          <PanelLink
            icon={<GiftIcon />}
            label={t('settings.bonuses')}
            to="/bonuspage"
            testId="setting-bonuses"
          />
          <PanelLink icon={<CrownIcon />} label={t('settings.vip')} to="/vip" testId="setting-vip" />
          <PanelLink icon={<ShareIcon />} label={t('settings.share')} to="/share" testId="setting-share" />
          <PanelLink
            icon={<ListIcon />}
            label={t('settings.history')}
            to="/gameMess"
            testId="setting-history"
          />
          <PanelLink
            icon={<BallIcon />}
            label={t('settings.sports')}
            to="/footballPage"
            testId="setting-sports"
          />
          <PanelLink
            icon={<MegaphoneIcon />}
            label={t('settings.promotions')}
            to="/gamebouns"
            testId="setting-gamebouns"
          />
          {telegramLink && (
            <li>
              <a
                href={telegramLink}
                target="_blank"
                rel="noopener noreferrer"
                className="side-link"
                data-testid="setting-telegram"
              >
                <span className="side-link__icon">
                  <PaperPlaneIcon />
                </span>
                <span>{t('settings.telegram')}</span>
              </a>
            </li>
          )}
          <li className="side-links__support">
            <SupportMenuEntry className="side-link" />
          </li>
        </ul>
      </nav>
      <section className="side-games" aria-labelledby="setting-games-label">
        <div className="section-head">
          <h3 id="setting-games-label" className="side-games__label">
            {t('settings.gamesLabel')}
          </h3>
          <a
            href="/gameGroupList"
            className="link-button"
            onClick={(event) => {
              event.preventDefault();
              closeOverlay();
              navigateTo('/gameGroupList');
            }}
            data-testid="setting-all-games"
          >
            {t('settings.allGames')}
          </a>
        </div>
        <ul className="side-games__grid">
          {GAMES.map((game) => (
            <li key={game.gameType}>
              <button
                type="button"
                className="side-game"
                onClick={() => {
                  closeOverlay();
                  openGame(game);
                }}
                data-testid={`setting-game-${game.gameType}`}
              >
                <img src={`/games/${game.gameType}.svg`} alt="" width={40} height={40} loading="lazy" />
                <span>{t(`games.${game.gameType}.name`)}</span>
              </button>
            </li>
          ))}
        </ul>
      </section>
    </Modal>
  );
}
