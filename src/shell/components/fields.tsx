import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon, EyeOffIcon } from './icons';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'prefix'> & {
  label: string;
  value: string;
  onValue: (value: string) => void;
  hint?: string;
  error?: string | null;
  /** Content drawn inside the field before the input (e.g. the +55 prefix). */
  prefix?: ReactNode;
  /** Content drawn after the input (e.g. the captcha image). */
  suffix?: ReactNode;
  testId?: string;
};

/** A labelled text input with an optional hint and an error announced to screen readers. */
export function TextField({
  label,
  value,
  onValue,
  hint,
  error,
  prefix,
  suffix,
  testId,
  ...rest
}: InputProps) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className={`field__control${error ? ' field__control--invalid' : ''}`}>
        {prefix}
        <input
          id={id}
          className="field__input"
          value={value}
          onChange={(event) => onValue(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          data-testid={testId}
          {...rest}
        />
        {suffix}
      </div>
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<InputProps, 'type' | 'suffix'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      suffix={
        <button
          type="button"
          className="icon-button field__toggle"
          aria-label={visible ? t('common.hidePassword') : t('common.showPassword')}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      }
    />
  );
}

/** A labelled select drawn like the other fields. */
export function SelectField(props: {
  label: string;
  value: string;
  onValue: (value: string) => void;
  testId: string;
  options: { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {props.label}
      </label>
      <div className="field__control">
        <select
          id={id}
          className="field__input"
          value={props.value}
          onChange={(e) => props.onValue(e.target.value)}
          data-testid={props.testId}
        >
          {props.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
