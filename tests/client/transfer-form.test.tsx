import { act, cleanup, render, screen } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import i18n, { setLanguage, UI_LANGUAGES } from '../../src/lib/i18n';
import { sessionStore } from '../../src/shell/app/session';
import { TransferForm } from '../../src/shell/wallet/transfer-form';
import { userInfoFixture } from './support';

/**
 * The transfer form's amount field on a phone (390 px wide: about 20 Latin letters fit beside
 * 'R$'): its placeholder was the sentence of the empty-amount toast ('Por favor, insira o valor da
 * transferência'), cut mid-word on a phone in four languages and filling the field on a desktop.
 * The label says what the field is; the placeholder shows how to write an amount.
 */

/** How wide a text is in Latin letters: a Chinese, Japanese or Korean character counts as two. */
const widthOf = (text: string) =>
  [...text].reduce(
    (sum, ch) =>
      sum +
      (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u.test(
        ch,
      )
        ? 2
        : 1),
    0,
  );

afterEach(cleanup);
afterAll(() => setLanguage('pt_BR'));

describe('the transfer form', () => {
  it('shows an example amount in the amount field, short enough for a phone in every language', async () => {
    sessionStore.set({ token: 'tok', userInfo: userInfoFixture({ balance: 120 }) });
    const seen: Record<string, string> = {};
    for (const lang of UI_LANGUAGES) {
      await act(() => setLanguage(lang));
      render(<TransferForm />);
      const placeholder = (screen.getByTestId('transfer-amount') as HTMLInputElement).placeholder;
      seen[lang] = placeholder;
      // Not the toast's sentence for an empty amount.
      expect(placeholder).not.toBe(i18n.t('dict.enterTransferAmount'));
      expect(widthOf(placeholder), `${lang}: ${placeholder}`).toBeLessThanOrEqual(20);
      cleanup();
    }
    expect(seen.pt_BR).toBe('Ex.: 75 ou 75,50');
  });
});
