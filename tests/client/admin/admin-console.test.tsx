import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import '../../../src/lib/i18n';
import { OPERATOR_TOKEN_KEY } from '../../../src/admin/admin-api';
import { AdminApp, canOpen } from '../../../src/admin/admin-app';
import { riskFlags } from '../../../src/admin/admin-panels';
import { OperatorsPanel } from '../../../src/admin/admin-operators-panel';
import { fakeAdminServer, ok, type Reply } from './fake-admin-server';

let requests: InternalAxiosRequestConfig[] = [];

/** Answers the console's calls from `route` (method + path → reply), as the server would. */
function fakeServer(route: Parameters<typeof fakeAdminServer>[0]) {
  requests = fakeAdminServer(route);
}

const fail = (status: number, message: string): Reply => ({ status, body: { status, message, data: null } });

beforeEach(() => sessionStorage.clear());
afterEach(() => cleanup());

/** A day's figures as the server answers them (the schema the console parses). */
const DASHBOARD = {
  day: '2026-11-29',
  at: '2026-11-29T15:00:00.000Z',
  deposits: { count: 3, amount: 300 },
  withdrawalsPaid: { count: 1, amount: 60 },
  withdrawalsRequested: { count: 2, amount: 6060 },
  approvalQueue: { count: 1, amount: 6000 },
  casinoGgr: 80,
  sportsGgr: 20,
  ggr: 100,
  bonusCost: 10,
  ngr: 90,
  activePlayers: 4,
  newPlayers: 2,
  firstDeposits: 1,
  chatsWaiting: 1,
  complaintsOpen: 0,
  alertsOpen: 0,
};

