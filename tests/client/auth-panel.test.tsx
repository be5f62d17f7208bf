import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import '../../src/lib/i18n';
import { configureApiClient } from '../../src/services/api-client';
import { overlayStore } from '../../src/shell/app/overlay-store';
import { sessionStore } from '../../src/shell/app/session';
import { Toast } from '../../src/shell/overlays/dialogs-host';
import { LoginForm, RegisterForm } from '../../src/shell/overlays/auth-panel';
import { fail, installFakeServer, ok, userInfoFixture, type FakeServer } from './support';
import { resetSiteInfo } from '../../src/services/site-api';
import { saoPauloDate } from '../../domain/identity';

const valueOf = (testId: string) => (screen.getByTestId(testId) as HTMLInputElement).value;

/** The calls a form made, without the site information every page may load. */
const formCalls = (server: FakeServer) =>
  server.requests.filter((r) => r.url !== '/api/app/main/site' && r.url !== '/api/auth/user/captchaProvider');

function captchaSrc(testId: string): string {
  return screen.getByTestId(testId).querySelector('img')!.getAttribute('src')!;
}

beforeEach(() => {
  localStorage.clear();
  sessionStore.set({ token: null, userInfo: null });
  overlayStore.set('login');
  configureApiClient({ alert: () => undefined, loading: () => undefined });
});

afterEach(() => {
  cleanup();
  resetSiteInfo();
});

describe('login form', () => {
  it('keeps submit disabled until username, password and captcha are all filled', async () => {
    const user = userEvent.setup();
    render(<LoginForm />);
    const submit = screen.getByTestId('login-submit') as HTMLButtonElement;

    expect(submit.disabled).toBe(true);
    await user.type(screen.getByTestId('login-username'), 'ana@example.com');
    expect(submit.disabled).toBe(true);
    await user.type(screen.getByTestId('login-password'), 'Trevo#Forte2026');
    expect(submit.disabled).toBe(true);
    await user.type(screen.getByTestId('login-captcha-input'), 'abcd');
    expect(submit.disabled).toBe(false);
    await user.clear(screen.getByTestId('login-password'));
    expect(submit.disabled).toBe(true);
  });

  it('lowercases the username while it is typed', async () => {
    const user = userEvent.setup();
    render(<LoginForm />);

    await user.type(screen.getByTestId('login-username'), 'Ana.Souza@Example.COM');

    expect(valueOf('login-username')).toBe('ana.souza@example.com');
  });

  it('logs in: stores the token, loads the user info and closes the panel', async () => {
    const user = userEvent.setup();
    const server = installFakeServer((config) =>
      config.url === '/api/auth/user/restLogin' ? ok({ access_token: 'tok-1' }) : ok(userInfoFixture()),
    );
    render(<LoginForm />);

    await user.type(screen.getByTestId('login-username'), 'Ana@Example.com');
    await user.type(screen.getByTestId('login-password'), 'Trevo#Forte2026');
    await user.type(screen.getByTestId('login-captcha-input'), 'abcd');
    await user.click(screen.getByTestId('login-submit'));

    await waitFor(() => expect(overlayStore.get()).toBe(''));
    const sent = JSON.parse(formCalls(server)[0]!.data as string) as Record<string, string>;
    expect(sent).toMatchObject({ username: 'ana@example.com', pwd: 'Trevo#Forte2026', captCode: 'abcd' });
    expect(Number(sent.codeId)).toBeLessThan(100_000_000);
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(sessionStore.get().userInfo?.email).toBe('ana@example.com');
  });

  it('shows a new captcha after a failed login and clears the answer', async () => {
    const user = userEvent.setup();
    installFakeServer(() => fail(400, 400, 'Usuário ou senha incorretos'));
    render(<LoginForm />);
    const before = captchaSrc('login-captcha-image');

    await user.type(screen.getByTestId('login-username'), 'ana@example.com');
    await user.type(screen.getByTestId('login-password'), 'errada-123');
    await user.type(screen.getByTestId('login-captcha-input'), 'abcd');
    await user.click(screen.getByTestId('login-submit'));

    await waitFor(() => expect(captchaSrc('login-captcha-image')).not.toBe(before));
    expect(valueOf('login-captcha-input')).toBe('');
    expect(localStorage.getItem('token')).toBeNull();
    expect(overlayStore.get()).toBe('login');
  });
});

