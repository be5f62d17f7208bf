import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { UFS, type KycState } from '../../../domain/schemas/kyc.schema';
import { saveKycAddress } from '../../services/wallet-api';
import { showToast } from '../app/dialogs';
import { SelectField, TextField } from '../components/fields';

type Address = NonNullable<KycState['address']>;
const EMPTY: Address = { cep: '', street: '', number: '', complement: '', district: '', city: '', uf: '' };

/** 01310100 → 01310-100 as the player types, so the CEP reads the way it is printed on mail. */
export function maskCep(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 8);
  return digits.length > 5 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits;
}

/**
 * The home address beside the identity documents (issue 19: Portaria SPA/MF 1.143/2024 asks for
 * it). The browser's address autofill fills it in one tap; the server checks every line and
 * answers the saved address, which the form then shows.
 */
export function KycAddressForm(props: { address: Address | null; onSaved: (state: KycState) => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<Address>(
    props.address ? { ...props.address, cep: maskCep(props.address.cep) } : EMPTY,
  );
  const [saving, setSaving] = useState(false);
  const set = (key: keyof Address) => (value: string) =>
    setForm((f) => ({ ...f, [key]: key === 'cep' ? maskCep(value) : value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      const { state, message } = await saveKycAddress(form);
      props.onSaved(state);
      showToast(message);
    } catch {
      // The server's refusal names the line to fix; the client's error alert shows it.
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="form kyc-address" onSubmit={(e) => void submit(e)} noValidate data-testid="kyc-address">
      <h3 className="kyc-docs__title">{t('kyc.addressTitle')}</h3>
      <TextField
        label={t('kyc.cep')}
        value={form.cep}
        onValue={set('cep')}
        inputMode="numeric"
        autoComplete="postal-code"
        placeholder="00000-000"
        testId="address-cep"
      />
      <TextField
        label={t('kyc.street')}
        value={form.street}
        onValue={set('street')}
        autoComplete="address-line1"
        testId="address-street"
      />
      <div className="kyc-address__row">
        <TextField
          label={t('kyc.number')}
          value={form.number}
          onValue={set('number')}
          inputMode="text"
          testId="address-number"
        />
        <TextField
          label={t('kyc.complement')}
          value={form.complement}
          onValue={set('complement')}
          autoComplete="address-line2"
          testId="address-complement"
        />
      </div>
      <TextField
        label={t('kyc.district')}
        value={form.district}
        onValue={set('district')}
        autoComplete="address-level3"
        testId="address-district"
      />
      <div className="kyc-address__row">
        <TextField
          label={t('kyc.city')}
          value={form.city}
          onValue={set('city')}
          autoComplete="address-level2"
          testId="address-city"
        />
        <SelectField
          label={t('kyc.uf')}
          value={form.uf}
          onValue={set('uf')}
          testId="address-uf"
          options={[{ value: '', label: '—' }, ...UFS.map((uf) => ({ value: uf, label: uf }))]}
        />
      </div>
      <button
        className="button button--gold button--block"
        type="submit"
        disabled={saving}
        data-testid="address-save"
      >
        {saving ? t('kyc.addressSaving') : t('kyc.addressSave')}
      </button>
    </form>
  );
}
