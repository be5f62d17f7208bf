import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../src/lib/i18n';
import { SportsbookPage } from '../../../src/shell/sports/sportsbook-page';
import { ResultsPage } from '../../../src/shell/sports/results-page';
import { installFakeServer, ok, sportsFixture, type FakeServer } from '../support';
import { sessionStore } from '../../../src/shell/app/session';

/** Finding a bet (issue 16): a search across sports, a sport's competitions, the week's results. */
const fixture = (id: string, home: string, away: string, competition: string, sport = 'football') =>
  sportsFixture(id, { home, away, competition, sport, startsAt: '2026-03-13T19:00:00.000Z' });

let server: FakeServer;
let favourites: { teams: string[]; competitions: string[] };
beforeEach(async () => {
  await setLanguage('pt_BR');
  favourites = { teams: ['Bahia'], competitions: [] };
  sessionStore.set({ ...sessionStore.get(), token: null });
  server = installFakeServer((config) => {
    const params = (config.params ?? {}) as Record<string, string>;
    if (config.url?.endsWith('/sports/sports')) {
      return ok([
        {
          key: 'football',
          name: 'Futebol',
          live: 0,
          upcoming: 2,
          competitions: ['Brasileirão Série A', 'Copa do Brasil'],
        },
      ]);
    }
    if (config.url?.endsWith('/sports/fixtures')) {
      if (params.q) return ok([fixture('bk-1', 'Flamengo', 'Franca', 'NBB', 'basketball')]);
      const all = [
        fixture('fb-1', 'Flamengo', 'Vasco da Gama', 'Brasileirão Série A'),
        fixture('fb-2', 'Bahia', 'Grêmio', 'Copa do Brasil'),
      ];
      return ok(params.competition ? all.filter((f) => f.competition === params.competition) : all);
    }
    if (config.url?.endsWith('/sports/favourites')) {
      if (config.method === 'post') {
        const body = JSON.parse(String(config.data)) as { kind: string; name: string; on: boolean };
        const list = body.kind === 'team' ? favourites.teams : favourites.competitions;
        const next = body.on
          ? [...list.filter((n) => n !== body.name), body.name]
          : list.filter((n) => n !== body.name);
        favourites =
          body.kind === 'team' ? { ...favourites, teams: next } : { ...favourites, competitions: next };
      }
      return ok(favourites);
    }
    if (config.url?.endsWith('/sports/results')) {
      return ok([
        {
          id: 'fb-9',
          sport: 'football',
          competition: 'Brasileirão Série A',
          home: 'Palmeiras',
          away: 'Santos',
          startsAt: '2026-03-12T22:00:00.000Z',
          status: -1,
          score: { home: 2, away: 1 },
          firstPeriod: { home: 1, away: 0 },
        },
        {
          id: 'fb-8',
          sport: 'football',
          competition: 'Copa do Brasil',
          home: 'Remo',
          away: 'Sport',
          startsAt: '2026-03-11T22:00:00.000Z',
          status: -10,
          score: null,
          firstPeriod: null,
        },
      ]);
    }
    return ok(null);
  });
});
afterEach(() => cleanup());

const requestsTo = (path: string) =>
  server.requests.filter((r) => r.url?.endsWith(path)).map((r) => (r.params ?? {}) as Record<string, string>);