describe('register form', () => {
  function renderRegister() {
    return render(
      <MemoryRouter>
        <RegisterForm />
        <Toast />
      </MemoryRouter>,
    );
  }

  /** The error said beside the field whose input is `testId`, or null. */
  function errorBeside(testId: string): string | null {
    const input = screen.getByTestId(testId);
    const id = input.getAttribute('aria-describedby');
    return input.getAttribute('aria-invalid') === 'true' && id
      ? document.getElementById(id)!.textContent
      : null;
  }

  it('says beside every missing field what is wrong, focuses the first, and sends nothing', async () => {
    const user = userEvent.setup();
    const server = installFakeServer(() => ok(null));
    renderRegister();

    await user.click(screen.getByTestId('register-submit'));

    expect(errorBeside('register-cpf')).toBe('Informe o CPF');
    expect(errorBeside('register-email')).toBe('Informe o e-mail');
    expect(errorBeside('register-birthdate')).toBe('Informe a data de nascimento');
    expect(errorBeside('register-password')).toBe('Crie uma senha');
    expect(errorBeside('register-password-confirm')).toBe('Repita a senha para confirmar');
    expect(errorBeside('register-captcha-input')).toBe('Por favor verifique');
    // Optional fields stay quiet.
    expect(errorBeside('register-name')).toBeNull();
    expect(errorBeside('register-phone')).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId('register-cpf'));
    // The terms are asked for once the fields are right, not instead of them.
    expect(screen.queryByTestId('toast')).toBeNull();
    expect(formCalls(server)).toHaveLength(0);
  });

  it('says what is wrong with what was typed, focuses it, and clears the error once fixed', async () => {
    const user = userEvent.setup();
    renderRegister();
    await user.type(screen.getByTestId('register-cpf'), '52998224725');
    await user.type(screen.getByTestId('register-email'), 'ana@exemplo');
    fireEvent.change(screen.getByTestId('register-birthdate'), { target: { value: '1990-05-17' } });
    await user.type(screen.getByTestId('register-password'), 'curta');
    await user.type(screen.getByTestId('register-password-confirm'), 'curta');
    await user.type(screen.getByTestId('register-captcha-input'), 'abcd');

    await user.click(screen.getByTestId('register-submit'));

    expect(errorBeside('register-cpf')).toBeNull();
    expect(errorBeside('register-email')).toBe('Informe um e-mail válido');
    expect(errorBeside('register-password')).toBe('A senha deve ter de 8 a 64 caracteres');
    expect(document.activeElement).toBe(screen.getByTestId('register-email'));
    await user.type(screen.getByTestId('register-email'), '.com');
    expect(errorBeside('register-email')).toBeNull();
  });

  it("refuses beside the field an e-mail the server would refuse, by the server's own schema", async () => {
    const user = userEvent.setup();
    renderRegister();
    // Two dots in a row: a bare something@domain.tld shape check lets it through, and the server's
    // emailSchema (domain/schemas/auth.schema.ts) answers 'Informe um e-mail válido' after the captcha.
    await user.type(screen.getByTestId('register-email'), 'ana..souza@exemplo.com');
    await user.click(screen.getByTestId('register-submit'));
    expect(errorBeside('register-email')).toBe('Informe um e-mail válido');
  });

  it('asks to accept the terms (spec 5) once every field is right', async () => {
    const user = userEvent.setup();
    const server = installFakeServer(() => ok(null));
    renderRegister();
    await fillAllButBirthDate(user, { terms: false });
    fireEvent.change(screen.getByTestId('register-birthdate'), { target: { value: '1990-05-17' } });

    await user.click(screen.getByTestId('register-submit'));

    expect(screen.getByTestId('toast').textContent).toBe('Por favor, aceite os termos de serviço');
    expect(screen.queryAllByRole('alert').filter((el) => el.className === 'field__error')).toHaveLength(0);
    expect(formCalls(server)).toHaveLength(0);
  });

  it("asks to verify ('Por favor verifique') beside the captcha when it is missing", async () => {
    const user = userEvent.setup();
    const server = installFakeServer(() => ok(null));
    renderRegister();
    await fillAllButBirthDate(user);
    fireEvent.change(screen.getByTestId('register-birthdate'), { target: { value: '1990-05-17' } });
    await user.clear(screen.getByTestId('register-captcha-input'));

    await user.click(screen.getByTestId('register-submit'));

    expect(errorBeside('register-captcha-input')).toBe('Por favor verifique');
    expect(document.activeElement).toBe(screen.getByTestId('register-captcha-input'));
    expect(formCalls(server)).toHaveLength(0);
  });

  it('suggests mail domains while the e-mail is typed', async () => {
    const user = userEvent.setup();
    renderRegister();

    await user.type(screen.getByTestId('register-email'), 'ana@g');
    await user.click(screen.getByRole('button', { name: 'ana@gmail.com' }));

    expect(valueOf('register-email')).toBe('ana@gmail.com');
    expect(screen.queryByTestId('register-email-suggestions')).toBeNull();
  });

  it('prefills the invite code stored by the /y{yqm} landing', () => {
    localStorage.setItem('yqm', 'AMIGO2026');
    renderRegister();
    expect(valueOf('register-invite')).toBe('AMIGO2026');
  });

  it('sends the register form and, after a failure, draws a new captcha id', async () => {
    const user = userEvent.setup();
    const server = installFakeServer(() => fail(409, 409, 'Este e-mail já está cadastrado'));
    renderRegister();
    const before = captchaSrc('register-captcha-image');

    await user.type(screen.getByTestId('register-name'), 'Ana Souza');
    await user.type(screen.getByTestId('register-cpf'), '52998224725');
    await user.type(screen.getByTestId('register-email'), 'ana@example.com');
    await user.type(screen.getByTestId('register-phone'), '11987654321');
    fireEvent.change(screen.getByTestId('register-birthdate'), { target: { value: '1990-05-17' } });
    await user.type(screen.getByTestId('register-password'), 'Trevo#Forte2026');
    await user.type(screen.getByTestId('register-password-confirm'), 'Trevo#Forte2026');
    await user.type(screen.getByTestId('register-captcha-input'), 'abcd');
    await user.click(screen.getByTestId('register-terms'));
    await user.click(screen.getByTestId('register-submit'));

    await waitFor(() => expect(captchaSrc('register-captcha-image')).not.toBe(before));
    const sent = JSON.parse(formCalls(server)[0]!.data as string) as Record<string, string>;
    expect(sent).toMatchObject({
      name: 'Ana Souza',
      cardNo: '52998224725',
      username: 'ana@example.com',
      country: '+55',
      phone: '11987654321',
      birthDate: '1990-05-17',
      pwd: 'Trevo#Forte2026',
      pwd1: 'Trevo#Forte2026',
      captCode: 'abcd',
    });
    const newId = captchaSrc('register-captcha-image').split('/').pop()!.split('?')[0];
    expect(newId).not.toBe(String(sent.codeId));
    expect(valueOf('register-captcha-input')).toBe('');
  });

  /** Fills every field but the birth date, answers the captcha and (unless told) accepts the terms. */
  async function fillAllButBirthDate(user: ReturnType<typeof userEvent.setup>, { terms = true } = {}) {
    await user.type(screen.getByTestId('register-cpf'), '52998224725');
    await user.type(screen.getByTestId('register-email'), 'ana@example.com');
    await user.type(screen.getByTestId('register-password'), 'Trevo#Forte2026');
    await user.type(screen.getByTestId('register-password-confirm'), 'Trevo#Forte2026');
    await user.type(screen.getByTestId('register-captcha-input'), 'abcd');
    if (terms) await user.click(screen.getByTestId('register-terms'));
  }

  /** The birth date of someone who turns `years` old `dayShift` days from today (São Paulo). */
  function birthDateFor(years: number, dayShift = 0): string {
    const [y, m, d] = saoPauloDate().split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(y - years, m - 1, d + dayShift));
    return date.toISOString().slice(0, 10);
  }

  it('asks for the date of birth and sends nothing without it', async () => {
    const user = userEvent.setup();
    const server = installFakeServer(() => ok(null));
    renderRegister();
    const field = screen.getByTestId('register-birthdate') as HTMLInputElement;
    expect(field.type).toBe('date');
    expect(screen.getByLabelText('Data de nascimento')).toBe(field);

    await fillAllButBirthDate(user);
    await user.click(screen.getByTestId('register-submit'));

    expect(errorBeside('register-birthdate')).toBe('Informe a data de nascimento');
    expect(document.activeElement).toBe(field);
    expect(formCalls(server)).toHaveLength(0);
  });

  it('refuses someone who turns 18 tomorrow, in pt-BR, without calling the server', async () => {
    const user = userEvent.setup();
    const server = installFakeServer(() => ok(null));
    renderRegister();

    await fillAllButBirthDate(user);
    fireEvent.change(screen.getByTestId('register-birthdate'), { target: { value: birthDateFor(18, 1) } });
    expect(screen.getByRole('alert').textContent).toBe('É preciso ter mais de 18 anos para se cadastrar');
    await user.click(screen.getByTestId('register-submit'));

    expect(errorBeside('register-birthdate')).toBe('É preciso ter mais de 18 anos para se cadastrar');
    expect(formCalls(server)).toHaveLength(0);
  });

  it('sends the birth date of someone who turns 18 today', async () => {
    const user = userEvent.setup();
    const server = installFakeServer(() => fail(409, 409, 'Este e-mail já está cadastrado'));
    renderRegister();

    await fillAllButBirthDate(user);
    fireEvent.change(screen.getByTestId('register-birthdate'), { target: { value: birthDateFor(18) } });
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByTestId('register-submit'));

    await waitFor(() => expect(formCalls(server)).toHaveLength(1));
    const sent = JSON.parse(formCalls(server)[0]!.data as string) as Record<string, string>;
    expect(sent.birthDate).toBe(birthDateFor(18));
  });

  it('asks for daily loss and time limits, prefilled with the defaults, and sends them', async () => {
    const user = userEvent.setup();
    const server = installFakeServer((config) =>
      config.url === '/api/app/main/site'
        ? ok({
            profile: 'br-regulated',
            demo: false,
            legal: null,
            signupLimits: { required: true, loss: 500, session: 240 },
          })
        : fail(409, 409, 'Este e-mail já está cadastrado'),
    );
    renderRegister();
    await screen.findByTestId('register-limits');
    await waitFor(() => expect(valueOf('register-loss-limit')).toBe('500'));
    expect(valueOf('register-session-limit')).toBe('240');
    await user.clear(screen.getByTestId('register-loss-limit'));
    await user.type(screen.getByTestId('register-loss-limit'), '150,50');
    await user.clear(screen.getByTestId('register-session-limit'));
    await user.type(screen.getByTestId('register-session-limit'), '2000');
    await fillAllButBirthDate(user);
    fireEvent.change(screen.getByTestId('register-birthdate'), { target: { value: birthDateFor(30) } });
    await user.click(screen.getByTestId('register-submit'));
    expect(errorBeside('register-session-limit')).toBe('Informe um tempo de sessão de 1 a 1440 minutos');
    expect(formCalls(server)).toHaveLength(0);

    await user.clear(screen.getByTestId('register-session-limit'));
    await user.type(screen.getByTestId('register-session-limit'), '90');
    await user.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(formCalls(server)).toHaveLength(1));
    const sent = JSON.parse(formCalls(server)[0]!.data as string) as Record<string, unknown>;
    expect(sent.limits).toEqual({ loss: 150.5, session: 90 });
  });
});