describe('operator console', () => {
  it('enrols by QR code, signs in with the code, keeps the token in this tab and shows the role’s sections', async () => {
    fakeServer((key, config) => {
      if (key === 'POST /api/admin/auth/totp/enrol') {
        return ok({
          secret: 'JBSWY3DPEHPK3PXP',
          otpauthUri: 'otpauth://totp/Trevo%3Acaixa?secret=JBSWY3DPEHPK3PXP',
        });
      }
      if (key === 'POST /api/admin/auth/login') {
        const body = JSON.parse(config.data as string) as { totp?: string };
        return body.totp === '123456'
          ? ok({ access_token: 'op-token', role: 'finance' })
          : fail(400, 'Cadastre o autenticador antes de entrar');
      }
      if (key === 'GET /api/admin/auth/me')
        return ok({ id: 2, username: 'caixa', role: 'finance', totpEnrolled: true });
      if (key.startsWith('GET /api/admin/withdrawals')) return ok({ list: [], total: 0 });
      if (key === 'GET /api/admin/dashboard') return ok(DASHBOARD);
      return fail(404, 'Não encontrado');
    });
    const user = userEvent.setup();
    render(<AdminApp />);
    await user.type(screen.getByLabelText('Usuário'), 'caixa');
    await user.type(screen.getByLabelText('Senha'), 'Caixa#Seguro2026');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Cadastre o autenticador antes de entrar',
    );

    await user.click(screen.getByRole('button', { name: 'Cadastrar autenticador' }));
    const qr = await screen.findByRole('img', { name: 'QR code do autenticador' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(screen.getByTestId('admin-totp-secret').textContent).toBe('JBSWY3DPEHPK3PXP');

    await user.type(screen.getByLabelText('Código do autenticador (6 dígitos)'), '12a3456');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    // The console opens on the day at a glance; the queue's card leads to the withdrawals.
    expect(await screen.findByRole('heading', { name: 'Painel de hoje' })).toBeTruthy();
    expect(screen.getByTestId('dashboard-approvalQueue').textContent).toMatch(/R\$\s6\.000,00/);
    expect(screen.getByTestId('dashboard-ngr').textContent).toMatch(/R\$\s90,00/);
    // support's cards lead nowhere for finance: no button where the role may not go
    expect(screen.getByTestId('dashboard-chatsWaiting').querySelector('button')).toBeNull();
    await user.click(
      within(screen.getByTestId('dashboard-approvalQueue')).getByRole('button', { name: 'Abrir' }),
    );
    expect(await screen.findByRole('heading', { name: 'Saques aguardando aprovação' })).toBeTruthy();
    expect(sessionStorage.getItem(OPERATOR_TOKEN_KEY)).toBe('op-token');
    expect(localStorage.getItem('token')).toBeNull();
    const login = requests.filter((r) => r.url === '/api/admin/auth/login').pop()!;
    expect(JSON.parse(login.data as string)).toEqual({
      username: 'caixa',
      pwd: 'Caixa#Seguro2026',
      totp: '123456',
    });
    const me = requests.find((r) => r.url === '/api/admin/auth/me')!;
    expect(String(me.headers.Authorization)).toBe('Bearer op-token');

    const nav = screen.getByRole('navigation');
    const sections = [...nav.querySelectorAll('button')].map((b) => b.textContent);
    expect(sections).toEqual(['Painel', 'Saques', 'Jogadores', 'Relatórios', 'Razão', 'Auditoria']);
  });

  it('returns to the login form when the server ends the operator session (401)', async () => {
    sessionStorage.setItem(OPERATOR_TOKEN_KEY, 'old-token');
    fakeServer((key) =>
      key === 'GET /api/admin/auth/me'
        ? fail(401, 'Por favor, faça login novamente')
        : fail(404, 'Não encontrado'),
    );
    render(<AdminApp />);
    expect(await screen.findByRole('form', { name: 'Entrar no backoffice' })).toBeTruthy();
    await waitFor(() => expect(sessionStorage.getItem(OPERATOR_TOKEN_KEY)).toBeNull());
  });
});

describe('operators panel', () => {
  it('creates an operator with a role and changes another one’s role', async () => {
    sessionStorage.setItem(OPERATOR_TOKEN_KEY, 'admin-token');
    const list = [
      {
        id: 1,
        username: 'operador',
        role: 'admin',
        totpEnrolled: true,
        createdAt: '2026-11-01T00:00:00Z',
        disabled: null,
      },
    ];
    fakeServer((key) => {
      if (key === 'GET /api/admin/operators') return ok(list);
      if (key === 'POST /api/admin/operators') return ok({ id: 2 });
      if (key === 'PUT /api/admin/operators/1') return ok({ id: 1, role: 'finance' });
      return fail(404, 'Não encontrado');
    });
    const user = userEvent.setup();
    render(<OperatorsPanel />);
    await screen.findByText('operador');
    await user.type(screen.getByLabelText('Usuário'), 'suporte1');
    await user.type(screen.getByLabelText('Senha inicial'), 'Suporte#Seguro2026');
    await user.selectOptions(screen.getByLabelText('Perfil'), 'support');
    await user.click(screen.getByRole('button', { name: 'Criar operador' }));
    expect(
      await screen.findByText('Operador criado; ele cadastra o autenticador no primeiro acesso'),
    ).toBeTruthy();
    const created = requests.find((r) => r.method === 'post' && r.url === '/api/admin/operators')!;
    expect(JSON.parse(created.data as string)).toEqual({
      username: 'suporte1',
      pwd: 'Suporte#Seguro2026',
      role: 'support',
    });

    // Choosing a role asks first (issue 19): nothing is sent before "Confirmar".
    await user.selectOptions(screen.getByLabelText('Perfil de operador'), 'finance');
    expect(screen.getByRole('group').textContent).toMatch(/^Mudar o papel de .+ para financeiro\?/);
    expect(requests.some((r) => r.method === 'put')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Perfil alterado')).toBeTruthy();
    const put = requests.find((r) => r.method === 'put')!;
    expect(JSON.parse(put.data as string)).toEqual({ role: 'finance' });
  });
  it('disables an account only with a reason, and shows a disabled one with its reason', async () => {
    sessionStorage.setItem(OPERATOR_TOKEN_KEY, 'admin-token');
    const list = [
      {
        id: 1,
        username: 'operador',
        role: 'admin',
        totpEnrolled: true,
        createdAt: '2026-11-01T00:00:00Z',
        disabled: null,
      },
      {
        id: 3,
        username: 'antigo',
        role: 'finance',
        totpEnrolled: true,
        createdAt: '2026-10-01T00:00:00Z',
        disabled: { at: '2026-11-20T02:00:00Z', reason: 'Saiu da empresa' },
      },
    ];
    fakeServer((key) => {
      if (key === 'GET /api/admin/operators') return ok(list);
      if (key.startsWith('POST /api/admin/operators/')) return ok(null);
      return fail(404, 'Não encontrado');
    });
    const user = userEvent.setup();
    render(<OperatorsPanel />);
    const old = await screen.findByTestId('operator-access-3');
    expect(old.textContent).toContain('Desativado em 19/11/2026, 23:00: Saiu da empresa');
    const active = screen.getByTestId('operator-access-1');
    await user.click(within(active).getByRole('button', { name: 'Desativar acesso' }));
    expect(within(active).getByRole('group').textContent).toContain('As sessões abertas terminam agora');
    expect(within(active).getByRole('button', { name: 'Confirmar' })).toHaveProperty('disabled', true);
    await user.type(within(active).getByRole('textbox'), 'Acesso comprometido');
    await user.click(within(active).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Acesso desativado; as sessões foram encerradas')).toBeTruthy();
    const post = requests.find((r) => r.method === 'post')!;
    expect(post.url).toBe('/api/admin/operators/1/disable');
    expect(JSON.parse(post.data as string)).toEqual({ reason: 'Acesso comprometido' });
    await user.click(within(old).getByRole('button', { name: 'Reativar acesso' }));
    await user.click(within(old).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'post').map((r) => r.url)).toContain(
        '/api/admin/operators/3/enable',
      ),
    );
  });
});

describe('console rules', () => {
  it('opens sections by role; admin opens everything', () => {
    expect(canOpen('support', 'players')).toBe(true);
    expect(canOpen('support', 'withdrawals')).toBe(false);
    expect(canOpen('trader', 'sports')).toBe(true);
    expect(canOpen('trader', 'notices')).toBe(false);
    expect(canOpen('admin', 'notices')).toBe(true);
  });

  it('names only the risk signals that are present', () => {
    const calm = {
      accountAgeDays: 400,
      newAccount: false,
      depositMinutesBefore: null,
      bonusTurnoverLeft: 0,
      bonusReleased: 0,
      turnoverLeft: 0,
      sameKeyUsers: [],
      depositsPaid: 100,
      depositsPaidCount: 1,
      withdrawalsPaid: 0,
      withdrawalsPaidCount: 0,
    };
    expect(riskFlags(calm)).toEqual([]);
    expect(
      riskFlags({
        ...calm,
        newAccount: true,
        accountAgeDays: 2,
        depositMinutesBefore: 5,
        bonusReleased: 12.5,
        sameKeyUsers: ['b@x.com'],
      }).map((f) => f.key),
    ).toEqual([
      'admin.risk.newAccount',
      'admin.risk.depositBefore',
      'admin.risk.bonusReleased',
      'admin.risk.sameKey',
    ]);
  });
});
