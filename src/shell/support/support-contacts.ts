import { useEffect } from 'react';
import { createStore, useStore } from '../../lib/store';
import { fetchSupportContacts } from '../../services/main-api';
import { useToken } from '../app/session';

/**
 * Spec 2 and 6: the chat id and the Telegram contact come from `csid`, which only a logged-in player
 * fetches. They are fetched once per token and shared by the home button and the side menu.
 */

interface Contacts {
  token: string | null;
  chatId: string;
  telegram: string;
}

const contactsStore = createStore<Contacts>({ token: null, chatId: '', telegram: '' });
let loadingFor: string | null = null;

/** The support contacts for the current player (empty for a visitor or until they arrive). */
export function useSupportContacts(): { chatId: string; telegram: string } {
  const token = useToken();
  const contacts = useStore(contactsStore, (c) => c);
  useEffect(() => {
    if (!token || contactsStore.get().token === token || loadingFor === token) return;
    loadingFor = token;
    fetchSupportContacts().then(
      ({ chatId, telegram }) => contactsStore.set({ token, chatId, telegram }),
      () => undefined,
    );
  }, [token]);
  return token && contacts.token === token
    ? { chatId: contacts.chatId, telegram: contacts.telegram }
    : { chatId: '', telegram: '' };
}

/** Forgets the cached contacts (tests). */
export function resetSupportContacts(): void {
  loadingFor = null;
  contactsStore.set({ token: null, chatId: '', telegram: '' });
}
