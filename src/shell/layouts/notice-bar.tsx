import { useTranslation } from 'react-i18next';
import { useNotice } from '../app/session';
import { MegaphoneIcon } from '../components/icons';

/** The notice bar of spec 2: the latest server notice, scrolling; a house message until one exists. */
export function NoticeBar() {
  const { t } = useTranslation();
  const notice = useNotice();
  const text = notice?.text ?? t('notice.default');
  return (
    <aside className="notice-bar" aria-label={t('notice.label')} data-testid="notice-bar">
      <div className="frame notice-bar__inner">
        <MegaphoneIcon className="notice-bar__icon" />
        <div className="notice-bar__track">
          <p key={notice?.id ?? 0} className="notice-bar__text" data-testid="notice-text">
            {text}
          </p>
        </div>
      </div>
    </aside>
  );
}
