import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import '../../../src/lib/i18n';
import { adminHttp } from '../../../src/admin/admin-api';
import { installAdminTexts } from '../../../src/admin/admin-texts';
import { POLL_MS, SupportPanel } from '../../../src/admin/admin-support-panel';

/** The console's "Atendimento": conversations (unanswered first, polled) and complaints. */

type Reply = { status: number; body: unknown };
let requests: InternalAxiosRequestConfig[] = [];

function fakeServer(route: (key: string, config: InternalAxiosRequestConfig) => Reply) {
  requests = [];
  adminHttp.defaults.adapter = async (config) => {
    requests.push(config);
    const { status, body } = route(`${config.method!.toUpperCase()} ${config.url}`, config);
    return { data: body, status, statusText: '', headers: new AxiosHeaders(), config, request: {} };
  };
}
const ok = (data: unknown): Reply => ({ status: 200, body: { status: 200, message: 'sucesso', data } });

const WAITING = {
  id: 7,
  userId: 3,
  username: 'ana@example.com',
  email: 'ana@example.com',
  name: 'Ana Souza',
  awaitingReply: true,
  lastMessage: 'Meu PIX não caiu',
  lastMessageAt: '2026-03-05T14:07:00.000Z',
};

beforeAll(() => installAdminTexts());
beforeEach(() => sessionStorage.clear());
afterEach(() => cleanup());

describe('Atendimento', () => {
  it('opens a waiting conversation with the player identity, answers it, and picks up new messages by polling', async () => {
    const thread = [
      { id: 1, author: 'player', text: 'Meu PIX não caiu', createdAt: '2026-03-05T14:07:00.000Z' },
    ];
    fakeServer((key, config) => {
      if (key === 'GET /api/admin/support/conversations') return ok([WAITING]);
      if (key === 'GET /api/admin/support/conversations/7') {
        return ok({ ...WAITING, vip: 2, playerSince: '2026-01-10T12:00:00.000Z', messages: [...thread] });
      }
      if (key === 'POST /api/admin/support/conversations/7/reply') {
        const { text } = JSON.parse(config.data as string) as { text: string };
        thread.push({ id: 2, author: 'operator', text, createdAt: '2026-03-05T14:08:00.000Z' });
        return ok(thread.at(-1));
      }
      return ok([]);
    });
    const user = userEvent.setup();
    render(<SupportPanel />);
    const item = await screen.findByTestId('support-conversation-7');
    expect(item.textContent).toContain('aguardando resposta');
    expect(item.textContent).toContain('ana@example.com');
    await user.click(item);
    expect((await screen.findByTestId('support-player')).textContent).toContain('ana@example.com');
    await user.type(screen.getByTestId('support-reply'), 'Olá, Ana! Já verificamos.');
    await user.click(screen.getByTestId('support-reply-send'));
    expect(
      await within(screen.getByTestId('support-messages')).findByText('Olá, Ana! Já verificamos.'),
    ).toBeTruthy();
    expect(requests.filter((r) => r.url === '/api/admin/support/conversations/7/reply')).toHaveLength(1);

    // A new player message shows up on the next poll, without any click.
    thread.push({ id: 3, author: 'player', text: 'Obrigada!', createdAt: '2026-03-05T14:09:00.000Z' });
    await act(async () => {
      await new Promise((r) => setTimeout(r, POLL_MS + 200));
    });
    expect(within(screen.getByTestId('support-messages')).getByText('Obrigada!')).toBeTruthy();
  }, 10_000);

  it('lists open complaints and marks one answered with the reply', async () => {
    let answered = false;
    fakeServer((key, config) => {
      if (key === 'GET /api/admin/support/conversations') return ok([]);
      if (key === 'GET /api/admin/support/complaints?status=open') {
        return ok(
          answered
            ? []
            : [
                {
                  id: 4,
                  protocol: 'TRV-2026-000004',
                  subject: 'Saque atrasado',
                  text: 'Pedi um saque e o PIX não chegou.',
                  contact: '(11) 98765-4321',
                  status: 'open',
                  answer: null,
                  player: null,
                  answeredBy: null,
                  answeredAt: null,
                  createdAt: '2026-03-05T14:07:00.000Z',
                },
              ],
        );
      }
      if (key === 'POST /api/admin/support/complaints/4/answer') {
        expect(JSON.parse(config.data as string)).toEqual({ answer: 'Pago hoje às 10h.' });
        answered = true;
        return ok({ protocol: 'TRV-2026-000004', status: 'answered' });
      }
      return ok([]);
    });
    const user = userEvent.setup();
    render(<SupportPanel />);
    await user.click(screen.getByTestId('support-tab-complaints'));
    const row = await screen.findByTestId('complaint-TRV-2026-000004');
    expect(row.textContent).toContain('Saque atrasado');
    await user.type(within(row).getByTestId('complaint-answer-TRV-2026-000004'), 'Pago hoje às 10h.');
    await user.click(within(row).getByTestId('complaint-answer-send-TRV-2026-000004'));
    expect(await screen.findByText('Nenhuma reclamação nesta situação')).toBeTruthy();
  });
});
