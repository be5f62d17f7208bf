import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KYC_SIDES, KYC_TYPES, type KycSide, type KycState } from '../../../domain/schemas/kyc.schema';
import { formatMoney } from '../../lib/format';
import { kycDocuments, uploadKycDocument } from '../../services/wallet-api';
import { showToast } from '../app/dialogs';
import { KycAddressForm } from './kyc-address';

const SIDE_LABEL = { front: 'kyc.sideFront', back: 'kyc.sideBack', selfie: 'kyc.sideSelfie' } as const;
const REVIEW_TEXT = {
  none: 'kyc.reviewNone',
  pending: 'kyc.reviewPending',
  approved: 'kyc.reviewApproved',
  rejected: 'kyc.reviewRejected',
} as const;

const sentFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  dateStyle: 'short',
  timeStyle: 'short',
});

/**
 * The identity documents part of the identity form (issue 19): front, back and a selfie with the
 * document, each sent as soon as it is chosen with its progress shown, and the review's state in
 * words (a refusal with the operator's reason). Large withdrawals wait for the approval.
 */
export function KycDocuments() {
  const { t } = useTranslation();
  const [state, setState] = useState<KycState | null>(null);
  const [sending, setSending] = useState<{ side: KycSide; percent: number } | null>(null);

  useEffect(() => {
    let live = true;
    kycDocuments().then(
      (s) => live && setState(s),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  const send = async (side: KycSide, file: File) => {
    setSending({ side, percent: 0 });
    try {
      const { state: next, message } = await uploadKycDocument(side, file, (f) =>
        setSending({ side, percent: Math.round(f * 100) }),
      );
      setState(next);
      showToast(message);
    } catch {
      // The server's refusal (type, size, identity form first) is shown by the client's error alert.
    } finally {
      setSending(null);
    }
  };

  if (!state) return null;
  const approved = state.review === 'approved';
  return (
    <section className="kyc-docs" aria-labelledby="kyc-docs-title" data-testid="kyc-documents">
      <h3 id="kyc-docs-title" className="kyc-docs__title">
        {t('kyc.docsTitle')}
      </h3>
      <p className="form__lead">{t('kyc.docsLead', { amount: formatMoney(state.requiredAbove) })}</p>
      <p
        className={`kyc-docs__review kyc-docs__review--${state.review}`}
        role="status"
        data-testid="kyc-review"
      >
        {t(REVIEW_TEXT[state.review], { reason: state.reason })}
      </p>
      <ul className="kyc-docs__list">
        {KYC_SIDES.map((side) => (
          <DocumentSlot
            key={side}
            side={side}
            sentAt={state.documents.find((d) => d.side === side)?.sentAt}
            percent={sending?.side === side ? sending.percent : null}
            disabled={approved || sending !== null}
            onFile={(file) => void send(side, file)}
          />
        ))}
      </ul>
      <KycAddressForm address={state.address} onSaved={setState} />
    </section>
  );
}

function DocumentSlot(props: {
  side: KycSide;
  sentAt: string | undefined;
  percent: number | null;
  disabled: boolean;
  onFile: (file: File) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <li className="kyc-docs__slot" data-testid={`kyc-doc-${props.side}`}>
      <span className="kyc-docs__label">{t(SIDE_LABEL[props.side])}</span>
      <small>
        {props.percent !== null
          ? t('kyc.sending', { percent: props.percent })
          : props.sentAt
            ? t('kyc.sentAt', { when: sentFormat.format(new Date(props.sentAt)) })
            : ''}
      </small>
      {props.percent !== null && <progress max={100} value={props.percent} />}
      <input
        id={id}
        className="visually-hidden"
        type="file"
        accept={KYC_TYPES.join(',')}
        // A phone offers its camera for the selfie.
        capture={props.side === 'selfie' ? 'user' : undefined}
        disabled={props.disabled}
        aria-label={t(SIDE_LABEL[props.side])}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) props.onFile(file);
        }}
      />
      <label htmlFor={id} className={`button button--small${props.disabled ? ' button--disabled' : ''}`}>
        {props.sentAt ? t('kyc.resend') : t('kyc.choose')}
      </label>
    </li>
  );
}
