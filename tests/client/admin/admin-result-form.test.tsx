import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import i18n from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../src/lib/i18n';
import { adminHttp, OPERATOR_TOKEN_KEY, type AttentionFixture } from '../../../src/admin/admin-api';
import { installAdminTexts } from '../../../src/admin/admin-texts';
import { FixtureResultForm, resultSummary } from '../../../src/admin/admin-result-form';
import { SportsPanel } from '../../../src/admin/admin-ops-panels';
import { operatorResultSchema } from '../../../domain/sports/sports.schema';
import type { SportKey } from '../../../domain/sports/sports';

/**
 * The result form of each sport in the traders' Esportes section: which facts it asks (those the
 * sport's settlement reads, and only those), what it sends (checked against the server's own
 * schema), what it refuses before sending, and the server's refusal when it comes.
 */

installAdminTexts();

let bodies: unknown[] = [];
let reply: { status: number; body: unknown } = ok(1);

function ok(settled: number) {
  return {
    status: 200,
    body: {
      status: 200,
      message: 'sucesso',
      data: { fixtureId: 'fx', settled: Array.from({ length: settled }, (_, i) => ({ betId: `SB-${i}` })) },
    },
  };
}

/** The Esportes section's reads: the fixtures (answered by `fixturesAnswer`) and the prize list. */
let fixturesAnswer: (config: InternalAxiosRequestConfig) => Promise<AttentionFixture[]> = async () => [];
async function listing(config: InternalAxiosRequestConfig) {
  const data = config.url!.startsWith('/api/admin/sports/fixtures')
    ? await fixturesAnswer(config)
    : { now: new Date().toISOString(), deadlineMinutes: 120, waiting: [], breaches: [] };
  return {
    data: { status: 200, message: 'sucesso', data },
    status: 200,
    statusText: '',
    headers: new AxiosHeaders(),
    config,
    request: {},
  };
}

beforeEach(() => {
  sessionStorage.setItem(OPERATOR_TOKEN_KEY, 'trader-token');
  fixturesAnswer = async () => [];
  bodies = [];
  reply = ok(1);
  adminHttp.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
    if (config.method === 'get') return listing(config);
    bodies.push(JSON.parse(config.data as string));
    const response = {
      data: reply.body,
      status: reply.status,
      statusText: '',
      headers: new AxiosHeaders(),
      config,
      request: {},
    };
    if (reply.status < 300) return response;
    throw new AxiosError('fail', AxiosError.ERR_BAD_REQUEST, config, {}, response);
  };
});
afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const TEAMS: Record<SportKey, [string, string]> = {
  football: ['Palmeiras', 'Santos'],
  basketball: ['Flamengo', 'Franca'],
  tennis: ['João Fonseca', 'Carlos Alcaraz'],
  boxing: ['Oleksandr Usyk', 'Isaac Cruz'],
  snooker: ["Ronnie O'Sullivan", 'Judd Trump'],
  baseball: ['New York Yankees', 'Boston Red Sox'],
  volleyball: ['Sesc RJ Flamengo', 'Minas'],
  badminton: ['Ygor Coelho', 'Viktor Axelsen'],
  american_football: ['Kansas City Chiefs', 'Buffalo Bills'],
  table_tennis: ['Hugo Calderano', 'Ma Long'],
  cricket: ['Mumbai Indians', 'Chennai Super Kings'],
  motor_racing: ['Max Verstappen', 'Gabriel Bortoleto'],
};

function fixture(sport: SportKey, result: AttentionFixture['result'] = null): AttentionFixture {
  const [home, away] = TEAMS[sport];
  return {
    id: `fx-${sport}`,
    sport,
    competition: 'Liga',
    home,
    away,
    startsAt: '2026-03-06T13:00:00.000Z',
    result,
    resultFinal: false,
    resultSource: 'feed',
    resultVersion: 1,
    settledVersion: 1,
  };
}

function renderForm(sport: SportKey, result: AttentionFixture['result'] = null) {
  const onDone = vi.fn();
  render(<FixtureResultForm fixture={fixture(sport, result)} onDone={onDone} />);
  return { form: screen.getByRole('form', { name: 'Lançar resultado' }), onDone };
}

