import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * A modal panel: labelled, focus moved inside on open and given back on close, Tab kept inside,
 * Escape and the backdrop close it. `variant="sheet"` slides up from the bottom on phones;
 * `variant="side"` slides in from the left edge (the side menu).
 */
export function Modal({
  title,
  onClose,
  children,
  testId,
  variant = 'dialog',
  role = 'dialog',
  hideTitle = false,
}: {
  title: string;
  onClose?: () => void;
  children: ReactNode;
  testId?: string;
  variant?: 'dialog' | 'sheet' | 'side';
  role?: 'dialog' | 'alertdialog';
  hideTitle?: boolean;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const node = panel.current;
    const first =
      node?.querySelector<HTMLElement>('[data-autofocus]') ?? node?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? node)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && onCloseRef.current) {
        event.stopPropagation();
        onCloseRef.current();
      } else if (event.key === 'Tab' && node) {
        const items = [...node.querySelectorAll<HTMLElement>(FOCUSABLE)];
        if (items.length === 0) return;
        const firstItem = items[0]!;
        const lastItem = items[items.length - 1]!;
        if (event.shiftKey && document.activeElement === firstItem) {
          event.preventDefault();
          lastItem.focus();
        } else if (!event.shiftKey && document.activeElement === lastItem) {
          event.preventDefault();
          firstItem.focus();
        }
      }
    };
    node?.addEventListener('keydown', onKey);
    return () => {
      node?.removeEventListener('keydown', onKey);
      // Focus goes back to where it was, unless another panel has taken it meanwhile: after a
      // sign-up the first-deposit offer opens as the registration panel closes, and focus given
      // back to the page would leave the offer deaf to Escape.
      const active = document.activeElement;
      if (!active || active === document.body || node?.contains(active)) previous?.focus?.();
    };
  }, []);

  return (
    <div className={`modal-backdrop modal-backdrop--${variant}`} onClick={() => onClose?.()}>
      <div
        ref={panel}
        className={`modal modal--${variant}`}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid={testId}
        onClick={(event) => event.stopPropagation()}
      >
        <div className={hideTitle ? 'modal__head modal__head--bare' : 'modal__head'}>
          <h2 id={titleId} className={hideTitle ? 'visually-hidden' : 'modal__title'}>
            {title}
          </h2>
          {onClose && (
            <button
              type="button"
              className="icon-button modal__close"
              aria-label={t('common.close')}
              onClick={onClose}
            >
              <CloseIcon />
            </button>
          )}
        </div>
        {children}
      </div>
    </div>
  );
}
