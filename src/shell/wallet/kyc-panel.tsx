import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { normaliseCpf } from '../../../domain/identity';
import { maskCpf } from '../../lib/format';
import { updateKyc } from '../../services/wallet-api';
import { showToast } from '../app/dialogs';
import { closeOverlay, openOverlay } from '../app/overlay-store';
import { refreshUserInfo, useUserInfo } from '../app/session';
import { TextField } from '../components/fields';
import { ShieldIcon } from '../components/icons';
import { Modal } from '../components/modal';
import { pendingDepositStore } from './wallet-store';
import { KycDocuments } from './kyc-documents';

/**
 * `editBank` (spec 2, 4, 5): the identity form. Nothing is required and a failed request is ignored
 * silently (spec 5 and 7); success shows the server's message or 'Terminar'. Whatever happens, a
 * deposit that was waiting for it continues in the popup it came from.
 */
export function KycPanel() {
  const { t } = useTranslation();
  const user = useUserInfo();
  const [name, setName] = useState(() => user?.name ?? '');
  // The CPF given at sign-up: the identity check needs that very one (issue 18, item 12).
  const [cpf, setCpf] = useState(() => (user?.cpf ? maskCpf(user.cpf) : ''));
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const message = await updateKyc(name.trim(), normaliseCpf(cpf));
      showToast(message || t('kyc.done'));
    } catch {
      // Spec 7: failed KYC requests are silently ignored. The deposit asks again while kyc ≠ 1.
    }
    await refreshUserInfo({ loading: false });
    const pending = pendingDepositStore.get();
    if (pending) openOverlay(pending.overlay);
    else closeOverlay();
  }

  function close() {
    pendingDepositStore.set(null);
    closeOverlay();
  }

  return (
    <Modal title={t('kyc.title')} onClose={close} testId="kyc-panel" variant="sheet">
      <form className="form" onSubmit={submit} noValidate>
        <p className="form__lead">{t('kyc.lead')}</p>
        <TextField
          label={t('kyc.name')}
          placeholder={t('kyc.namePlaceholder')}
          value={name}
          onValue={setName}
          autoComplete="name"
          maxLength={80}
          testId="kyc-name"
        />
        <TextField
          label={t('kyc.cpf')}
          placeholder="000.000.000-00"
          value={cpf}
          onValue={(v) => setCpf(maskCpf(v))}
          inputMode="numeric"
          autoComplete="off"
          testId="kyc-cpf"
        />
        <p className="warning-note" data-testid="kyc-warning">
          <ShieldIcon />
          <span>{t('kyc.warning')}</span>
        </p>
        <button
          type="submit"
          className="button button--gold button--block"
          disabled={busy}
          data-testid="kyc-submit"
        >
          {t('kyc.submit')}
        </button>
      </form>
      {/* Documents come once the name and CPF are confirmed (the server asks the same). */}
      {user?.kyc === 1 && <KycDocuments />}
    </Modal>
  );
}