describe('finding a bet', () => {
  it('narrows a sport to a competition, and searches every sport once typing pauses', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/footballPage']}>
        <SportsbookPage />
      </MemoryRouter>,
    );
    const chips = await screen.findByTestId('competition-chips');
    await user.click(within(chips).getByRole('button', { name: 'Copa do Brasil' }));
    await waitFor(() => expect(screen.getAllByTestId('fixture-row')).toHaveLength(1));
    expect(requestsTo('/sports/fixtures').at(-1)).toMatchObject({
      sport: 'football',
      competition: 'Copa do Brasil',
    });
    expect(within(chips).getByRole('button', { name: 'Copa do Brasil' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    await user.type(screen.getByTestId('sports-search'), 'f');
    // One letter is no search.
    await new Promise((r) => setTimeout(r, 400));
    expect(requestsTo('/sports/fixtures').some((p) => p.q)).toBe(false);
    await user.type(screen.getByTestId('sports-search'), 'lamengo');
    expect(await screen.findByTestId('search-note')).toHaveProperty(
      'textContent',
      'Jogos com “flamengo” em todos os esportes',
    );
    await waitFor(() => expect(screen.getByText('Franca')).toBeTruthy());
    const searched = requestsTo('/sports/fixtures').filter((p) => p.q);
    // The search asks once, for every sport (no sport, no competition).
    expect(searched[0]).toEqual({ q: 'flamengo' });
    expect(screen.queryByTestId('competition-chips')).toBeNull();
  });

  it('asks for the sports once, before the fixtures, and keeps the competitions’ row in its place meanwhile', async () => {
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const answer = server.answer;
    server.answer = async (config) => {
      if (config.url?.endsWith('/sports/sports')) await held;
      return answer(config);
    };
    render(
      <MemoryRouter initialEntries={['/footballPage']}>
        <SportsbookPage />
      </MemoryRouter>,
    );
    const pending = await screen.findByTestId('competition-chips-pending');
    // Where the chips will be, and nothing a screen reader would announce.
    expect(pending.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByText('Carregando…')).toBeTruthy();
    release();
    const chips = await screen.findByTestId('competition-chips');
    expect(within(chips).getByRole('button', { name: 'Copa do Brasil' })).toBeTruthy();
    expect(screen.queryByTestId('competition-chips-pending')).toBeNull();
    await waitFor(() => expect(screen.getAllByTestId('fixture-row')).toHaveLength(2));
    // One read of the list serves the tabs and the chips, ahead of the fixtures in the queue.
    const asked = server.requests
      .map((r) => r.url ?? '')
      .filter((u) => /\/sports\/(sports|fixtures)$/.test(u));
    expect(asked).toEqual(['/api/app/sports/sports', '/api/app/sports/fixtures']);
  });

  it('lists a signed-in player’s favourites apart, and offers none to a visitor', async () => {
    const user = userEvent.setup();
    const view = render(
      <MemoryRouter initialEntries={['/footballPage']}>
        <SportsbookPage />
      </MemoryRouter>,
    );
    await screen.findByTestId('competition-chips');
    expect(screen.queryByTestId('favourites-chip')).toBeNull();
    view.unmount();
    sessionStore.set({ ...sessionStore.get(), token: 'token-1' });
    render(
      <MemoryRouter initialEntries={['/footballPage']}>
        <SportsbookPage />
      </MemoryRouter>,
    );
    await user.click(await screen.findByTestId('favourites-chip'));
    await waitFor(() => expect(screen.getAllByTestId('fixture-row')).toHaveLength(1));
    expect(screen.getByText('Grêmio')).toBeTruthy();
    expect(screen.getByTestId('favourites-chip').getAttribute('aria-pressed')).toBe('true');
  });

  it('shows the week’s results with the final score, the interval and how a match ended', async () => {
    render(
      <MemoryRouter initialEntries={['/sports/results']}>
        <ResultsPage />
      </MemoryRouter>,
    );
    const [played, cancelled] = await screen.findAllByTestId('result-row');
    expect(within(played!).getByTestId('result-home').textContent).toBe('2');
    expect(within(played!).getByTestId('result-away').textContent).toBe('1');
    expect(played!.textContent).toContain('Intervalo 1-0');
    expect(played!.textContent).toContain('Encerrado');
    expect(cancelled!.textContent).toContain('Cancelado');
    expect(within(cancelled!).queryByTestId('result-home')).toBeNull();
    expect(requestsTo('/sports/results')[0]).toMatchObject({ sport: 'football' });
  });
});
