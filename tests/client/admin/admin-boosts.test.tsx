import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import '../../../src/lib/i18n';
import { OPERATOR_TOKEN_KEY } from '../../../src/admin/admin-api';
import { installAdminTexts } from '../../../src/admin/admin-texts';
import { BoostsPanel } from '../../../src/admin/admin-boosts';
import {
  canBoost,
  highestBoost,
  oddsProblem,
  suggestedOdds,
  typedOdds,
  type BoostRow,
  type SportsFixture,
} from '../../../src/admin/admin-boosts-api';
import { boostInputSchema } from '../../../domain/sports/sports.schema';
import { fakeAdminServer, ok, type Reply } from './fake-admin-server';

/**
 * Super Odds in the trader's console (decision 88): the fixtures still to start come from the
 * sportsbook's public list, a selection's price from the fixture's markets; what the form sends
 * (checked against the server's own schema), the server's refusal as it comes, the boosts' figures
 * in reais, and ending a running one after the question.
 */

installAdminTexts();

const HOUR = 3_600_000;
const iso = (offset: number) => new Date(Date.now() + offset).toISOString();

function fixture(id: string, home: string, away: string, startsIn: number, live = false): SportsFixture {
  return {
    id,
    sport: 'football',
    competition: 'Brasileirão Série A',
    home,
    away,
    startsAt: iso(startsIn),
    live,
    periodCode: live ? 1 : 0,
    clock: live ? '12:00' : null,
    score: { home: 0, away: 0 },
    suspended: false,
    main: null,
  };
}

const outcome = (id: string, name: string, odds: number | null) => ({
  id,
  name,
  odds,
  active: odds !== null,
});
const DETAIL = {
  ...fixture('fx-1', 'Palmeiras', 'Santos', 2 * HOUR),
  stats: {},
  markets: [
    {
      id: 'match_winner:full',
      type: 'match_winner',
      period: 'full',
      line: null,
      status: 1,
      name: 'Resultado Final',
      group: 'Resultado Final',
      outcomes: [
        outcome('home', 'Palmeiras', 1.85),
        outcome('draw', 'Empate', 3.4),
        outcome('away', 'Santos', 4.2),
      ],
    },
    {
      id: 'totals:full:2.5',
      type: 'totals',
      period: 'full',
      line: 2.5,
      status: 1,
      name: 'Total de Gols 2.5',
      group: 'Total de Gols (Mais/Menos)',
      outcomes: [outcome('over', 'Mais de 2.5', 1.9), outcome('under', 'Menos de 2.5', null)],
    },
    {
      id: 'btts:full',
      type: 'btts',
      period: 'full',
      line: null,
      status: -1,
      name: 'Ambas Marcam',
      group: 'Ambas Marcam',
      outcomes: [outcome('yes', 'Sim', 1.8), outcome('no', 'Não', 2)],
    },
  ],
};

function boost(id: number, over: Partial<BoostRow>): BoostRow {
  return {
    id,
    fixtureId: 'fx-1',
    fixture: 'Palmeiras x Santos',
    startsAt: iso(2 * HOUR),
    marketId: 'match_winner:full',
    market: 'Resultado Final',
    outcomeId: 'home',
    outcome: 'Palmeiras',
    odds: 2.1,
    was: 1.85,
    maxStake: 50,
    endedAt: null,
    bets: 3,
    players: 2,
    stakes: 60,
    paid: 0,
    hold: 0,
    boostCost: 0,
    ...over,
  };
}
const ENDED = boost(5, {
  fixtureId: 'fx-9',
  fixture: 'Grêmio x Bahia',
  startsAt: iso(-30 * HOUR),
  outcome: 'Bahia',
  outcomeId: 'away',
  odds: 3.5,
  was: 3,
  maxStake: 25,
  endedAt: iso(-31 * HOUR),
  bets: 10,
  players: 8,
  stakes: 200,
  paid: 315.5,
  hold: -115.5,
  boostCost: 45.07,
});

