import { useTranslation } from 'react-i18next';
import { openOverlay } from '../app/overlay-store';
import { useToken } from '../app/session';
import { ChatIcon } from './chat-icon';
import { useSupportContacts } from './support-contacts';
import './support.css';

/** Spec 2: the customer-service button on home, shown only to a player when a chat id exists. */
export function SupportChatButton() {
  const { t } = useTranslation();
  const token = useToken();
  const { chatId } = useSupportContacts();
  if (!token || !chatId) return null;
  return (
    <button
      type="button"
      className="support-fab"
      onClick={() => openOverlay('supportChat')}
      aria-label={t('support.chat.open')}
      data-testid="home-support"
    >
      <ChatIcon />
      <span className="support-fab__label">{t('support.chat.button')}</span>
    </button>
  );
}

/** The customer-service entry of a menu (settingPop): only when a chat id exists. */
export function SupportMenuEntry({ className, onOpen }: { className?: string; onOpen?: () => void }) {
  const { t } = useTranslation();
  const { chatId } = useSupportContacts();
  if (!chatId) return null;
  return (
    <button
      type="button"
      className={className}
      onClick={() => {
        onOpen?.();
        openOverlay('supportChat');
      }}
      data-testid="menu-support"
    >
      <ChatIcon />
      <span>{t('support.chat.menu')}</span>
    </button>
  );
}
