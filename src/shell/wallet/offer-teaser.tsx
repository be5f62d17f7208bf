import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCountdown, formatMoney } from '../../lib/format';
import type { OfferKind } from '../../machines/offer-countdown.machine';
import { fetchPrices } from '../../services/wallet-api';
import { openOverlay } from '../app/overlay-store';
import { GiftIcon } from '../components/icons';
import { useOffer } from './offer-store';
import './offer-teaser.css';

/** The largest bonus of the offer's packages (BTBRL / FCBRL), or null until (or unless) known. */
function useLargestGift(kind: OfferKind | null): number | null {
  const [gift, setGift] = useState<{ kind: OfferKind; amount: number } | null>(null);
  useEffect(() => {
    if (!kind) return;
    let current = true;
    fetchPrices(kind === 'FPDATA' ? 'BTBRL' : 'FCBRL').then(
      (packages) => {
        if (current) setGift({ kind, amount: Math.max(0, ...packages.map((p) => p.gift)) });
      },
      // Without the figure the panel still names the offer and leads to it.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [kind]);
  return gift && gift.kind === kind && gift.amount > 0 ? gift.amount : null;
}

/**
 * The open first- or second-deposit offer, at the top of the plain deposit: its bonus is only in
 * the offer's own packages (a plain deposit of the same amount carries none, and the first deposit
 * closes the first offer), so a player who opened "Depósito" sees it, and how long it lasts,
 * before paying without it. "Ver oferta" opens the offer (`secondDeposit`).
 */
export function OfferTeaser() {
  const { t } = useTranslation();
  const offer = useOffer();
  const gift = useLargestGift(offer?.kind ?? null);
  if (!offer) return null;
  const first = offer.kind === 'FPDATA';
  return (
    <section className="offer-teaser" aria-labelledby="offer-teaser-title" data-testid="deposit-offer">
      <GiftIcon className="offer-teaser__icon" />
      <div className="offer-teaser__text">
        <h3 id="offer-teaser-title" className="offer-teaser__title">
          {first ? t('offer.firstTitle') : t('offer.secondTitle')}
        </h3>
        <p className="offer-teaser__gift" data-testid="deposit-offer-gift">
          {gift === null ? t('offer.teaserLead') : t('offer.teaserUpTo', { amount: formatMoney(gift) })}
        </p>
        <p className="offer-teaser__time">
          {t('offer.endsIn')} <strong>{formatCountdown(offer.remainingMs)}</strong>
        </p>
      </div>
      <button
        type="button"
        className="button button--gold button--small"
        onClick={() => openOverlay('secondDeposit')}
        data-testid="deposit-offer-open"
      >
        {t('offer.see')}
      </button>
    </section>
  );
}

/**
 * In the plain deposit's confirmation, while an offer is open: this payment carries none of its
 * bonus (and, for the first deposit, ends the offer), with the way to the offer.
 */
export function OfferMissedNote() {
  const { t } = useTranslation();
  const offer = useOffer();
  if (!offer) return null;
  return (
    <p className="offer-teaser__missed" data-testid="deposit-confirm-offer">
      <GiftIcon className="inline-icon" />
      <span>{offer.kind === 'FPDATA' ? t('offer.missedFirst') : t('offer.missedSecond')}</span>
      <button
        type="button"
        className="link-button"
        onClick={() => openOverlay('secondDeposit')}
        data-testid="deposit-confirm-offer-open"
      >
        {t('offer.see')}
      </button>
    </p>
  );
}
