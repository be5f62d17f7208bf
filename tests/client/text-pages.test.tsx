import { act, cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ptBR from '../../assets/locales/pt_BR.json';
import {
  COOLOFF_MAX_HOURS,
  REALITY_CHECK_CHOICES,
  SELF_EXCLUSION_MONTHS,
  SESSION_LIMIT_MAX_MINUTES,
} from '../../domain/schemas/protection.schema';
import operatorConfig from '../../config/default.json';
import { setLanguage } from '../../src/lib/i18n';
import { configureApiClient } from '../../src/services/api-client';
import { alertStore } from '../../src/shell/app/dialogs';
import { setNavigator } from '../../src/shell/app/navigation';
import { overlayStore } from '../../src/shell/app/overlay-store';
import { appRoutes } from '../../src/shell/app/routes';
import { sessionStore } from '../../src/shell/app/session';
import {
  outline,
  parseMarkdown,
  parseInline,
  plainText,
  type Block,
} from '../../src/shell/pages/text/markdown';
import { TEXT_PAGE_KEYS, textLanguage, type TextPageKey } from '../../src/shell/pages/text/texts';
import { installFakeServer, ok, userInfoFixture } from './support';

/** Issue 7: the text pages say what a player needs to know, in pt-BR and English, and render. */

const LANGUAGES = ['pt_BR', 'en_US'] as const;
type Lang = (typeof LANGUAGES)[number];

const FILES = import.meta.glob<string>('../../assets/texts/*/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});

function source(lang: Lang, page: TextPageKey): string {
  const text = FILES[`../../assets/texts/${lang}/${page}.md`];
  if (text === undefined) throw new Error(`assets/texts/${lang}/${page}.md is missing`);
  return text;
}

const headings = (blocks: Block[], level: 2 | 3) =>
  blocks.flatMap((b) => (b.kind === 'heading' && b.level === level ? [b.text] : []));

/** Sections each page must have (its `##` headings), per language. */
const REQUIRED: Partial<Record<TextPageKey, Record<Lang, RegExp[]>>> = {
  text_pp: {
    pt_BR: [
      /controlador/i,
      /encarregado/i,
      /bases legais.*art\. 7/i,
      /retenção/i,
      /direitos.*art\. 18/i,
      /exercer/i,
      /transferência internacional/i,
      /cookies/i,
      /segurança/i,
    ],
    en_US: [
      /controller/i,
      /data protection officer.*encarregado/i,
      /legal bases.*article 7/i,
      /retention/i,
      /rights.*article 18/i,
      /exercise/i,
      /international transfer/i,
      /cookies/i,
      /security/i,
    ],
  },
  text_jr: {
    pt_BR: [/riscos/i, /sinais/i, /limites/i, /autoexclusão/i, /ajuda/i, /menores/i],
    en_US: [/risks/i, /signs/i, /limits/i, /self-exclusion/i, /help/i, /minors/i],
  },
  text_kyc: {
    pt_BR: [/por que/i, /o que pedimos/i, /quando/i, /protegemos/i],
    en_US: [/why/i, /what we ask/i, /when/i, /protect/i],
  },
  text_tc: {
    pt_BR: [
      /18 anos/,
      /sua conta/i,
      /depósitos/i,
      /saques/i,
      /bônus/i,
      /vip/i,
      /indicação/i,
      /jogos/i,
      /esportivas/i,
      /limites/i,
      /encerramento/i,
      /lei aplicável/i,
    ],
    en_US: [
      /18/,
      /your account/i,
      /deposits/i,
      /withdrawals/i,
      /bonuses/i,
      /vip/i,
      /referral/i,
      /casino games/i,
      /sports/i,
      /limits/i,
      /closure/i,
      /governing law/i,
    ],
  },
  complaint_text: {
    pt_BR: [/como registrar/i, /o que incluir/i, /protocolo/i, /prazos/i, /não concordar/i],
    en_US: [/how to file/i, /what to include/i, /protocol/i, /response times/i, /disagree/i],
  },
};

/** Facts a page must state (in its body), per language. */
const FACTS: Partial<Record<TextPageKey, Record<Lang, RegExp[]>>> = {
  text_pp: {
    pt_BR: [/privacidade@trevo\.bet/, /dpo@trevo\.bet/, /13\.709\/2018/, /localStorage/],
    en_US: [/privacidade@trevo\.bet/, /dpo@trevo\.bet/, /13\.709\/2018/, /localStorage/],
  },
  text_jr: {
    pt_BR: [/\b188\b/, /CAPS/, /Jogadores Anônimos/, /24 horas depois/, /1\.440 minutos/],
    en_US: [/\b188\b/, /CAPS/, /Gamblers Anonymous/, /24 hours after/, /1,440 minutes/],
  },
  text_kyc: { pt_BR: [/CPF/, /primeiro depósito/], en_US: [/CPF/, /first deposit/] },
  text_tc: {
    pt_BR: [/R\$ 50\b/, /30 minutos/, /2 vezes/, /VIP 12/, /anulad/, /corrigido/],
    en_US: [/R\$ 50\b/, /30 minutes/, /2 times/, /VIP 12/, /void/i, /corrected/],
  },
  complaint_text: { pt_BR: [/\/complaint_form/], en_US: [/\/complaint_form/] },
};

/** Every piece of text a reader sees, as plain strings. */
function visibleText(blocks: Block[]): string[] {
  return blocks.flatMap((b) => {
    if (b.kind === 'heading') return [b.text];
    if (b.kind === 'paragraph') return [plainText(b.content)];
    if (b.kind === 'list') return b.items.map(plainText);
    return [...b.head, ...b.rows.flat()].map(plainText);
  });
}

const isFaq = (page: TextPageKey) => page.startsWith('text_faq_');
/** Characters of markdown: long enough to answer, so a page cannot shrink to a stub unnoticed. */
const MIN_LENGTH: Partial<Record<TextPageKey, number>> = {
  text_pp: 6000,
  text_tc: 6000,
  text_jr: 4000,
  text_kyc: 2500,
  complaint_text: 2000,
};
const minLength = (page: TextPageKey) => MIN_LENGTH[page] ?? 1800;
const ROUTES = new Set(Object.keys(ptBR.pages).map((key) => `/${key}`));

describe.each(LANGUAGES)('texts in %s', (lang) => {
  it.each(TEXT_PAGE_KEYS)('%s has its sections, facts and length', (page) => {
    const text = source(lang, page);
    const blocks = parseMarkdown(text);
    expect(text.length).toBeGreaterThanOrEqual(minLength(page));
    const h2 = headings(blocks, 2);
    for (const pattern of REQUIRED[page]?.[lang] ?? [])
      expect(
        h2.some((h) => pattern.test(h)),
        `${pattern}`,
      ).toBe(true);
    for (const pattern of FACTS[page]?.[lang] ?? []) expect(text).toMatch(pattern);
    expect(text).not.toMatch(/[Ll]orem ipsum|\bTODO\b|\bXXX\b|\bTBD\b/);
    // No markup the renderer would show as raw characters.
    for (const piece of visibleText(blocks))
      expect(piece).not.toMatch(/\\|(^|[^*])\*\*([^*]|$)|\]\(|^#|<\/?[a-z]/);
  });

  it.each(TEXT_PAGE_KEYS.filter(isFaq))('%s asks at least 8 questions, each with an answer', (page) => {
    const blocks = parseMarkdown(source(lang, page));
    const questions = headings(blocks, 3);
    expect(questions.length).toBeGreaterThanOrEqual(8);
    for (const q of questions) expect(q).toMatch(/\?$/);
    blocks.forEach((block, i) => {
      if (block.kind === 'heading')
        expect(blocks[i + 1]?.kind, `answer after "${block.text}"`).not.toBe('heading');
    });
  });

  it.each(TEXT_PAGE_KEYS)('%s links only to pages that exist or to safe addresses', (page) => {
    const text = source(lang, page);
    const links = [...text.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]!);
    for (const href of links) {
      if (href.startsWith('/')) expect(ROUTES.has(href), href).toBe(true);
      else expect(href).toMatch(/^(mailto:[\w.]+@trevo\.bet|https:\/\/)/);
    }
  });
});

it.each(TEXT_PAGE_KEYS)('%s has the same sections and questions in both languages', (page) => {
  const [pt, en] = LANGUAGES.map((lang) => parseMarkdown(source(lang, page)));
  expect(headings(en!, 2).length).toBe(headings(pt!, 2).length);
  expect(headings(en!, 3).length).toBe(headings(pt!, 3).length);
});

describe.each(LANGUAGES)('the terms in %s state the default configuration', (lang) => {
  const text = source(lang, 'text_tc');
  const brl = (n: number) => `R$ ${n.toLocaleString(lang === 'pt_BR' ? 'pt-BR' : 'en-US')}`;

  it('prints the VIP table of config/default.json', () => {
    const table = parseMarkdown(text).find((b) => b.kind === 'table');
    if (table?.kind !== 'table') throw new Error('text_tc has no VIP table');
    const rows = table.rows.map((row) => row.map((cell) => plainText(cell)));
    const expected = operatorConfig.vip.map((v) => [
      `VIP ${v.level}`,
      brl(v.depositSum),
      brl(v.wagerSum),
      brl(v.upgradeAward),
      v.withdrawalsPerDay === 0
        ? lang === 'pt_BR'
          ? 'sem limite'
          : 'unlimited'
        : String(v.withdrawalsPerDay),
      brl(v.withdrawalLimitPerDay),
    ]);
    expect(rows).toEqual(expected);
  });

  it('states the deposit, withdrawal and turnover rules of config/default.json', () => {
    const { deposit, withdraw, turnover } = operatorConfig;
    expect(text).toContain(brl(deposit.minAmount));
    expect(text).toContain(brl(deposit.maxAmount));
    expect(text).toContain(`${deposit.chargeTtlSeconds / 60} ${lang === 'pt_BR' ? 'minutos' : 'minutes'}`);
    expect(text).toContain(`**${brl(withdraw.minAmount)}**`);
    expect(text).toContain(brl(withdraw.approvalThreshold));
    expect(text).toContain(`**${turnover.bonus} ${lang === 'pt_BR' ? 'vezes' : 'times'}**`);
    expect(turnover.main).toBe(1);
  });
});

describe.each(LANGUAGES)('the promotions in %s state the default configuration', (lang) => {
  const texts = [source(lang, 'text_tc'), source(lang, 'text_faq_prom')];
  const locale = lang === 'pt_BR' ? 'pt-BR' : 'en-US';
  const and = lang === 'pt_BR' ? ' e ' : ' and ';
  const brl = (n: number) => `R$ ${n.toLocaleString(locale)}`;
  const percent = (fraction: number) => `${(fraction * 100).toLocaleString(locale)}%`;
  const series = (items: string[]) => `${items.slice(0, -1).join(', ')}${and}${items.at(-1)}`;
  const { promotions, offers, packages } = operatorConfig;
  const bonusShare = (list: { price: number; gift: number }[]) => list.map((p) => p.gift / p.price);

  it.each([0, 1])('text %i names the referral commission per level and the agent levels', (index) => {
    const text = texts[index]!;
    for (const rate of promotions.referralCommission) expect(text).toContain(percent(rate));
    const agent = promotions.agent;
    expect(text).toContain(series(agent.levels.map((l) => String(l.invitees))));
    expect(text).toContain(series(agent.levels.map((l) => brl(l.reward))));
    expect(text).toContain(brl(agent.minFirstDeposit));
    expect(text).toContain(brl(promotions.gift.amount));
  });

  it.each([0, 1])('text %i states the deposit offers', (index) => {
    const text = texts[index]!;
    const first = bonusShare(packages.BTBRL);
    expect(text).toContain(percent(Math.min(...first)));
    expect(text).toContain(percent(Math.max(...first)));
    expect(text).toContain(percent(Math.max(...bonusShare(packages.FCBRL))));
    expect(text).toContain(percent(offers.payDiscount.discount));
    expect(text).toContain(`${offers.payDiscount.hours} ${lang === 'pt_BR' ? 'horas' : 'hours'}`);
    expect(text).toContain(`${offers.firstDepositHours} ${lang === 'pt_BR' ? 'horas' : 'hours'}`);
  });
});

describe.each(LANGUAGES)('responsible gaming in %s states the tools as built', (lang) => {
  const pt = lang === 'pt_BR';
  const or = pt ? ' ou ' : ' or ';
  const series = (items: (string | number)[]) => `${items.slice(0, -1).join(', ')}${or}${items.at(-1)}`;

  it.each(['text_jr', 'text_faq_jr'] as const)('%s names the reminder intervals offered', (page) => {
    expect(source(lang, page)).toContain(
      `${series([...REALITY_CHECK_CHOICES])} ${pt ? 'minutos' : 'minutes'}`,
    );
  });

  it('text_jr states the session limit, cool-off and self-exclusion bounds', () => {
    const text = source(lang, 'text_jr');
    expect(text).toContain(SESSION_LIMIT_MAX_MINUTES.toLocaleString(pt ? 'pt-BR' : 'en-US'));
    expect(text).toContain(`${COOLOFF_MAX_HOURS / 168} ${pt ? 'semanas' : 'weeks'}`);
    const months = SELF_EXCLUSION_MONTHS.map((m) => (m % 12 === 0 ? m / 12 : m));
    expect(text).toContain(
      `${months[0]} ${pt ? 'meses' : 'months'}, 1 ${pt ? 'ano' : 'year'}, ${months[2]} ${pt ? 'anos' : 'years'}, ${months[3]} ${pt ? 'anos' : 'years'}`,
    );
  });
});

describe('the markdown subset', () => {
  it('keeps an unsafe link as plain text and never turns markup into HTML', () => {
    const unsafe = parseInline('[x](javascript:alert(1)) <b>y</b>');
    expect(unsafe.every((piece) => piece.kind === 'text')).toBe(true);
    expect(plainText(unsafe)).toBe('x) <b>y</b>');
    expect(parseInline('Veja [Termos](/text_tc) e **isto**.')).toEqual([
      { kind: 'text', text: 'Veja ' },
      { kind: 'link', text: 'Termos', href: '/text_tc' },
      { kind: 'text', text: ' e ' },
      { kind: 'strong', text: 'isto' },
      { kind: 'text', text: '.' },
    ]);
    expect(parseInline('[evil](//evil.example)')).toEqual([{ kind: 'text', text: 'evil' }]);
  });

  it('reads backslash escapes as the literal character', () => {
    expect(plainText(parseInline('como "jo\\*\\*\\*@g\\*\\*\\*" e **negrito**'))).toBe(
      'como "jo***@g***" e negrito',
    );
    expect(parseInline('\\[não é link\\](/x)').every((piece) => piece.kind === 'text')).toBe(true);
  });

  it('reads headings, wrapped list items, ordered lists and tables', () => {
    const blocks = parseMarkdown(
      '## A\n\npara\nline\n\n- one\n  more\n- two\n\n1. x\n2. y\n\n| h | i |\n|---|---|\n| 1 | 2 |\n',
    );
    expect(blocks.map((b) => b.kind)).toEqual(['heading', 'paragraph', 'list', 'list', 'table']);
    const [, para, list, ordered, table] = blocks;
    expect(para?.kind === 'paragraph' && plainText(para.content)).toBe('para line');
    expect(list?.kind === 'list' && list.items.map(plainText)).toEqual(['one more', 'two']);
    expect(ordered?.kind === 'list' && ordered.ordered).toBe(true);
    expect(table?.kind === 'table' && table.rows.map((r) => r.map(plainText))).toEqual([['1', '2']]);
  });

  it('gives each section an anchor without accents, unique within the text', () => {
    expect(
      outline(parseMarkdown('## Seus direitos (art. 18 da LGPD)\n\n## Retenção\n\n## Retenção\n')),
    ).toEqual([
      { id: 'seus-direitos-art-18-da-lgpd', text: 'Seus direitos (art. 18 da LGPD)' },
      { id: 'retencao', text: 'Retenção' },
      { id: 'retencao-2', text: 'Retenção' },
    ]);
  });

  it('gives pt_BR players Portuguese and every other language English', () => {
    expect(textLanguage('pt_BR')).toBe('pt_BR');
    for (const lang of ['en_US', 'ja_JP', 'ko_KR', 'zh_CN', 'ru_RU', 'id_ID', 'vi_VN'])
      expect(textLanguage(lang)).toBe('en_US');
  });
});

describe('text pages on screen', () => {
  function renderAt(path: string) {
    const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
    setNavigator((to, options) => void router.navigate(to, options));
    render(<RouterProvider router={router} />);
    return router;
  }

  beforeEach(() => {
    localStorage.clear();
    sessionStore.set({ token: null, userInfo: null });
    overlayStore.set('');
    alertStore.set([]);
    configureApiClient({ alert: () => undefined, loading: () => undefined });
    installFakeServer((config) => {
      if (config.url === '/api/app/main/guestAnalysis') return ok({ number: 1234, amount: 2_500_000 });
      if (config.url === '/api/app/main/notices') return ok([]);
      if (config.url === '/api/app/user/userInfo') return ok(userInfoFixture());
      return { status: 404, body: { status: 404, message: 'Não encontrado', data: null } };
    });
  });

  afterEach(async () => {
    cleanup();
    await act(() => setLanguage('pt_BR'));
  });

  configure({ asyncUtilTimeout: 10_000 });

  it('shows the privacy policy in Portuguese, then in English when the player switches', async () => {
    renderAt('/text_pp');
    const page = await screen.findByTestId('page-text_pp');
    expect(
      await within(page).findByRole('heading', { level: 2, name: 'Controlador dos dados' }),
    ).toBeTruthy();
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe('Política de Privacidade');
    expect(within(page).getAllByRole('link', { name: 'dpo@trevo.bet' })[0]!.getAttribute('href')).toBe(
      'mailto:dpo@trevo.bet',
    );

    await act(() => setLanguage('en_US'));
    expect(await within(page).findByRole('heading', { level: 2, name: 'Data controller' })).toBeTruthy();
    expect(within(page).queryByRole('heading', { name: 'Controlador dos dados' })).toBeNull();
    expect(screen.getByTestId('text-body').getAttribute('lang')).toBe('en-US');
    const contents = within(page).getByRole('navigation', { name: 'On this page' });
    expect(within(contents).getByRole('link', { name: 'Data controller' }).getAttribute('href')).toBe(
      '#data-controller',
    );
    expect(page.querySelector('#data-controller')?.textContent).toBe('Data controller');
  });

  it('shows English to a player reading in Japanese', async () => {
    await act(() => setLanguage('ja_JP'));
    renderAt('/text_kyc');
    const page = await screen.findByTestId('page-text_kyc');
    expect(await within(page).findByRole('heading', { level: 2, name: 'What we ask for' })).toBeTruthy();
  });

  it('shows an FAQ topic as questions that open, and leads back to the index', async () => {
    renderAt('/text_faq_dr');
    const page = await screen.findByTestId('page-text_faq_dr');
    await within(page).findByRole('heading', { level: 3, name: 'Como deposito?' });
    const questions = within(page).getAllByTestId('faq-question');
    expect(questions.length).toBeGreaterThanOrEqual(8);
    expect(questions.every((q) => q.tagName === 'DETAILS' && q.querySelector('summary h3'))).toBe(true);
    expect(within(page).getByRole('link', { name: 'Perguntas frequentes' }).getAttribute('href')).toBe(
      '/text_faq',
    );
  });

  it('keeps the responsible-gaming tools link and renders links of the text as router links', async () => {
    const router = renderAt('/text_jr');
    const page = await screen.findByTestId('page-text_jr');
    expect(within(page).getByTestId('text-jr-tools').getAttribute('href')).toBe('/conta');
    await within(page).findByRole('heading', { level: 2, name: 'Pausa e autoexclusão' });
    act(() => within(page).getByRole('link', { name: 'Registros' }).click());
    await waitFor(() => expect(router.state.location.pathname).toBe('/registros'));
  });

  it('leads from the complaints text to the complaint form', async () => {
    renderAt('/complaint_text');
    const page = await screen.findByTestId('page-complaint_text');
    await within(page).findByRole('heading', { level: 2, name: 'Número de protocolo' });
    const links = within(page)
      .getAllByRole('link')
      .filter((a) => a.getAttribute('href') === '/complaint_form');
    expect(links.length).toBeGreaterThanOrEqual(2);
  });
});