/** The names of the form's controls, in order (the status select is named by its label). */
const controls = (form: HTMLElement) =>
  [...form.querySelectorAll('input, select')].map(
    (el) => el.getAttribute('aria-label') ?? el.closest('label')!.firstChild!.textContent,
  );

/** What a trader sees besides the status, at −1, per sport, with both sides named. */
const FINISHED: Record<Exclude<SportKey, 'football'>, string[]> = {
  basketball: [
    'Pontos no fim (com prorrogação)',
    'Pontos no tempo normal',
    'Pontos no 1º tempo',
    'Pontos só no 4º quarto',
  ],
  american_football: [
    'Pontos no fim (com prorrogação)',
    'Pontos no tempo normal',
    'Pontos no 1º tempo',
    'Pontos só no 4º quarto',
  ],
  tennis: ['Sets vencidos', 'Games no jogo todo', 'Vencedor do 1º set'],
  snooker: ['Frames vencidos'],
  baseball: ['Corridas (com entradas extras)'],
  volleyball: ['Sets vencidos'],
  badminton: ['Games vencidos'],
  table_tennis: ['Games vencidos'],
  cricket: ['Corridas', 'Corridas da 1ª entrada'],
  boxing: ['Resultado da luta', 'Terminou no round', 'Tempo no round (m:ss)'],
  motor_racing: ['Situação do piloto', 'Posição final', 'Voltas completadas'],
};
/** Rows that are a single choice or value rather than one per side. */
const SINGLE = new Set([
  'Vencedor do 1º set',
  'Resultado da luta',
  'Terminou no round',
  'Tempo no round (m:ss)',
]);

async function submit(form: HTMLElement, user: ReturnType<typeof userEvent.setup>) {
  await user.click(within(form).getByRole('button', { name: 'Lançar resultado' }));
}

/** Submits and returns the alert; nothing reached the server. */
async function refused(form: HTMLElement, user: ReturnType<typeof userEvent.setup>) {
  await submit(form, user);
  expect(bodies).toEqual([]);
  return within(form).getByRole('alert').textContent;
}

describe('the result form per sport', () => {
  it('keeps football’s form: status, full time, first half, corners and cards', () => {
    const { form } = renderForm('football');
    expect(controls(form)).toEqual([
      'Situação',
      'Gols de Palmeiras',
      'Gols de Santos',
      '1º tempo: gols de Palmeiras',
      '1º tempo: gols de Santos',
      'Escanteios de Palmeiras',
      'Escanteios de Santos',
      'Cartões de Palmeiras',
      'Cartões de Santos',
    ]);
  });

  it.each(Object.entries(FINISHED))('asks %s only the facts its markets settle on', (sport, rows) => {
    const [home, away] = TEAMS[sport as SportKey];
    const { form } = renderForm(sport as SportKey);
    const expected = rows.flatMap((row) =>
      SINGLE.has(row) ? [row] : [`${row}: ${home}`, `${row}: ${away}`],
    );
    expect(controls(form)).toEqual(['Situação', ...expected]);
    expect(form.textContent).not.toMatch(/Gols|Escanteios/);
    // Both sides head the scoreboard's columns; a fight names them in its result instead.
    const named = (name: string) =>
      sport === 'boxing'
        ? within(form).getByRole('option', { name: `Vitória de ${name}` })
        : within(form).getByText(name, { selector: '.admin-result__side' });
    expect(named(home)).toBeTruthy();
    expect(named(away)).toBeTruthy();
  });

  it('asks for a retirement (tennis, snooker) or the innings of a called game only when the match ended early', async () => {
    const user = userEvent.setup();
    for (const sport of ['tennis', 'snooker', 'baseball', 'volleyball'] as const) {
      const { form } = renderForm(sport);
      const stopped = within(form).getByRole('option', { name: 'Encerrado antes do fim' });
      expect(within(form).queryByLabelText('Desistência')).toBeNull();
      expect(within(form).queryByLabelText('Entradas disputadas')).toBeNull();
      await user.selectOptions(within(form).getByLabelText('Situação'), stopped);
      expect(within(form).queryByLabelText('Desistência') !== null).toBe(
        sport === 'tennis' || sport === 'snooker',
      );
      expect(within(form).queryByLabelText('Entradas disputadas') !== null).toBe(sport === 'baseball');
      expect(form.textContent).toContain('valem os mercados já decididos');
      cleanup();
    }
  });

  it('asks who won the super over only when a cricket match ends with the runs level', async () => {
    const user = userEvent.setup();
    const { form } = renderForm('cricket');
    await user.type(within(form).getByLabelText('Corridas: Mumbai Indians'), '181');
    await user.type(within(form).getByLabelText('Corridas: Chennai Super Kings'), '180');
    expect(within(form).queryByLabelText('Super over (empate nas corridas)')).toBeNull();
    await user.clear(within(form).getByLabelText('Corridas: Chennai Super Kings'));
    await user.type(within(form).getByLabelText('Corridas: Chennai Super Kings'), '181');
    expect(within(form).getByLabelText('Super over (empate nas corridas)')).toBeTruthy();
  });

  it('asks nothing of a postponed match, and no fight or race facts unless it finished', async () => {
    const user = userEvent.setup();
    for (const sport of ['basketball', 'boxing', 'motor_racing'] as const) {
      const { form } = renderForm(sport);
      await user.selectOptions(within(form).getByLabelText('Situação'), 'Adiado');
      expect(controls(form)).toEqual(['Situação']);
      expect(form.textContent).toContain('Adiado: as apostas aguardam a nova data');
      if (sport !== 'basketball') {
        await user.selectOptions(within(form).getByLabelText('Situação'), 'Cancelado');
        expect(controls(form)).toEqual(['Situação']);
      }
      cleanup();
    }
  });
});

