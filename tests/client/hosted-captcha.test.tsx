import { cleanup, render, screen, waitFor, act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import '../../src/lib/i18n';
import { configureApiClient } from '../../src/services/api-client';
import { overlayStore } from '../../src/shell/app/overlay-store';
import { sessionStore } from '../../src/shell/app/session';
import { LoginForm } from '../../src/shell/overlays/auth-panel';
import { resetSiteInfo } from '../../src/services/site-api';
import { resetCaptchaProvider } from '../../src/services/auth-api';
import { fail, installFakeServer, ok } from './support';

/**
 * With a hosted challenge configured (TREVO_CAPTCHA=turnstile), the forms draw the provider's widget
 * instead of Trevo's picture and send its token as the answer; a refused attempt asks the widget for
 * a new challenge, since each token is good once. The provider's script is stood in for by a fake
 * `window.turnstile` with its documented explicit-render API.
 */

interface FakeWidget {
  sitekey: string;
  callback: (token: string) => void;
  'expired-callback': () => void;
}

let widgets: FakeWidget[];
let resets: string[];

beforeEach(() => {
  localStorage.clear();
  sessionStore.set({ token: null, userInfo: null });
  overlayStore.set('login');
  configureApiClient({ alert: () => undefined, loading: () => undefined });
  widgets = [];
  resets = [];
  (window as unknown as Record<string, unknown>).turnstile = {
    render: (_element: HTMLElement, options: FakeWidget) => {
      widgets.push(options);
      return `w${widgets.length}`;
    },
    reset: (id: string) => resets.push(id),
    remove: () => undefined,
  };
});

afterEach(() => {
  cleanup();
  resetSiteInfo();
  // The hosted widget must not outlive this file in the worker's shared module graph (the
  // complaint form after it expected Trevo's own picture).
  resetCaptchaProvider();
  delete (window as unknown as Record<string, unknown>).turnstile;
});

describe('a hosted challenge in the login form', () => {
  it('draws the widget with the site key, sends its token, and asks for a new one after a refusal', async () => {
    const user = userEvent.setup();
    const server = installFakeServer((config) =>
      config.url === '/api/auth/user/captchaProvider'
        ? ok({ provider: 'turnstile', siteKey: '0x4AAAAAAAtest' })
        : fail(400, 400, 'Usuário ou senha incorretos'),
    );
    render(<LoginForm />);

    await waitFor(() => expect(widgets).toHaveLength(1));
    expect(widgets[0]!.sitekey).toBe('0x4AAAAAAAtest');
    expect(screen.queryByTestId('login-captcha-input')).toBeNull();

    await user.type(screen.getByTestId('login-username'), 'ana@example.com');
    await user.type(screen.getByTestId('login-password'), 'Trevo#Forte2026');
    const submit = screen.getByTestId('login-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    act(() => widgets[0]!.callback('0.token-from-the-widget'));
    expect(submit.disabled).toBe(false);
    await user.click(submit);

    const login = await waitFor(() => {
      const found = server.requests.find((r) => r.url === '/api/auth/user/restLogin');
      expect(found).toBeDefined();
      return found!;
    });
    expect(JSON.parse(login.data as string)).toMatchObject({ captCode: '0.token-from-the-widget' });
    // Refused: the token is spent, the widget gives a new challenge and the answer is cleared.
    await waitFor(() => expect(resets).toEqual(['w1']));
    expect(submit.disabled).toBe(true);
  });
});
