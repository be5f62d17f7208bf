import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';

/**
 * Renders `children` at the end of the body. A panel opened from inside another panel (confirm-to-pay,
 * the payment frame) must not be positioned or clipped by the outer panel's scrolling box.
 */
export function Layer({ children }: { children: ReactNode }) {
  return createPortal(children, document.body);
}
