import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Socket } from 'socket.io-client';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import '../../../src/lib/i18n';
import { configureApiClient } from '../../../src/services/api-client';
import { setSocketFactory, syncSocket } from '../../../src/services/socket';
import { overlayStore } from '../../../src/shell/app/overlay-store';
import { sessionStore } from '../../../src/shell/app/session';
import { HomePage } from '../../../src/shell/pages/home-page';
import { SupportChat } from '../../../src/shell/support/support-chat';
import { SupportMenuEntry } from '../../../src/shell/support/support-chat-button';
import { resetSupportContacts } from '../../../src/shell/support/support-contacts';
import { fail, FakeSocket, installFakeServer, ok, userInfoFixture } from '../support';

/** The customer-service chat (issue 7): the home button, the slide-in frame, live answers. */

let sockets: FakeSocket[] = [];

beforeEach(() => {
  sockets = [];
  setSocketFactory((options) => {
    const s = new FakeSocket(options as Record<string, unknown>);
    sockets.push(s);
    return s as unknown as Socket;
  });
  configureApiClient({ alert: () => undefined, loading: () => undefined });
  resetSupportContacts();
});

afterEach(() => {
  cleanup();
  act(() => {
    sessionStore.set({ token: null, userInfo: null });
    overlayStore.set('');
  });
  syncSocket(null);
  setSocketFactory(null);
});

const first = {
  id: 1,
  author: 'player',
  text: 'Meu PIX não caiu',
  createdAt: '2026-03-05T14:07:00.000Z',
};

function signedIn() {
  act(() => sessionStore.set({ token: 'tok', userInfo: userInfoFixture() }));
  syncSocket('tok');
}

describe('the home chat button', () => {
  it('shows only to a logged-in player when csid carries a chat id, and opens the chat', async () => {
    const user = userEvent.setup();
    installFakeServer((config) =>
      config.url === '/api/app/main/csid'
        ? { status: 200, body: { status: 200, message: 'chat-1#trevo_suporte', data: null } }
        : ok([]),
    );
    const { unmount } = render(
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('home-support')).toBeNull();
    unmount();

    signedIn();
    render(
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>,
    );
    await user.click(await screen.findByTestId('home-support'));
    expect(overlayStore.get()).toBe('supportChat');
  });

  it('marks an answer that arrives while the chat is closed, until the player opens it', async () => {
    const user = userEvent.setup();
    installFakeServer((config) =>
      config.url === '/api/app/main/csid'
        ? { status: 200, body: { status: 200, message: 'chat-1#', data: null } }
        : ok([]),
    );
    signedIn();
    render(
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>,
    );
    const button = await screen.findByTestId('home-support');
    expect(screen.queryByTestId('home-support-unread')).toBeNull();
    act(() =>
      sockets[0]!.serverSends('support.message', {
        id: 9,
        author: 'operator',
        text: 'Respondemos a sua dúvida',
        createdAt: '2026-03-05T14:09:00.000Z',
      }),
    );
    expect(screen.getByTestId('home-support-unread')).toBeTruthy();
    expect(button.getAttribute('aria-label')).toBe('Abrir o chat do atendimento: nova resposta');
    await user.click(button);
    expect(screen.queryByTestId('home-support-unread')).toBeNull();
  });

  it('the menu entry (settingPop) shows only with a chat id', async () => {
    installFakeServer(() => ({ status: 200, body: { status: 200, message: '#trevo_suporte', data: null } }));
    signedIn();
    const { unmount } = render(<SupportMenuEntry />);
    await new Promise((r) => setTimeout(r, 30));
    expect(screen.queryByTestId('menu-support')).toBeNull();
    unmount();
    resetSupportContacts();
    installFakeServer(() => ({ status: 200, body: { status: 200, message: 'chat-1#', data: null } }));
    render(<SupportMenuEntry />);
    expect((await screen.findByTestId('menu-support')).textContent).toBe('Atendimento ao cliente');
  });

  it('stays hidden when csid has no chat id', async () => {
    const server = installFakeServer(() => ({
      status: 200,
      body: { status: 200, message: '#trevo_suporte', data: null },
    }));
    signedIn();
    render(
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>,
    );
    await waitFor(() => expect(server.requests.some((r) => r.url === '/api/app/main/csid')).toBe(true));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('home-support')).toBeNull();
  });
});

