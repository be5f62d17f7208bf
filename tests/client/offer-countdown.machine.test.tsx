import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, type EventObject } from 'xstate';
import '../../src/lib/i18n';
import { offerCountdownMachine, type OfferKind } from '../../src/machines/offer-countdown.machine';
import { overlayStore } from '../../src/shell/app/overlay-store';
import { sessionStore } from '../../src/shell/app/session';
import { installOfferCountdown, offerStore, openOffer } from '../../src/shell/wallet/offers';
import {
  isOverControl,
  RECHECK_MS,
  SAMPLE_GAP_X_PX,
  SAMPLE_GAP_Y_PX,
  SCROLL_READ_MS,
} from '../../src/lib/use-steps-aside';
import { OfferButton, TUCK_FROM_PX } from '../../src/shell/wallet/offer-button';
import { userInfoFixture } from './support';

function start(seconds: number, kind: OfferKind = 'FPDATA') {
  const clearOffer = vi.fn<(kind: OfferKind) => void>();
  const actor = createActor(
    offerCountdownMachine.provide({ actions: { clearOffer: (_, p) => clearOffer(p.kind) } }),
    {
      input: { kind, seconds, now: Date.now() },
    },
  ).start();
  return { actor, clearOffer };
}

const withOffer = (kind: OfferKind, seconds: number) =>
  userInfoFixture({
    paypackage: {
      FPDATA: kind === 'FPDATA' ? { fcOpen: true, fcCountdown: seconds } : { fcOpen: false, fcCountdown: 0 },
      FCDATA: kind === 'FCDATA' ? { fcOpen: true, fcCountdown: seconds } : { fcOpen: false, fcCountdown: 0 },
    },
  });

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('offer countdown', () => {
  it('counts fcCountdown seconds × 1000 ms and clears the offer when it ends', () => {
    const run = start(3, 'FCDATA');

    vi.advanceTimersByTime(1000);
    expect(run.actor.getSnapshot().context.remainingMs).toBe(2000);
    vi.advanceTimersByTime(1000);
    expect(run.clearOffer).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);

    expect(run.actor.getSnapshot().status).toBe('done');
    expect(run.clearOffer).toHaveBeenCalledWith('FCDATA');
  });

  it('ends at once an offer that has no time left', () => {
    const run = start(0);

    expect(run.actor.getSnapshot().status).toBe('done');
    expect(run.clearOffer).toHaveBeenCalledWith('FPDATA');
  });

  it('ends on time by the clock even when ticks were throttled', () => {
    const clearOffer = vi.fn();
    let tick: ((now: number) => void) | null = null;
    const machine = offerCountdownMachine.provide({
      actors: {
        clock: fromCallback<EventObject>(({ sendBack }) => {
          tick = (now) => sendBack({ type: 'clock.tick', now });
        }),
      },
      actions: { clearOffer: () => clearOffer() },
    });
    const actor = createActor(machine, { input: { kind: 'FPDATA', seconds: 600, now: 1_000 } }).start();

    tick!(1_000 + 599_000);
    expect(actor.getSnapshot().context.remainingMs).toBe(1_000);
    tick!(1_000 + 600_000);

    expect(clearOffer).toHaveBeenCalledTimes(1);
  });
});

