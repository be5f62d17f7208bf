import i18n from 'i18next';
import ptBR from './locales/pt_BR.json';
import enUS from './locales/en_US.json';

type AdminTexts = typeof ptBR;

declare module '../lib/i18n' {
  // The console's texts, typed for `t('admin.…')` everywhere (lib/i18n.ts leaves this open).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AdminTranslations extends AdminTexts {}
}

/**
 * The console's texts live with the console, not in the player's locale files: operators work in
 * pt-BR (en_US for an English-speaking operator; other languages fall back to pt-BR), and the
 * player's first page never carries them. Added as `admin.*` of the shared translation when this
 * chunk loads.
 */
export function installAdminTexts(): void {
  for (const [lang, texts] of [
    ['pt_BR', ptBR],
    ['en_US', enUS],
  ] as const) {
    i18n.addResourceBundle(lang, 'translation', { admin: texts }, true, false);
  }
}