describe('the chat frame', () => {
  it('loads the stored thread, sends a message and shows an answer that arrives over the socket', async () => {
    const user = userEvent.setup();
    const server = installFakeServer((config) => {
      if (config.url === '/api/app/support/messages') return ok([first]);
      if (config.url === '/api/app/support/replyTime') return ok({ minutes: 8, measured: true });
      if (config.url === '/api/app/support/message') {
        return ok({
          id: 2,
          author: 'player',
          text: 'Já faz uma hora',
          createdAt: '2026-03-05T14:08:00.000Z',
        });
      }
      return ok(null);
    });
    signedIn();
    render(<SupportChat />);

    expect((await screen.findByText('Meu PIX não caiu')).closest('li')!.className).toContain(
      'support-msg--player',
    );
    expect(screen.getByTestId('support-identity').textContent).toContain('ana@example.com');
    // A message still waiting for its answer says when one may be expected.
    expect((await screen.findByTestId('support-reply-time')).textContent).toBe(
      'Recebemos a sua mensagem. Nossa equipe costuma responder em cerca de 8 minutos.',
    );

    await user.type(screen.getByTestId('support-input'), 'Já faz uma hora{Enter}');
    expect(await screen.findByText('Já faz uma hora')).toBeTruthy();
    const sent = server.requests.find((r) => r.url === '/api/app/support/message')!;
    expect(JSON.parse(sent.data as string)).toMatchObject({ text: 'Já faz uma hora' });
    expect((screen.getByTestId('support-input') as HTMLTextAreaElement).value).toBe('');

    // The same message echoed by the socket is not shown twice; the operator's answer appears.
    act(() => {
      sockets[0]!.serverSends('support.message', {
        id: 2,
        author: 'player',
        text: 'Já faz uma hora',
        createdAt: '2026-03-05T14:08:00.000Z',
      });
      sockets[0]!.serverSends('support.message', {
        id: 3,
        author: 'operator',
        text: 'Olá, Ana! Já verificamos.',
        createdAt: '2026-03-05T14:09:00.000Z',
      });
    });
    expect(screen.getAllByText('Já faz uma hora')).toHaveLength(1);
    const answer = screen.getByText('Olá, Ana! Já verificamos.').closest('li')!;
    expect(answer.className).toContain('support-msg--operator');
    expect(screen.getAllByTestId(/support-msg-/).map((li) => li.dataset.testid)).toEqual([
      'support-msg-player',
      'support-msg-player',
      'support-msg-operator',
    ]);
    // Answered: nothing more to wait for.
    expect(screen.queryByTestId('support-reply-time')).toBeNull();
  });

  it("promises the operator's configured time until answers can be measured", async () => {
    installFakeServer((config) => {
      if (config.url === '/api/app/support/messages') return ok([first]);
      if (config.url === '/api/app/support/replyTime') return ok({ minutes: 1, measured: false });
      return ok(null);
    });
    signedIn();
    render(<SupportChat />);
    expect((await screen.findByTestId('support-reply-time')).textContent).toBe(
      'Recebemos a sua mensagem. Nossa equipe responde em até 1 minuto.',
    );
  });

  it("shows the server's reason when a message is refused, and keeps the draft", async () => {
    const user = userEvent.setup();
    installFakeServer((config) =>
      config.url === '/api/app/support/messages'
        ? ok([])
        : fail(429, 429, 'Muitas solicitações. Aguarde um pouco e tente novamente'),
    );
    signedIn();
    render(<SupportChat />);
    expect(await screen.findByTestId('support-welcome')).toBeTruthy();
    await user.type(screen.getByTestId('support-input'), 'oi');
    await user.click(screen.getByTestId('support-send'));
    expect((await screen.findByTestId('support-error')).textContent).toBe(
      'Muitas solicitações. Aguarde um pouco e tente novamente',
    );
    expect((screen.getByTestId('support-input') as HTMLTextAreaElement).value).toBe('oi');
  });

  it('does not send an empty message and closes with Escape', async () => {
    const user = userEvent.setup();
    const server = installFakeServer(() => ok([]));
    signedIn();
    act(() => overlayStore.set('supportChat'));
    render(
      <>
        <SupportChat />
        <button type="button">fora do chat</button>
      </>,
    );
    await screen.findByTestId('support-welcome');
    await user.type(screen.getByTestId('support-input'), '   {Enter}');
    expect(server.requests.some((r) => r.url === '/api/app/support/message')).toBe(false);
    expect((screen.getByTestId('support-send') as HTMLButtonElement).disabled).toBe(true);
    // Focus stays inside the frame: Tab from the last control comes back to the first.
    expect(document.activeElement).toBe(screen.getByTestId('support-input'));
    await user.tab();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Fechar');
    await user.keyboard('{Escape}');
    expect(overlayStore.get()).toBe('');
  });
});
