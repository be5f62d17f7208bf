import type { ReactNode } from 'react';
import { DiceIcon, GiftIcon, KeyIcon, PixIcon, ShieldIcon, SparkIcon, UserIcon } from '../components/icons';

/** The FAQ topics: the footer's HELPS icon row and the FAQ index page list the same ones. */
export const HELP_TOPICS: readonly { page: HelpPage; icon: ReactNode }[] = [
  { page: 'text_faq_nu', icon: <SparkIcon /> },
  { page: 'text_faq_conta', icon: <UserIcon /> },
  { page: 'text_faq_dr', icon: <PixIcon /> },
  { page: 'text_faq_jogos', icon: <DiceIcon /> },
  { page: 'text_faq_prom', icon: <GiftIcon /> },
  { page: 'text_faq_jr', icon: <ShieldIcon /> },
  { page: 'text_faq_segur', icon: <KeyIcon /> },
];

export type HelpPage =
  | 'text_faq_nu'
  | 'text_faq_conta'
  | 'text_faq_dr'
  | 'text_faq_jogos'
  | 'text_faq_prom'
  | 'text_faq_jr'
  | 'text_faq_segur';
