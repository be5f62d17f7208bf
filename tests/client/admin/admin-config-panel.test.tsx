import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import '../../../src/lib/i18n';
import { adminHttp, OPERATOR_TOKEN_KEY } from '../../../src/admin/admin-api';
import { canOpen } from '../../../src/admin/admin-app';
import { ConfigPanel } from '../../../src/admin/admin-config-panel';
import { installAdminTexts } from '../../../src/admin/admin-texts';

installAdminTexts();

type Reply = { status: number; body: unknown };
let puts: Array<{ url: string; body: { value: unknown; version: number } }> = [];

function fakeServer(route: (key: string, config: InternalAxiosRequestConfig) => Reply) {
  puts = [];
  adminHttp.defaults.adapter = async (config) => {
    if (config.method === 'put') puts.push({ url: config.url!, body: JSON.parse(config.data as string) });
    const { status, body } = route(`${config.method!.toUpperCase()} ${config.url}`, config);
    const response = { data: body, status, statusText: '', headers: new AxiosHeaders(), config, request: {} };
    if (status < 300) return response;
    throw new AxiosError('fail', AxiosError.ERR_BAD_RESPONSE, config, {}, response);
  };
}
const ok = (data: unknown): Reply => ({ status: 200, body: { status: 200, message: 'sucesso', data } });
const fail = (status: number, message: string): Reply => ({ status, body: { status, message, data: null } });

const packages = {
  BRL: [
    { pkgId: 'BRL1', price: 30, gift: 0, sort: 1 },
    { pkgId: 'BRL3', price: 100, gift: 0, sort: 3 },
  ],
  BTBRL: [{ pkgId: 'BT1', price: 30, gift: 9, sort: 1 }],
};
const promotions = {
  banners: [
    {
      id: 'boas-vindas',
      title: { pt_BR: 'Bem-vindo ao Trevo', en_US: 'Welcome to Trevo' },
      subtitle: { pt_BR: 'Seu primeiro depósito rende mais' },
      link: '/pay',
      art: '/promo/banner-dice.svg',
    },
  ],
  list: [],
  sponsors: [],
  gift: { id: 'boas-vindas', amount: 5 },
  referralCommission: [0.01, 0.005, 0.002],
  agent: { minFirstDeposit: 50, levels: [{ level: 1, invitees: 3, reward: 20 }] },
};

function sections(
  overrides: Record<string, Partial<{ value: unknown; version: number; updatedBy: string }>> = {},
) {
  const base = [
    { section: 'promotions', value: promotions, version: 0, updatedBy: null, updatedAt: null },
    {
      section: 'packages',
      value: packages,
      version: 7,
      updatedBy: 'gerente',
      updatedAt: '2026-11-20T13:00:00.000Z',
    },
    {
      section: 'offers',
      value: { firstDepositHours: 24, secondDepositHours: 24, payDiscount: { discount: 0.1, hours: 48 } },
      version: 0,
      updatedBy: null,
      updatedAt: null,
    },
  ];
  return base.map((s) => ({ ...s, ...overrides[s.section] }));
}

beforeEach(() => {
  sessionStorage.clear();
  sessionStorage.setItem(OPERATOR_TOKEN_KEY, 'op-token');
});
afterEach(() => cleanup());

