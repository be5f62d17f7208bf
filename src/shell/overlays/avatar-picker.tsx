import { useTranslation } from 'react-i18next';
import { AVATAR_COUNT } from '../../../domain/codes';
import { setAvatar } from '../../services/user-api';
import { openOverlay } from '../app/overlay-store';
import { refreshUserInfo, useUserInfo } from '../app/session';
import { Avatar } from '../components/avatar';
import { Modal } from '../components/modal';

const INDEXES = Array.from({ length: AVATAR_COUNT }, (_, i) => i + 1);

/** The avatar picker (spec 2, 9): 36 avatars; choosing one saves it and returns to the menu. */
export function AvatarPicker() {
  const { t } = useTranslation();
  const current = useUserInfo()?.header ?? 1;

  async function choose(index: number) {
    try {
      await setAvatar(index);
      // The server also pushes updateUserInfo; fetching covers a socket that is reconnecting.
      await refreshUserInfo({ loading: false });
      openOverlay('myPop');
    } catch {
      // The API client has told the player why; the picker stays open to try again.
    }
  }

  return (
    <Modal title={t('avatar.title')} onClose={() => openOverlay('myPop')} testId="avatar-picker">
      <ul className="avatar-grid">
        {INDEXES.map((index) => (
          <li key={index}>
            <button
              type="button"
              className="avatar-grid__item"
              aria-label={t('avatar.option', { index })}
              aria-pressed={index === current}
              onClick={() => void choose(index)}
              data-testid={`avatar-${index}`}
            >
              <Avatar index={index} />
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