let requests: InternalAxiosRequestConfig[] = [];
let boosts: BoostRow[] = [];
let created: Reply = ok(null);

beforeEach(() => {
  sessionStorage.setItem(OPERATOR_TOKEN_KEY, 'trader-token');
  boosts = [boost(7, {}), ENDED];
  requests = fakeAdminServer((key) => {
    if (key === 'GET /api/admin/sports/boosts') return ok(boosts);
    if (key.startsWith('GET /api/app/sports/fixtures?')) {
      return ok([
        fixture('fx-live', 'Vasco', 'Botafogo', -HOUR / 2, true),
        fixture('fx-2', 'Grêmio', 'Internacional', 3 * HOUR),
        DETAIL,
      ]);
    }
    if (key === 'GET /api/app/sports/fixtures/fx-1') return ok(DETAIL);
    if (key === 'POST /api/admin/sports/boosts') return created;
    if (key === 'POST /api/admin/sports/boosts/7/end') return ok(boost(7, { endedAt: iso(0) }));
    return { status: 404, body: { status: 404, message: 'Não encontrado', data: null } };
  });
});
afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const sent = (key: string) => requests.filter((r) => `${r.method!.toUpperCase()} ${r.url}` === key);

/** Opens the panel and the fixture Palmeiras × Santos in the form. */
async function openPalmeiras() {
  const user = userEvent.setup();
  render(<BoostsPanel />);
  const list = await screen.findByRole('list', { name: 'Jogos por começar' });
  await user.click(within(list).getByRole('button', { name: /Palmeiras × Santos/ }));
  const form = screen.getByRole('form', { name: 'Nova Super Odd' });
  await within(form).findByLabelText('Mercado');
  return { user, form };
}

