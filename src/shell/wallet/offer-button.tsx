import { useTranslation } from 'react-i18next';
import { formatCountdown } from '../../lib/format';
import { openOverlay, useOverlay } from '../app/overlay-store';
import { useToken } from '../app/session';
import { GiftIcon } from '../components/icons';
import { useOffer } from './offers';

/**
 * The floating animated button of the offer, with its countdown; hidden while a panel is open.
 * `compact`: a small pill in the top bar of games and the sportsbook, whose controls fill the page.
 */
export function OfferButton({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const token = useToken();
  const offer = useOffer();
  const overlay = useOverlay();
  if (!token || !offer || overlay !== '') return null;
  const time = formatCountdown(offer.remainingMs);
  return (
    <button
      type="button"
      className={`offer-button${compact ? ' offer-button--compact' : ''}`}
      onClick={() => openOverlay('secondDeposit')}
      // Named by what it shows ("Oferta 23:59:46"), so a voice command can say it; what it opens
      // is its description.
      aria-label={`${t('offer.button')} ${time}`}
      title={t('offer.buttonLabel', { time })}
      data-testid="offer-button"
    >
      <GiftIcon className="offer-button__icon" />
      <span className="offer-button__label">{t('offer.button')}</span>{' '}
      <span className="offer-button__time" data-testid="offer-button-countdown">
        {time}
      </span>
    </button>
  );
}
