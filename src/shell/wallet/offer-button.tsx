import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCountdown } from '../../lib/format';
import { useStepsAside } from '../../lib/use-steps-aside';
import { openOverlay, useOverlay } from '../app/overlay-store';
import { useToken } from '../app/session';
import { GiftIcon } from '../components/icons';
import { useOffer } from './offers';

/** How far down the page the floating button folds its label away. */
export const TUCK_FROM_PX = 160;

/**
 * Whether the page is scrolled past the top: the floating button then keeps only its gift and
 * countdown, a third of its height, so it covers less of the rows and controls passing under it
 * (issue 18, item 4). At the top it shows whole, where the pages start with their heading.
 */
function useScrolledDown(active: boolean): boolean {
  const [down, setDown] = useState(false);
  useEffect(() => {
    if (!active) return;
    const read = () => setDown(window.scrollY > TUCK_FROM_PX);
    read();
    window.addEventListener('scroll', read, { passive: true });
    return () => window.removeEventListener('scroll', read);
  }, [active]);
  return down;
}

/**
 * The floating animated button of the offer, with its countdown; hidden while a panel is open.
 * `compact`: a small pill in the top bar of games and the sportsbook, whose controls fill the page.
 */
export function OfferButton({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const token = useToken();
  const offer = useOffer();
  const overlay = useOverlay();
  const floating = Boolean(token && offer && overlay === '') && !compact;
  const tucked = useScrolledDown(floating);
  const ref = useRef<HTMLButtonElement>(null);
  const aside = useStepsAside(ref, floating);
  if (!token || !offer || overlay !== '') return null;
  const time = formatCountdown(offer.remainingMs);
  return (
    <button
      ref={ref}
      type="button"
      className={`offer-button${compact ? ' offer-button--compact' : tucked ? ' offer-button--tucked' : ''}${aside ? ' floating--aside' : ''}`}
      data-floating={compact ? undefined : ''}
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
