import { useState, type ComponentProps, type FormEvent } from 'react';
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

  /** One line of the address: its label, value, autofill hint and test id from its key. */
  const text = (key: Exclude<keyof Address, 'uf'>, input: Partial<ComponentProps<typeof TextField>>) => (
    <TextField
      {...input}
      label={t(`kyc.${key}`)}
      value={form[key]}
      onValue={set(key)}
      testId={`address-${key}`}
    />
  );

  return (
    <form className="form kyc-address" onSubmit={(e) => void submit(e)} noValidate data-testid="kyc-address">
      <h3 className="kyc-docs__title">{t('kyc.addressTitle')}</h3>
      {text('cep', { inputMode: 'numeric', autoComplete: 'postal-code', placeholder: '00000-000' })}
      {text('street', { autoComplete: 'address-line1' })}
      <div className="kyc-address__row">
        {text('number', { inputMode: 'text' })}
        {text('complement', { autoComplete: 'address-line2' })}
      </div>
      {text('district', { autoComplete: 'address-level3' })}
      <div className="kyc-address__row">
        {text('city', { autoComplete: 'address-level2' })}
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
