import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The shortest reason the console accepts where one is required. */
const REASON_MIN = 5;

/**
 * The question a decision asks before it is sent (issue 19: no money or access decision takes one
 * click): the consequence in words, a reason field where the decision needs one, then "Confirmar"
 * or "Cancelar". Nothing is sent before "Confirmar".
 */
export function ConfirmQuestion({
  question,
  onConfirm,
  onCancel,
  reason,
  danger = false,
}: {
  question: string;
  onConfirm: (reason: string) => Promise<void> | void;
  onCancel: () => void;
  /** `required`: Confirmar waits for a reason of at least 5 letters, sent with the decision. */
  reason?: 'required';
  danger?: boolean;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  const reasonOk = reason !== 'required' || text.trim().length >= REASON_MIN;
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm(text.trim());
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="admin-confirm" role="group" aria-labelledby={`${id}-q`}>
      <p id={`${id}-q`}>{question}</p>
      {reason === 'required' && (
        <label>
          {t('admin.confirm.reason')}
          <textarea
            value={text}
            maxLength={200}
            rows={2}
            onChange={(e) => setText(e.target.value)}
            aria-describedby={reasonOk ? undefined : `${id}-hint`}
          />
          {!reasonOk && (
            <small id={`${id}-hint`} className="admin-hint">
              {t('admin.confirm.reasonShort')}
            </small>
          )}
        </label>
      )}
      <div className="admin-actions">
        <button
          type="button"
          className={danger ? 'admin-danger' : undefined}
          disabled={busy || !reasonOk}
          aria-busy={busy}
          onClick={() => void confirm()}
        >
          {t('admin.confirm.yes')}
        </button>
        <button type="button" disabled={busy} onClick={onCancel}>
          {t('admin.confirm.no')}
        </button>
      </div>
    </div>
  );
}

/** A console action that asks before it acts: the first click only opens its question. */
export function ConfirmButton({
  label,
  question,
  onConfirm,
  reason,
  danger = false,
  disabled = false,
}: {
  label: string;
  question: string;
  onConfirm: (reason: string) => Promise<void> | void;
  reason?: 'required';
  danger?: boolean;
  disabled?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button
        type="button"
        className={danger ? 'admin-danger' : undefined}
        disabled={disabled}
        onClick={() => setAsking(true)}
      >
        {label}
      </button>
    );
  }
  return (
    <ConfirmQuestion
      question={question}
      reason={reason}
      danger={danger}
      onCancel={() => setAsking(false)}
      onConfirm={async (text) => {
        try {
          await onConfirm(text);
        } finally {
          setAsking(false);
        }
      }}
    />
  );
}