describe('Super Odds panel', () => {
  it('lists the fixtures still to start, soonest first, without the operator token', async () => {
    render(<BoostsPanel />);
    const list = await screen.findByRole('list', { name: 'Jogos por começar' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.querySelector('strong')!.textContent),
    ).toEqual(['Palmeiras × Santos', 'Grêmio × Internacional']);
    const read = requests.find((r) => r.url!.startsWith('/api/app/sports/fixtures?'))!;
    expect(read.url).toBe('/api/app/sports/fixtures?live=false&sport=football');
    expect(read.headers.Authorization).toBeUndefined();
    expect(String(sent('GET /api/admin/sports/boosts')[0]!.headers.Authorization)).toBe(
      'Bearer trader-token',
    );
  });

  it('suggests a boosted price for the selection picked and sends what the server’s schema takes', async () => {
    const { user, form } = await openPalmeiras();
    const market = within(form).getByLabelText('Mercado') as HTMLSelectElement;
    const selection = within(form).getByLabelText('Seleção') as HTMLSelectElement;
    const odds = within(form).getByLabelText('Super Odd') as HTMLInputElement;
    // Only open markets with a priced selection; the running boost is marked on its selection.
    expect([...market.options].map((o) => o.value)).toEqual(['match_winner:full', 'totals:full:2.5']);
    expect([...selection.options].map((o) => o.textContent)).toEqual([
      'Palmeiras · 1,85 · Super Odd ativa',
      'Empate · 3,40',
      'Santos · 4,20',
    ]);
    expect(odds.value).toBe('2,12');
    expect(form.textContent).toContain('Acima de 1,85 e até 3,70 (o dobro)');

    await user.selectOptions(market, 'totals:full:2.5');
    expect([...selection.options].map((o) => o.value)).toEqual(['over']);
    expect(odds.value).toBe('2,18');
    await user.selectOptions(market, 'match_winner:full');
    await user.selectOptions(selection, 'draw');
    expect(within(form).getByTestId('admin-boost-current').textContent).toBe('3,40');
    expect(odds.value).toBe('3,90');

    await user.clear(odds);
    await user.type(odds, '3,95');
    await user.type(within(form).getByLabelText('Limite por jogador (R$)'), '50');
    expect(form.textContent).toContain('+16 % sobre a cotação atual');
    expect(form.textContent).toMatch(
      /Empate \(Resultado Final\): de 3,40 para 3,95, até R\$\s50,00 por jogador/,
    );

    created = ok({ ...boost(8, {}), outcomeId: 'draw', outcome: 'Empate', odds: 3.95, was: 3.4 });
    const reads = sent('GET /api/admin/sports/boosts').length;
    await user.click(within(form).getByRole('button', { name: 'Criar Super Odd' }));
    expect((await within(form).findByRole('status')).textContent).toBe(
      'Super Odd criada: Empate (Resultado Final) em Palmeiras x Santos, de 3,40 para 3,95',
    );
    const body = JSON.parse(sent('POST /api/admin/sports/boosts')[0]!.data as string) as unknown;
    expect(body).toEqual({
      fixtureId: 'fx-1',
      marketId: 'match_winner:full',
      outcomeId: 'draw',
      odds: 3.95,
      maxStake: '50.00',
    });
    expect(boostInputSchema.safeParse(body).success).toBe(true);
    await waitFor(() => expect(sent('GET /api/admin/sports/boosts').length).toBe(reads + 1));
  });

  it('shows the server’s refusal as it comes, reads the prices again, and checks what it can first', async () => {
    const { user, form } = await openPalmeiras();
    const odds = within(form).getByLabelText('Super Odd');
    const limit = within(form).getByLabelText('Limite por jogador (R$)');
    await user.click(within(form).getByRole('button', { name: 'Criar Super Odd' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Digite o limite por jogador em reais, por exemplo 50,00',
    );
    expect(limit).toBe(document.activeElement);
    await user.type(limit, '25,5');
    await user.clear(odds);
    await user.type(odds, 'dois');
    await user.click(within(form).getByRole('button', { name: 'Criar Super Odd' }));
    expect(within(form).getByRole('alert').textContent).toBe(
      'Digite a Super Odd como número, por exemplo 2,10',
    );
    expect(sent('POST /api/admin/sports/boosts')).toHaveLength(0);

    const refusal = 'A Super Odd precisa ser maior que a cotação atual (1,85) e no máximo o dobro dela';
    created = { status: 409, body: { status: 409, message: refusal, data: null } };
    await user.clear(odds);
    await user.type(odds, '4.50');
    // Told before it is sent, which the server then refuses in its own words.
    expect(within(form).getByTestId('admin-boost-problem').textContent).toBe(
      'Acima do permitido: no máximo 3,70',
    );
    await user.click(within(form).getByRole('button', { name: 'Criar Super Odd' }));
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe(refusal));
    expect(JSON.parse(sent('POST /api/admin/sports/boosts')[0]!.data as string)).toMatchObject({
      odds: 4.5,
      maxStake: '25.50',
    });
    await waitFor(() => expect(sent('GET /api/app/sports/fixtures/fx-1')).toHaveLength(2));
    // The trader's typing stays.
    expect((odds as HTMLInputElement).value).toBe('4.50');
  });

  it('refuses a one-letter search and searches a team', async () => {
    const user = userEvent.setup();
    render(<BoostsPanel />);
    await screen.findByRole('list', { name: 'Jogos por começar' });
    const search = screen.getByLabelText('Buscar jogo (time ou competição)');
    await user.type(search, 'G');
    await user.click(screen.getByRole('button', { name: 'Buscar jogo' }));
    expect(screen.getByRole('alert').textContent).toBe('Digite ao menos 2 letras para buscar');
    await user.type(search, 'rêmio');
    await user.click(screen.getByRole('button', { name: 'Buscar jogo' }));
    await waitFor(() =>
      expect(requests.at(-1)!.url).toBe('/api/app/sports/fixtures?live=false&sport=football&q=Gr%C3%AAmio'),
    );
  });

  it('shows each boost’s figures in reais and ends a running one after asking', async () => {
    const user = userEvent.setup();
    render(<BoostsPanel />);
    const table = await screen.findByRole('table', { name: 'Super Odds criadas' });
    const rows = within(table).getAllByTestId('admin-boost');
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    const [running, ended] = rows.map(cells);
    expect(running![0]).toMatch(/^Palmeiras x SantosInício \d\d\/\d\d\/\d{4},? \d\d:\d\d$/);
    expect(running!.slice(1, 3)).toEqual(['Resultado FinalPalmeiras', '1,85 → 2,10']);
    expect(running![3]).toMatch(/^R\$\s50,00$/);
    expect(running!.slice(4, 7)).toEqual(['Ativa', '3', '2']);
    expect(running![7]).toMatch(/^R\$\s60,00$/);
    expect(ended![4]).toMatch(/^Encerrada em \d\d\/\d\d\/\d{4},? \d\d:\d\d$/);
    expect(ended!.slice(5, 11).join(' | ')).toMatch(
      /^10 \| 8 \| R\$\s200,00 \| R\$\s315,50 \| -R\$\s115,50 \| R\$\s45,07$/,
    );
    expect(within(rows[1]!).getAllByRole('cell')[9]!.className).toContain('admin-negative');
    expect(within(rows[1]!).queryByRole('button', { name: 'Encerrar' })).toBeNull();

    await user.click(within(rows[0]!).getByRole('button', { name: 'Encerrar' }));
    expect(sent('POST /api/admin/sports/boosts/7/end')).toHaveLength(0);
    const question = within(rows[0]!).getByRole('group');
    expect(question.textContent).toContain(
      'Encerrar a Super Odd de Palmeiras em Palmeiras x Santos? Novas apostas a 2,10 deixam de ser aceitas',
    );
    boosts = [boost(7, { endedAt: new Date().toISOString() }), ENDED];
    await user.click(within(question).getByRole('button', { name: 'Confirmar' }));
    expect(
      (await screen.findByText('Super Odd encerrada: Palmeiras em Palmeiras x Santos')).getAttribute('role'),
    ).toBe('status');
    await waitFor(() => expect(within(table).queryByRole('button', { name: 'Encerrar' })).toBeNull());
    expect(cells(within(table).getAllByTestId('admin-boost')[0]!)[4]).toMatch(/^Encerrada em/);
  });
});

describe('Super Odds prices', () => {
  it('suggests about 15 % above the book on the ladder, within the server’s limits', () => {
    expect(suggestedOdds(1.85)).toBe(2.12);
    expect(suggestedOdds(3.4)).toBe(3.9);
    expect(suggestedOdds(1.01)).toBe(1.16);
    expect(suggestedOdds(50)).toBe(55);
    expect(highestBoost(1.85)).toBe(3.7);
    expect(highestBoost(2.35)).toBe(4.7);
  });

  it('tells what the server will refuse: not above the book, above twice it, off the ladder', () => {
    expect(oddsProblem(1.85, 1.85)).toEqual({ problem: 'low' });
    expect(oddsProblem(3.72, 1.85)).toEqual({ problem: 'high' });
    expect(oddsProblem(2.13, 1.85)).toEqual({ problem: 'ladder', near: 2.12 });
    expect(oddsProblem(2.12, 1.85)).toBeNull();
    expect(oddsProblem(3.7, 1.85)).toBeNull();
  });

  it('reads a typed price with a comma or a point, and tells a fixture that can still take a boost', () => {
    expect(typedOdds('2,10')).toBe(2.1);
    expect(typedOdds(' 2.5 ')).toBe(2.5);
    expect(typedOdds('1')).toBeNull();
    expect(typedOdds('2,1,0')).toBeNull();
    expect(typedOdds('')).toBeNull();
    expect(canBoost(fixture('a', 'A', 'B', HOUR))).toBe(true);
    expect(canBoost(fixture('a', 'A', 'B', -HOUR))).toBe(false);
    expect(canBoost({ ...fixture('a', 'A', 'B', HOUR), suspended: true })).toBe(false);
  });
});
