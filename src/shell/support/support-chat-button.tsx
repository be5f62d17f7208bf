import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStepsAside } from '../../lib/use-steps-aside';
import { onSocketEvent } from '../../services/socket';
import { openOverlay, overlayStore } from '../app/overlay-store';
import { useToken } from '../app/session';
import { ChatIcon } from './chat-icon';
import { useSupportContacts } from './support-contacts';
import './support.css';

/**
 * Spec 2: the customer-service button on home, shown only to a player when a chat id exists. An
 * answer that arrives while the chat is closed puts a dot on it until the chat is opened.
 */
export function SupportChatButton() {
  const { t } = useTranslation();
  const token = useToken();
  const { chatId } = useSupportContacts();
  const [unread, setUnread] = useState(false);
  useEffect(
    () =>
      onSocketEvent('support.message', (message) => {
        if (message.author === 'operator' && overlayStore.get() !== 'supportChat') setUnread(true);
      }),
    [],
  );
  const ref = useRef<HTMLButtonElement>(null);
  const aside = useStepsAside(ref, Boolean(token && chatId));
  if (!token || !chatId) return null;
  return (
    <button
      ref={ref}
      type="button"
      className={`support-fab${aside ? ' floating--aside' : ''}`}
      data-floating=""
      onClick={() => {
        setUnread(false);
        openOverlay('supportChat');
      }}
      aria-label={unread ? t('support.chat.openUnread') : t('support.chat.open')}
      title={t('support.chat.button')}
      data-testid="home-support"
    >
      <ChatIcon />
      <span className="support-fab__label">{t('support.chat.button')}</span>
      {unread && <span className="support-fab__dot" aria-hidden="true" data-testid="home-support-unread" />}
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