describe('what the form sends', () => {
  /** The sent body, which the server's own schema must accept as it is. */
  function sent() {
    expect(bodies).toHaveLength(1);
    const parsed = operatorResultSchema.safeParse(bodies[0]);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    return bodies[0];
  }

  it('a tennis retirement: sets and games not complete, the first set complete, who retired', async () => {
    const user = userEvent.setup();
    const { form, onDone } = renderForm('tennis');
    await user.selectOptions(within(form).getByLabelText('Situação'), 'Encerrado antes do fim');
    await user.type(within(form).getByLabelText('Sets vencidos: João Fonseca'), '1');
    await user.type(within(form).getByLabelText('Sets vencidos: Carlos Alcaraz'), '0');
    await user.type(within(form).getByLabelText('Games no jogo todo: João Fonseca'), '8');
    await user.type(within(form).getByLabelText('Games no jogo todo: Carlos Alcaraz'), '5');
    await user.selectOptions(within(form).getByLabelText('Vencedor do 1º set'), 'João Fonseca');
    await user.selectOptions(within(form).getByLabelText('Desistência'), 'Carlos Alcaraz desistiu');
    await submit(form, user);
    expect(sent()).toEqual({
      status: -12,
      full: { home: 1, away: 0, complete: false },
      games: { home: 8, away: 5, complete: false },
      firstSet: { home: 1, away: 0, complete: true },
      retired: 'away',
    });
    expect(within(form).getByRole('status').textContent).toBe('Resultado salvo; apostas liquidadas: 1');
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('a basketball game won in overtime, with regulation and the fourth quarter', async () => {
    const user = userEvent.setup();
    const { form } = renderForm('basketball');
    const type = async (label: string, text: string) => user.type(within(form).getByLabelText(label), text);
    await type('Pontos no fim (com prorrogação): Flamengo', '112');
    await type('Pontos no fim (com prorrogação): Franca', '108');
    await type('Pontos no tempo normal: Flamengo', '100');
    await type('Pontos no tempo normal: Franca', '100');
    await type('Pontos no 1º tempo: Flamengo', '51');
    await type('Pontos no 1º tempo: Franca', '47');
    await type('Pontos só no 4º quarto: Flamengo', '22');
    await type('Pontos só no 4º quarto: Franca', '25');
    await submit(form, user);
    expect(sent()).toEqual({
      status: -1,
      full: { home: 112, away: 108, complete: true },
      regulation: { home: 100, away: 100, complete: true },
      firstHalf: { home: 51, away: 47, complete: true },
      fourthQuarter: { home: 22, away: 25, complete: true },
    });
  });

  it('a fight stopped in round 9 at 2:31, and a draw on points', async () => {
    const user = userEvent.setup();
    let { form } = renderForm('boxing');
    await user.selectOptions(within(form).getByLabelText('Resultado da luta'), 'Vitória de Isaac Cruz');
    await user.type(within(form).getByLabelText('Terminou no round'), '9');
    await user.type(within(form).getByLabelText('Tempo no round (m:ss)'), '2:31');
    // A winner's method of victory is asked (Método de Vitória settles on it).
    expect(await refused(form, user)).toBe('Escolha “Como terminou”.');
    await user.selectOptions(
      within(form).getByLabelText('Como terminou'),
      'Antes do limite (KO, TKO, desistência ou desclassificação)',
    );
    await submit(form, user);
    expect(sent()).toEqual({
      status: -1,
      full: { home: 0, away: 1, complete: true },
      rounds: { round: 9, seconds: 151 },
      method: 'stoppage',
    });
    cleanup();
    bodies = [];
    ({ form } = renderForm('boxing'));
    await user.selectOptions(within(form).getByLabelText('Resultado da luta'), 'Empate');
    // A draw is only ever on points: no method to ask.
    expect(within(form).queryByLabelText('Como terminou')).toBeNull();
    await user.type(within(form).getByLabelText('Terminou no round'), '12');
    await user.type(within(form).getByLabelText('Tempo no round (m:ss)'), '3:00');
    await submit(form, user);
    expect(sent()).toMatchObject({ full: { home: 0, away: 0 }, rounds: { round: 12, seconds: 180 } });
    expect(sent()).not.toHaveProperty('method');
  });

  it('a head-to-head where one driver is classified and the other retired, with no score', async () => {
    const user = userEvent.setup();
    const { form } = renderForm('motor_racing');
    const position = within(form).getByLabelText('Posição final: Gabriel Bortoleto');
    expect(position).toHaveProperty('disabled', true);
    await user.selectOptions(within(form).getByLabelText('Situação do piloto: Max Verstappen'), 'Abandonou');
    await user.selectOptions(
      within(form).getByLabelText('Situação do piloto: Gabriel Bortoleto'),
      'Classificado',
    );
    expect(within(form).getByLabelText('Posição final: Max Verstappen')).toHaveProperty('disabled', true);
    await user.type(within(form).getByLabelText('Voltas completadas: Max Verstappen'), '38');
    await user.type(position, '7');
    await user.type(within(form).getByLabelText('Voltas completadas: Gabriel Bortoleto'), '57');
    await submit(form, user);
    expect(sent()).toEqual({
      status: -1,
      race: {
        home: { started: true, position: null, laps: 38 },
        away: { started: true, position: 7, laps: 57 },
      },
    });
  });

  it('a driver who did not start, a called baseball game and a cricket super over', async () => {
    const user = userEvent.setup();
    let { form } = renderForm('motor_racing');
    await user.selectOptions(within(form).getByLabelText('Situação do piloto: Max Verstappen'), 'Não largou');
    expect(within(form).getByLabelText('Voltas completadas: Max Verstappen')).toHaveProperty(
      'disabled',
      true,
    );
    await user.selectOptions(
      within(form).getByLabelText('Situação do piloto: Gabriel Bortoleto'),
      'Classificado',
    );
    await user.type(within(form).getByLabelText('Posição final: Gabriel Bortoleto'), '1');
    await user.type(within(form).getByLabelText('Voltas completadas: Gabriel Bortoleto'), '57');
    await submit(form, user);
    expect(sent()).toMatchObject({ race: { home: { started: false, position: null, laps: 0 } } });

    cleanup();
    bodies = [];
    ({ form } = renderForm('baseball'));
    await user.selectOptions(within(form).getByLabelText('Situação'), 'Encerrado antes do fim');
    await user.type(within(form).getByLabelText('Corridas (com entradas extras): New York Yankees'), '3');
    await user.type(within(form).getByLabelText('Corridas (com entradas extras): Boston Red Sox'), '1');
    await user.type(within(form).getByLabelText('Entradas disputadas'), '4,5');
    await submit(form, user);
    expect(sent()).toEqual({ status: -12, full: { home: 3, away: 1, complete: false }, innings: 4.5 });

    cleanup();
    bodies = [];
    ({ form } = renderForm('cricket'));
    await user.type(within(form).getByLabelText('Corridas: Mumbai Indians'), '180');
    await user.type(within(form).getByLabelText('Corridas: Chennai Super Kings'), '180');
    await user.type(within(form).getByLabelText('Corridas da 1ª entrada: Mumbai Indians'), '180');
    await user.type(within(form).getByLabelText('Corridas da 1ª entrada: Chennai Super Kings'), '0');
    await user.selectOptions(
      within(form).getByLabelText('Super over (empate nas corridas)'),
      'Chennai Super Kings venceu',
    );
    await submit(form, user);
    expect(sent()).toEqual({
      status: -1,
      full: { home: 180, away: 180, complete: true },
      firstHalf: { home: 180, away: 0, complete: true },
      advanced: 'away',
    });
  });

  it('starts from the stored result, and the console sums it up per sport', () => {
    const race = {
      status: -1,
      scores: {},
      race: {
        home: { started: true, position: 3, laps: 57 },
        away: { started: true, position: null, laps: 45 },
      },
    };
    const { form } = renderForm('motor_racing', race);
    expect(within(form).getByLabelText('Situação do piloto: Max Verstappen')).toHaveProperty(
      'value',
      'classified',
    );
    expect(within(form).getByLabelText('Posição final: Max Verstappen')).toHaveProperty('value', '3');
    expect(within(form).getByLabelText('Situação do piloto: Gabriel Bortoleto')).toHaveProperty(
      'value',
      'dnf',
    );
    expect(within(form).getByLabelText('Voltas completadas: Gabriel Bortoleto')).toHaveProperty(
      'value',
      '45',
    );
    cleanup();

    const fight = {
      status: -1,
      scores: { full: { home: 1, away: 0, complete: true } },
      rounds: { round: 9, seconds: 151 },
      method: 'points' as const,
    };
    const { form: boxing } = renderForm('boxing', fight);
    expect(within(boxing).getByLabelText('Resultado da luta')).toHaveProperty('value', 'home');
    expect(within(boxing).getByLabelText('Como terminou')).toHaveProperty('value', 'points');
    expect(within(boxing).getByLabelText('Tempo no round (m:ss)')).toHaveProperty('value', '2:31');

    const t = i18n.t.bind(i18n);
    expect(resultSummary(fixture('motor_racing', race), t)).toBe('3º × abandonou');
    expect(resultSummary(fixture('boxing', fight), t)).toBe(
      'vitória de Oleksandr Usyk · nos pontos · round 9, 2:31',
    );
    const retired = {
      status: -12,
      scores: { full: { home: 1, away: 0, complete: false } },
      retired: 'away' as const,
    };
    expect(resultSummary(fixture('tennis', retired), t)).toBe('1 × 0 · Carlos Alcaraz desistiu');
    expect(resultSummary(fixture('baseball', { ...retired, retired: undefined, innings: 4.5 }), t)).toBe(
      '1 × 0 · 4,5 entradas',
    );
    expect(resultSummary(fixture('football', null), t)).toBeNull();
    // A result without a score says how it ended.
    expect(resultSummary(fixture('motor_racing', { status: -14, scores: {} }), t)).toBe('Adiado');
    expect(resultSummary(fixture('tennis', { status: -12, scores: {} }), t)).toBe('Encerrado antes do fim');
  });
});

describe('checks before sending', () => {
  it('names the missing fact and the side, and marks and focuses its field', async () => {
    const user = userEvent.setup();
    const { form } = renderForm('tennis');
    await user.type(within(form).getByLabelText('Sets vencidos: João Fonseca'), '2');
    expect(await refused(form, user)).toBe('Preencha “Sets vencidos” de Carlos Alcaraz.');
    const field = within(form).getByLabelText('Sets vencidos: Carlos Alcaraz');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field);
    // Typing there clears the mark.
    await user.type(field, '1');
    expect(field.getAttribute('aria-invalid')).toBeNull();
  });

  it('refuses what the sport cannot have: a level finish, overtime after a decided regulation, too few games', async () => {
    const user = userEvent.setup();
    const fill = async (form: HTMLElement, entries: Record<string, string>) => {
      for (const [label, text] of Object.entries(entries)) {
        const field = within(form).getByLabelText(label);
        await user.clear(field);
        await user.type(field, text);
      }
    };
    let { form } = renderForm('basketball');
    await fill(form, {
      'Pontos no fim (com prorrogação): Flamengo': '100',
      'Pontos no fim (com prorrogação): Franca': '100',
      'Pontos no tempo normal: Flamengo': '100',
      'Pontos no tempo normal: Franca': '100',
      'Pontos no 1º tempo: Flamengo': '52',
      'Pontos no 1º tempo: Franca': '49',
    });
    expect(await refused(form, user)).toBe(
      'Basquete não termina empatado: confira “Pontos no fim (com prorrogação)”.',
    );
    await fill(form, {
      'Pontos no fim (com prorrogação): Flamengo': '104',
      'Pontos no tempo normal: Flamengo': '98',
    });
    expect(await refused(form, user)).toBe(
      'Sem empate no tempo normal não há prorrogação: “Pontos no fim (com prorrogação)” deve ser igual a “Pontos no tempo normal”.',
    );
    await fill(form, { 'Pontos no tempo normal: Flamengo': '106' });
    expect(await refused(form, user)).toBe(
      '“Pontos no fim (com prorrogação)” de Flamengo não pode ser menor que “Pontos no tempo normal”.',
    );
    await fill(form, { 'Pontos no tempo normal: Flamengo': '104', 'Pontos no 1º tempo: Franca': '101' });
    expect(await refused(form, user)).toBe(
      '“Pontos no 1º tempo” de Franca não pode passar de “Pontos no fim (com prorrogação)”.',
    );
    cleanup();

    // American football's overtime may end level: that is sent.
    ({ form } = renderForm('american_football'));
    await fill(form, {
      'Pontos no fim (com prorrogação): Kansas City Chiefs': '20',
      'Pontos no fim (com prorrogação): Buffalo Bills': '20',
      'Pontos no tempo normal: Kansas City Chiefs': '20',
      'Pontos no tempo normal: Buffalo Bills': '20',
      'Pontos no 1º tempo: Kansas City Chiefs': '10',
      'Pontos no 1º tempo: Buffalo Bills': '7',
    });
    await submit(form, user);
    expect(bodies).toHaveLength(1);
    cleanup();
    bodies = [];

    ({ form } = renderForm('tennis'));
    await fill(form, {
      'Sets vencidos: João Fonseca': '1',
      'Sets vencidos: Carlos Alcaraz': '0',
      'Games no jogo todo: João Fonseca': '6',
      'Games no jogo todo: Carlos Alcaraz': '4',
    });
    expect(await refused(form, user)).toBe(
      '“Sets vencidos”: a partida termina com o vencedor em 2 ou 3 sets e o perdedor com menos.',
    );
    await fill(form, {
      'Sets vencidos: João Fonseca': '2',
      'Sets vencidos: Carlos Alcaraz': '0',
      'Games no jogo todo: João Fonseca': '11',
      'Games no jogo todo: Carlos Alcaraz': '4',
    });
    expect(await refused(form, user)).toBe('João Fonseca venceu 2 set(s): são pelo menos 12 games.');
    await fill(form, { 'Games no jogo todo: João Fonseca': '12' });
    expect(await refused(form, user)).toBe('Escolha “Vencedor do 1º set”.');
    await user.selectOptions(within(form).getByLabelText('Vencedor do 1º set'), 'Carlos Alcaraz');
    expect(await refused(form, user)).toBe(
      'Carlos Alcaraz venceu o 1º set: “Sets vencidos” de Carlos Alcaraz não pode ser 0.',
    );
  });

  it('refuses a fight time past 3:00, a shared position, innings not in halves and a half-typed score', async () => {
    const user = userEvent.setup();
    let { form } = renderForm('boxing');
    await user.selectOptions(within(form).getByLabelText('Resultado da luta'), 'Vitória de Oleksandr Usyk');
    await user.selectOptions(within(form).getByLabelText('Como terminou'), 'Nos pontos (decisão)');
    expect(await refused(form, user)).toBe('“Terminou no round”: de 1 a 15.');
    await user.type(within(form).getByLabelText('Terminou no round'), '4');
    await user.type(within(form).getByLabelText('Tempo no round (m:ss)'), '3:30');
    expect(await refused(form, user)).toBe('“Tempo no round (m:ss)”: use m:ss, de 0:00 a 3:00 (ex.: 2:31).');
    cleanup();

    ({ form } = renderForm('motor_racing'));
    expect(await refused(form, user)).toBe('Escolha “Situação do piloto” de Max Verstappen.');
    for (const driver of TEAMS.motor_racing) {
      await user.selectOptions(within(form).getByLabelText(`Situação do piloto: ${driver}`), 'Classificado');
      await user.type(within(form).getByLabelText(`Posição final: ${driver}`), '2');
      await user.type(within(form).getByLabelText(`Voltas completadas: ${driver}`), '57');
    }
    expect(await refused(form, user)).toBe('Os dois pilotos não podem terminar na mesma posição.');
    cleanup();

    ({ form } = renderForm('baseball'));
    await user.selectOptions(within(form).getByLabelText('Situação'), 'Encerrado antes do fim');
    await user.type(within(form).getByLabelText('Corridas (com entradas extras): New York Yankees'), '3');
    await user.type(within(form).getByLabelText('Corridas (com entradas extras): Boston Red Sox'), '1');
    await user.type(within(form).getByLabelText('Entradas disputadas'), '4,3');
    expect(await refused(form, user)).toBe(
      '“Entradas disputadas”: de 0 a 30, inteiras ou com meia entrada (ex.: 4,5).',
    );
    cleanup();

    ({ form } = renderForm('basketball'));
    await user.selectOptions(within(form).getByLabelText('Situação'), 'Interrompido');
    await user.type(within(form).getByLabelText('Pontos só no 4º quarto: Flamengo'), '12');
    expect(await refused(form, user)).toBe(
      'Preencha “Pontos só no 4º quarto” dos dois lados, ou deixe os dois em branco.',
    );
  });

  it('shows the server’s refusal as it comes', async () => {
    reply = {
      status: 400,
      body: { status: 400, message: 'Resultado inválido para este jogo', data: null },
    };
    const user = userEvent.setup();
    const { form, onDone } = renderForm('snooker');
    await user.type(within(form).getByLabelText("Frames vencidos: Ronnie O'Sullivan"), '5');
    await user.type(within(form).getByLabelText('Frames vencidos: Judd Trump'), '3');
    await submit(form, user);
    expect(bodies).toHaveLength(1);
    expect(within(form).getByRole('alert').textContent).toBe('Resultado inválido para este jogo');
    expect(onDone).not.toHaveBeenCalled();
  });
});

describe('the Esportes section', () => {
  it('shows each fixture’s sport and the search’s answer even when an earlier read of the list ends after it', async () => {
    let releaseFirst = () => {};
    fixturesAnswer = (config) =>
      config.url === '/api/admin/sports/fixtures'
        ? // The list needing attention answers late, after the trader has searched.
          new Promise((resolve) => (releaseFirst = () => resolve([fixture('football')])))
        : Promise.resolve([fixture('motor_racing')]);
    const user = userEvent.setup();
    render(<SportsPanel />);
    await user.type(screen.getByLabelText('Buscar partida (time, competição ou ID)'), 'fx-motor_racing');
    await user.click(screen.getByRole('button', { name: 'Buscar partida' }));
    expect(await screen.findByText('Max Verstappen × Gabriel Bortoleto')).toBeTruthy();
    releaseFirst();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Palmeiras × Santos')).toBeNull();
    expect(screen.getByText(/^Automobilismo · Liga · /)).toBeTruthy();
    expect(
      within(screen.getByRole('form', { name: 'Lançar resultado' })).getByLabelText(
        'Situação do piloto: Max Verstappen',
      ),
    ).toBeTruthy();
  });
});

describe('a race’s own fixture (Vencedor da Corrida)', () => {
  const FIELD = [
    { id: 'd1', name: 'Max Verstappen' },
    { id: 'd2', name: 'Lando Norris' },
    { id: 'd3', name: 'Gabriel Bortoleto' },
    { id: 'd4', name: 'Charles Leclerc' },
  ];
  const raceFixture = (result: AttentionFixture['result'] = null): AttentionFixture => ({
    ...fixture('motor_racing', result),
    id: 'fx-race',
    home: 'GP de São Paulo',
    away: '',
    field: FIELD,
  });
  function renderRace(result: AttentionFixture['result'] = null) {
    render(<FixtureResultForm fixture={raceFixture(result)} onDone={vi.fn()} />);
    return screen.getByRole('form', { name: 'Lançar resultado' });
  }
  function sent() {
    expect(bodies).toHaveLength(1);
    const parsed = operatorResultSchema.safeParse(bodies[0]);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    return bodies[0];
  }

  it('names the winner from the field, a second one in a dead heat, and who did not start', async () => {
    const user = userEvent.setup();
    const form = renderRace();
    // Not the head-to-head's two drivers: the race's whole field.
    expect(within(form).queryByLabelText(/Situação do piloto/)).toBeNull();
    expect(within(form).getAllByRole('checkbox')).toHaveLength(4);
    await user.selectOptions(within(form).getByLabelText('Vencedor da corrida'), 'Lando Norris');
    await user.selectOptions(within(form).getByLabelText('Empatado em 1º (dead heat)'), 'Charles Leclerc');
    await user.click(within(form).getByLabelText('Gabriel Bortoleto'));
    await submit(form, user);
    expect(sent()).toEqual({ status: -1, classification: { winners: ['d2', 'd4'], notStarted: ['d3'] } });
  });

  it('refuses a finish without its winner, the same driver twice, and a winner who did not start', async () => {
    const user = userEvent.setup();
    const form = renderRace();
    expect(await refused(form, user)).toBe('Escolha “Vencedor da corrida”.');
    expect(within(form).getByLabelText('Vencedor da corrida').getAttribute('aria-invalid')).toBe('true');
    await user.selectOptions(within(form).getByLabelText('Vencedor da corrida'), 'Max Verstappen');
    await user.selectOptions(within(form).getByLabelText('Empatado em 1º (dead heat)'), 'Max Verstappen');
    expect(await refused(form, user)).toBe(
      'Max Verstappen já é o vencedor: escolha outro piloto para o empate ou “Ninguém”.',
    );
    await user.selectOptions(within(form).getByLabelText('Empatado em 1º (dead heat)'), 'Ninguém');
    await user.click(within(form).getByLabelText('Max Verstappen'));
    expect(await refused(form, user)).toBe(
      'Max Verstappen venceu a corrida: não pode constar entre os que não largaram.',
    );
    await user.click(within(form).getByLabelText('Max Verstappen'));
    await submit(form, user);
    expect(sent()).toEqual({ status: -1, classification: { winners: ['d1'], notStarted: [] } });
  });

  it('sends a race not run as its status alone, and sums up and reopens a stored classification', async () => {
    const user = userEvent.setup();
    let form = renderRace();
    await user.selectOptions(within(form).getByLabelText('Situação'), 'Cancelado');
    expect(within(form).queryByLabelText('Vencedor da corrida')).toBeNull();
    await submit(form, user);
    expect(sent()).toEqual({ status: -10 });

    cleanup();
    const stored = { status: -1, scores: {}, classification: { winners: ['d4'], notStarted: ['d3'] } };
    form = renderRace(stored);
    expect(within(form).getByLabelText('Vencedor da corrida')).toHaveProperty('value', 'd4');
    expect(within(form).getByLabelText('Gabriel Bortoleto')).toHaveProperty('checked', true);
    const t = i18n.t.bind(i18n);
    expect(resultSummary(raceFixture(stored), t)).toBe('vitória de Charles Leclerc');
    const tie = { ...stored, classification: { winners: ['d1', 'd2'], notStarted: [] } };
    expect(resultSummary(raceFixture(tie), t)).toBe('dead heat: Max Verstappen, Lando Norris');
    expect(resultSummary(raceFixture({ status: -10, scores: {} }), t)).toBe('Cancelado');
  });

  it('takes the classification of a race stopped for good, or none (its bets are then void)', async () => {
    const user = userEvent.setup();
    let form = renderRace();
    await user.selectOptions(within(form).getByLabelText('Situação'), 'Encerrado antes do fim');
    expect(form.textContent).toContain('vale a classificação declarada na interrupção');
    await user.selectOptions(within(form).getByLabelText('Vencedor da corrida'), 'Gabriel Bortoleto');
    await submit(form, user);
    expect(sent()).toEqual({ status: -12, classification: { winners: ['d3'], notStarted: [] } });

    cleanup();
    bodies.length = 0;
    form = renderRace();
    await user.selectOptions(within(form).getByLabelText('Situação'), 'Encerrado antes do fim');
    await submit(form, user);
    expect(sent()).toEqual({ status: -12 });
  });
});
