import i18n from '../../lib/i18n';
import { showToast } from '../app/dialogs';

/**
 * Copies `text` and shows the toast of spec 8 ('A cópia foi bem-sucedida'). The async clipboard only
 * exists on secure pages; the site is also opened over plain LAN addresses, where a hidden text area
 * and `execCommand('copy')` still work. When both are refused the text stays on screen to copy by hand.
 */
export async function copyText(text: string): Promise<boolean> {
  let copied = false;
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      copied = true;
    }
  } catch {
    copied = false;
  }
  if (!copied) {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    try {
      copied = document.execCommand('copy');
    } catch {
      copied = false;
    }
    area.remove();
  }
  if (copied) showToast(i18n.t('promo.share.copied'));
  return copied;
}