describe('the session offer (panel and floating button share one countdown)', () => {
  it('picks the first-deposit offer before the second, and none for demo accounts', () => {
    expect(openOffer(withOffer('FPDATA', 10))).toEqual({ kind: 'FPDATA', seconds: 10 });
    expect(openOffer(withOffer('FCDATA', 5))).toEqual({ kind: 'FCDATA', seconds: 5 });
    expect(openOffer({ ...withOffer('FPDATA', 10), testFlag: 1 })).toBeNull();
    expect(openOffer(userInfoFixture())).toBeNull();
  });

  it('shows the countdown on the floating button and clears the offer everywhere when it ends', async () => {
    installOfferCountdown();
    overlayStore.set('');
    act(() => sessionStore.set({ token: 'tok', userInfo: withOffer('FPDATA', 2) }));
    // The countdown actor lives in a lazy chunk (XState stays off a visitor's first page).
    await act(() => vi.dynamicImportSettled());
    render(<OfferButton />);

    expect(screen.getByTestId('offer-button-countdown').textContent).toBe('00:00:02');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('offer-button-countdown').textContent).toBe('00:00:01');
    act(() => overlayStore.set('secondDeposit'));
    act(() => vi.advanceTimersByTime(1000));

    expect(offerStore.get()).toBeNull();
    expect(sessionStore.get().userInfo?.paypackage.FPDATA).toEqual({ fcOpen: false, fcCountdown: 0 });
    expect(overlayStore.get()).toBe('');
    expect(screen.queryByTestId('offer-button')).toBeNull();
    act(() => sessionStore.set({ token: null, userInfo: null }));
  });

  it('folds its label away while the page is scrolled down, and shows whole at the top', async () => {
    installOfferCountdown();
    overlayStore.set('');
    act(() => sessionStore.set({ token: 'tok', userInfo: withOffer('FPDATA', 60) }));
    await act(() => vi.dynamicImportSettled());
    render(<OfferButton />);
    const scrollTo = (y: number) =>
      act(() => {
        Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
        window.dispatchEvent(new Event('scroll'));
      });
    const button = screen.getByTestId('offer-button');
    expect(button.className).not.toContain('offer-button--tucked');
    scrollTo(TUCK_FROM_PX + 1);
    expect(button.className).toContain('offer-button--tucked');
    // Its name still says what it is and how long is left.
    expect(button.getAttribute('aria-label')).toMatch(/^Oferta \d\d:\d\d:\d\d$/);
    scrollTo(0);
    expect(button.className).not.toContain('offer-button--tucked');
    act(() => sessionStore.set({ token: null, userInfo: null }));
  });
  it('steps aside while a control of the page lies under it, and comes back when the spot is free', async () => {
    installOfferCountdown();
    overlayStore.set('');
    act(() => sessionStore.set({ token: 'tok', userInfo: withOffer('FPDATA', 60) }));
    await act(() => vi.dynamicImportSettled());
    render(
      <form>
        <label htmlFor="code">Código do e-mail</label>
        <input id="code" />
        <button type="button">Enviar código</button>
        <OfferButton />
      </form>,
    );
    const offer = screen.getByTestId('offer-button');
    // happy-dom lays nothing out (nor has elementsFromPoint): the button's box and what lies
    // under it are given here.
    vi.spyOn(offer, 'getBoundingClientRect').mockReturnValue(new DOMRect(300, 700, 72, 48));
    const under = vi.fn<(x: number, y: number) => Element[]>();
    Object.defineProperty(document, 'elementsFromPoint', { value: under, configurable: true });
    const lies = (el: Element) => under.mockReturnValue([offer, el, document.body]);
    const scroll = () =>
      act(() => {
        window.dispatchEvent(new Event('scroll'));
        vi.advanceTimersByTime(SCROLL_READ_MS + 50);
      });

    // The transfer form scrolled to the corner: 'Enviar código' under the gift (issue 18, item 4).
    lies(screen.getByRole('button', { name: 'Enviar código' }));
    scroll();
    expect(offer.className).toContain('floating--aside');
    lies(screen.getByText('Código do e-mail'));
    scroll();
    expect(offer.className).not.toContain('floating--aside');
    // A field moved under it by the page itself, with no scroll, is found too.
    lies(screen.getByRole('textbox'));
    act(() => vi.advanceTimersByTime(RECHECK_MS + 50));
    expect(offer.className).toContain('floating--aside');
    Reflect.deleteProperty(document, 'elementsFromPoint');
    act(() => sessionStore.set({ token: null, userInfo: null }));
  });
  it("finds a control as thin as the sampling's gap under any part of the button", () => {
    // Home at 390 px: the untucked offer (70 × 75) over the bottom of 'Ver todos os esportes', a
    // line of text that three points a side passed between.
    const { container } = render(
      <>
        <a href="/footballPage">Ver todos os esportes</a>
        <p>Esportes</p>
      </>,
    );
    // No finer than a line of small text (16 px) down and a touch target (24 px) across, or a
    // control could pass between two rows or two columns.
    expect(SAMPLE_GAP_Y_PX).toBeGreaterThan(0);
    expect(SAMPLE_GAP_Y_PX).toBeLessThanOrEqual(16);
    expect(SAMPLE_GAP_X_PX).toBeGreaterThan(0);
    expect(SAMPLE_GAP_X_PX).toBeLessThanOrEqual(24);
    const link = screen.getByRole('link');
    const text = screen.getByText('Esportes');
    const button = document.createElement('button');
    container.append(button);
    vi.spyOn(button, 'getBoundingClientRect').mockReturnValue(new DOMRect(303, 695, 70, 75));
    const band = (top: number) => (_x: number, y: number) =>
      y >= top && y < top + SAMPLE_GAP_Y_PX ? [link, document.body] : [text, document.body];
    const under = vi.fn(band(0));
    Object.defineProperty(document, 'elementsFromPoint', { value: under, configurable: true });
    // Every band of the gap's height across the button is found, wherever it lies.
    for (let top = 695; top <= 770 - SAMPLE_GAP_Y_PX; top++) {
      under.mockImplementation(band(top));
      expect(isOverControl(button), `a link from y ${top}`).toBe(true);
    }
    // And every column of the across gap's width (a small round button), wherever it lies.
    const column = (left: number) => (x: number) =>
      x >= left && x < left + SAMPLE_GAP_X_PX ? [link, document.body] : [text, document.body];
    for (let left = 303; left <= 373 - SAMPLE_GAP_X_PX; left++) {
      under.mockImplementation(column(left));
      expect(isOverControl(button), `a button from x ${left}`).toBe(true);
    }
    // Text alone under it is no reason to step aside.
    under.mockImplementation(() => [text, document.body]);
    expect(isOverControl(button)).toBe(false);
    Reflect.deleteProperty(document, 'elementsFromPoint');
  });
});
