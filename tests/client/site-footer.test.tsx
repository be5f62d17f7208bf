import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../src/lib/i18n';
import { resetSiteInfo } from '../../src/services/site-api';
import { COUNT_UP_DURATION_MS, COUNT_UP_START_MS } from '../../src/shell/footer/count-up';
import { Footer, resetFooterStats } from '../../src/shell/footer/footer';
import { installFakeServer, ok } from './support';

/** The footer's legal chrome (research/brazil.md §5.4): the operator's data and the demo notice. */

afterEach(() => {
  cleanup();
  resetSiteInfo();
  resetFooterStats();
});

const LEGAL = {
  company: 'Trevo Apostas Ltda.',
  cnpj: '12.345.678/0001-90',
  authorization: 'Portaria SPA/MF nº 0000, de 1º de janeiro de 2026',
  address: 'Av. Paulista, 1000, São Paulo – SP',
  sac: '0800 000 0000',
  ouvidoria: 'ouvidoria@trevo.bet',
};

function serve(site: Record<string, unknown>, players = 0) {
  const server = installFakeServer((config) =>
    config.url === '/api/app/main/site'
      ? ok({
          profile: 'seed',
          demo: false,
          legal: null,
          signupLimits: { required: false, loss: 500, session: 240 },
          ...site,
        })
      : ok({ number: players, amount: 0 }),
  );
  render(
    <MemoryRouter>
      <Footer />
    </MemoryRouter>,
  );
  return server;
}

describe('footer calls', () => {
  it('wait until the footer nears the screen: the page’s own calls go first in the one-at-a-time queue', async () => {
    const RealObserver = globalThis.IntersectionObserver;
    const watched: { callback: IntersectionObserverCallback; margin?: string; targets: Element[] }[] = [];
    globalThis.IntersectionObserver = class {
      private readonly entry;
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        this.entry = { callback, margin: options?.rootMargin, targets: [] as Element[] };
        watched.push(this.entry);
      }
      observe(target: Element) {
        this.entry.targets.push(target);
      }
      disconnect() {}
      unobserve() {}
      takeRecords() {
        return [];
      }
    } as unknown as typeof IntersectionObserver;
    try {
      const server = serve({ profile: 'br-regulated', legal: LEGAL }, 15);
      await act(() => new Promise((r) => setTimeout(r, 20)));
      const footerCalls = () =>
        server.requests
          .map((r) => r.url)
          .filter((u) => u === '/api/app/main/site' || u === '/api/app/main/guestAnalysis');
      expect(footerCalls()).toEqual([]);
      const footer = screen.getByTestId('footer');
      const watcher = watched.find((w) => w.targets.includes(footer));
      expect(watcher?.margin).toBe('800px 0px');
      act(() =>
        watcher!.callback(
          [{ target: footer, isIntersecting: true } as unknown as IntersectionObserverEntry],
          {} as IntersectionObserver,
        ),
      );
      await screen.findByTestId('footer-legal');
      expect(footerCalls().sort()).toEqual(['/api/app/main/guestAnalysis', '/api/app/main/site']);
    } finally {
      globalThis.IntersectionObserver = RealObserver;
    }
  });
});

describe('footer legal chrome', () => {
  it("shows the operator's legal data when the configuration has it, and no demo notice for real money", async () => {
    serve({ profile: 'br-regulated', legal: LEGAL });
    const legal = await screen.findByTestId('footer-legal');
    expect(legal.textContent).toContain('Trevo Apostas Ltda. · CNPJ 12.345.678/0001-90');
    expect(legal.textContent).toContain('Portaria SPA/MF nº 0000');
    expect(legal.textContent).toContain('Ouvidoria: ouvidoria@trevo.bet');
    expect(screen.queryByTestId('footer-demo')).toBeNull();
  });

  it('says plainly that a sandbox site takes no real money', async () => {
    serve({ demo: true });
    expect((await screen.findByTestId('footer-demo')).textContent).toContain(
      'Ambiente de demonstração — sem dinheiro real',
    );
    expect(screen.queryByTestId('footer-legal')).toBeNull();
  });

  it('says "1 jogador" and "15 jogadores": the word agrees with the count', async () => {
    serve({}, 1);
    expect(await screen.findByText('Jogador')).toBeTruthy();
    cleanup();
    resetFooterStats();
    serve({}, 15);
    expect(await screen.findByText('Jogadores')).toBeTruthy();
    // Portuguese's rules count 0 as singular; a site with no player yet still reads "0 jogadores".
    cleanup();
    resetFooterStats();
    const server = serve({}, 0);
    // The count has arrived (before it, the plural shows anyway).
    await waitFor(() => expect(server.requests.some((r) => r.url !== '/api/app/main/site')).toBe(true));
    await act(async () => {});
    expect(screen.getByText('Jogadores')).toBeTruthy();
    expect(screen.queryByText('Jogador')).toBeNull();
  });

  it('keeps the word in agreement with the number on screen at every frame of the count', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'performance'],
    });
    try {
      serve({}, 3);
      const figure = screen.getByTestId('footer-players');
      const label = figure.closest('.stat')!.querySelector('.stat__label')!;
      // Every pair the player could see while the count runs from 0 to 3 (a reviewer saw "1 JOGADORES").
      const seen = new Set<string>();
      // The count starts a second after the footer is seen and runs two (spec 9): frame by frame.
      for (let ms = 0; ms <= COUNT_UP_START_MS + COUNT_UP_DURATION_MS + 100; ms += 16) {
        await act(() => vi.advanceTimersByTimeAsync(16));
        seen.add(`${figure.textContent} ${label.textContent}`);
      }
      expect(figure.textContent).toBe('3');
      expect(seen).toContain('1 Jogador');
      expect(seen).toContain('3 Jogadores');
      expect([...seen].filter((pair) => pair === '1 Jogadores' || /^[023] Jogador$/.test(pair))).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});