describe('content and configuration panel', () => {
  it('is an admin-only section of the console', () => {
    expect(canOpen('admin', 'config')).toBe(true);
    for (const role of ['finance', 'support', 'trader'] as const) expect(canOpen(role, 'config')).toBe(false);
  });

  it('edits a package price in the table and saves the whole section with the version it was read at', async () => {
    fakeServer((key, config) => {
      if (key === 'GET /api/admin/config') return ok({ profile: 'seed', sections: sections() });
      if (key === 'PUT /api/admin/config/packages') {
        const body = JSON.parse(config.data as string) as { value: unknown };
        return ok({
          section: 'packages',
          value: body.value,
          version: 9,
          updatedBy: 'operador',
          updatedAt: '2026-11-22T08:00:00.000Z',
        });
      }
      return fail(404, 'Não encontrado');
    });
    const user = userEvent.setup();
    render(<ConfigPanel />);
    expect(await screen.findByRole('heading', { name: 'Conteúdo e configuração' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Pacotes de preço' }));
    expect(screen.getByTestId('admin-config-meta').textContent).toMatch(
      /^Versão 7 · alterada por gerente em /,
    );

    const price = screen.getByLabelText('Preço (R$) BRL3') as HTMLInputElement;
    expect(price.value).toBe('100');
    await user.clear(price);
    await user.type(price, '120');
    await user.click(screen.getByRole('button', { name: 'Salvar seção' }));

    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      'Configuração salva (versão 9) e já em vigor',
    );
    expect(puts).toHaveLength(1);
    expect(puts[0]!.body).toEqual({
      value: {
        ...packages,
        BRL: [packages.BRL[0], { pkgId: 'BRL3', price: 120, gift: 0, sort: 3 }],
      },
      version: 7,
    });
    expect(screen.getByTestId('admin-config-meta').textContent).toMatch(
      /^Versão 9 · alterada por operador em /,
    );
  });

  it('shows the server’s validation message and keeps the operator’s draft', async () => {
    fakeServer((key) => {
      if (key === 'GET /api/admin/config') return ok({ profile: 'seed', sections: sections() });
      if (key === 'PUT /api/admin/config/promotions') {
        return fail(400, 'Configuração inválida em promotions.banners[0].link: formato inválido');
      }
      return fail(404, 'Não encontrado');
    });
    const user = userEvent.setup();
    render(<ConfigPanel />);
    await screen.findByRole('tab', { name: 'Banners e promoções' });
    expect(screen.getByTestId('admin-config-meta').textContent).toBe(
      'Valor do arquivo de configuração (nenhuma alteração pelo console)',
    );
    const title = screen.getByLabelText('Título (pt-BR) 1') as HTMLInputElement;
    await user.clear(title);
    await user.type(title, 'Semana do Trevo');
    const link = screen.getByLabelText('Link 1') as HTMLInputElement;
    await user.clear(link);
    await user.type(link, 'sem barra');
    await user.click(screen.getByRole('button', { name: 'Salvar seção' }));

    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Configuração inválida em promotions.banners[0].link: formato inválido',
    );
    const sent = puts[0]!.body.value as typeof promotions;
    // The English title is kept; only pt-BR was edited in the form.
    expect(sent.banners[0]!.title).toEqual({ pt_BR: 'Semana do Trevo', en_US: 'Welcome to Trevo' });
    expect(sent.agent).toEqual(promotions.agent);
    expect((screen.getByLabelText('Título (pt-BR) 1') as HTMLInputElement).value).toBe('Semana do Trevo');
  });

  it('edits other sections as JSON, refusing text that is not JSON before calling the server', async () => {
    fakeServer((key, config) => {
      if (key === 'GET /api/admin/config') return ok({ profile: 'seed', sections: sections() });
      if (key === 'PUT /api/admin/config/offers') {
        const body = JSON.parse(config.data as string) as { value: unknown };
        return ok({
          section: 'offers',
          value: body.value,
          version: 3,
          updatedBy: 'operador',
          updatedAt: null,
        });
      }
      return fail(404, 'Não encontrado');
    });
    const user = userEvent.setup();
    render(<ConfigPanel />);
    await user.click(await screen.findByRole('tab', { name: 'Ofertas' }));
    const form = screen.getByRole('form', { name: 'Ofertas' });
    const editor = within(form).getByLabelText('Valor da seção (JSON)') as HTMLTextAreaElement;
    await user.clear(editor);
    await user.click(editor);
    await user.paste('{ "firstDepositHours": 12,');
    await user.click(within(form).getByRole('button', { name: 'Salvar seção' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^JSON inválido: /);
    expect(puts).toHaveLength(0);

    await user.clear(editor);
    await user.paste(
      '{"firstDepositHours":12,"secondDepositHours":24,"payDiscount":{"discount":0,"hours":0}}',
    );
    await user.click(within(form).getByRole('button', { name: 'Salvar seção' }));
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      'Configuração salva (versão 3) e já em vigor',
    );
    expect(puts[0]).toEqual({
      url: '/api/admin/config/offers',
      body: {
        value: { firstDepositHours: 12, secondDepositHours: 24, payDiscount: { discount: 0, hours: 0 } },
        version: 0,
      },
    });
  });
});
