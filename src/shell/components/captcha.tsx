import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaptchaProvider } from '../../../domain/schemas/auth.schema';
import { captchaUrl, fetchCaptchaProvider, newCaptchaId } from '../../services/auth-api';
import { TextField } from './fields';
import { HostedCaptcha } from './hosted-captcha';

/** A captcha id and image address, with the two ways spec 8 renews them. */
export function useCaptcha() {
  const [codeId, setCodeId] = useState(newCaptchaId);
  const [nonce, setNonce] = useState(0);
  return {
    codeId,
    src: captchaUrl(codeId, nonce),
    /** A new image for the same id (each answer is single-use, so the server issues a new one). */
    refresh: () => setNonce((n) => n + 1),
    /** A new random id, as registration does after a failure. */
    regenerate: () => setCodeId(newCaptchaId()),
  };
}

const LOCAL: CaptchaProvider = { provider: 'local', siteKey: null };

/** The server's challenge; Trevo's picture until it has answered. */
function useCaptchaProvider(): CaptchaProvider {
  const [provider, setProvider] = useState(LOCAL);
  useEffect(() => {
    let alive = true;
    void fetchCaptchaProvider().then((p) => alive && setProvider(p));
    return () => {
      alive = false;
    };
  }, []);
  return provider;
}

/**
 * The captcha answer input with its image (tapping the image asks for a new one), or the hosted
 * challenge's widget when the server uses one; a new `src` then asks the widget for a new challenge.
 */
export function CaptchaField({
  src,
  value,
  onValue,
  onRefresh,
  error,
  testId,
}: {
  src: string;
  value: string;
  onValue: (value: string) => void;
  onRefresh: () => void;
  /** What is wrong (no answer yet), said beside the field. */
  error?: string | null;
  testId: string;
}) {
  const { t } = useTranslation();
  const challenge = useCaptchaProvider();
  if (challenge.provider !== 'local' && challenge.siteKey) {
    return (
      <>
        <HostedCaptcha
          provider={challenge.provider}
          siteKey={challenge.siteKey}
          onToken={onValue}
          resetKey={src}
          testId={`${testId}-widget`}
        />
        {error ? (
          <p className="field__error" role="alert">
            {error}
          </p>
        ) : null}
      </>
    );
  }
  return (
    <TextField
      label={t('auth.captcha')}
      placeholder={t('auth.captchaPlaceholder')}
      value={value}
      onValue={(v) => onValue(v.trim())}
      autoComplete="off"
      autoCapitalize="off"
      spellCheck={false}
      maxLength={16}
      error={error}
      testId={`${testId}-input`}
      suffix={
        <button
          type="button"
          className="captcha"
          onClick={onRefresh}
          aria-label={t('auth.captchaImage')}
          data-testid={`${testId}-image`}
        >
          <img src={src} alt="" width={120} height={44} />
        </button>
      }
    />
  );
}
