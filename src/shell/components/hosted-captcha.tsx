import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A hosted challenge's widget (Cloudflare Turnstile or hCaptcha, when the server is configured
 * with one): the provider's script is loaded once, the widget is drawn in place of Trevo's picture,
 * and its token becomes the form's captcha answer, which the server verifies with the provider.
 * Both providers document the same explicit-render API used here.
 */

type Provider = 'turnstile' | 'hcaptcha';

interface WidgetApi {
  render(element: HTMLElement, options: Record<string, unknown>): string;
  reset(widgetId?: string): void;
  remove(widgetId: string): void;
}

const SCRIPTS: Record<Provider, string> = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
  hcaptcha: 'https://js.hcaptcha.com/1/api.js?render=explicit&recaptchacompat=off',
};

const loading = new Map<Provider, Promise<WidgetApi>>();

function widgetApi(provider: Provider): WidgetApi | undefined {
  return (window as unknown as Record<Provider, WidgetApi | undefined>)[provider];
}

/** The provider's API, loading its script the first time. */
export function loadWidgetApi(provider: Provider): Promise<WidgetApi> {
  const ready = widgetApi(provider);
  if (ready) return Promise.resolve(ready);
  let promise = loading.get(provider);
  if (!promise) {
    promise = new Promise<WidgetApi>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = SCRIPTS[provider];
      script.async = true;
      script.onload = () => {
        const api = widgetApi(provider);
        if (api) resolve(api);
        else reject(new Error(`${provider} loaded without its API`));
      };
      script.onerror = () => {
        loading.delete(provider);
        reject(new Error(`${provider} did not load`));
      };
      document.head.append(script);
    });
    loading.set(provider, promise);
  }
  return promise;
}

export function HostedCaptcha({
  provider,
  siteKey,
  onToken,
  resetKey,
  testId,
}: {
  provider: Provider;
  siteKey: string;
  /** The solved challenge's token, or '' when it expired or failed. */
  onToken: (token: string) => void;
  /** A new value asks for a new challenge (each token is good once). */
  resetKey: unknown;
  testId: string;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: WidgetApi; id: string } | null>(null);
  const [failed, setFailed] = useState(false);
  const onTokenRef = useRef(onToken);
  onTokenRef.current = onToken;

  useEffect(() => {
    let alive = true;
    loadWidgetApi(provider).then(
      (api) => {
        if (!alive || !box.current) return;
        const id = api.render(box.current, {
          sitekey: siteKey,
          callback: (token: string) => onTokenRef.current(token),
          'expired-callback': () => onTokenRef.current(''),
          'error-callback': () => onTokenRef.current(''),
        });
        widget.current = { api, id };
      },
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
      if (widget.current) widget.current.api.remove(widget.current.id);
      widget.current = null;
    };
  }, [provider, siteKey]);

  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    onTokenRef.current('');
    widget.current?.api.reset(widget.current.id);
  }, [resetKey]);

  return (
    <div className="field" data-testid={testId}>
      <span className="field__label">{t('auth.captcha')}</span>
      <div ref={box} className="hosted-captcha" />
      {failed && (
        <p className="field__error" role="alert">
          {t('auth.captchaUnavailable')}
        </p>
      )}
    </div>
  );
}
