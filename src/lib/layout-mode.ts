import { deviceType } from './device';
import { isAppMode } from './storage';
import { createStore } from './store';

/**
 * Spec 2 and 9: the layout is 80% wide on desktop and a narrow fixed width on app devices, and the
 * root font size is the width divided by 3.93 on mobile and by 120 on the web. The stylesheet sizes
 * everything from the root font (see `--u` in styles.css), so the whole page scales with it.
 */

export type LayoutMode = 'mobile' | 'web';

/** Below this viewport width a desktop browser gets the mobile layout too. */
export const MOBILE_MAX_WIDTH = 768;
/** The fixed frame width on app devices and inside the app (`?isapp=1`). */
export const APP_FRAME_WIDTH = 480;

export interface LayoutState {
  mode: LayoutMode;
  /** True on Android/iPhone/iPad and in app mode: the page keeps a narrow fixed width. */
  narrow: boolean;
}

/** The layout for a viewport `width`. */
export function layoutFor(width: number, narrow: boolean): LayoutState {
  return { mode: narrow || width < MOBILE_MAX_WIDTH ? 'mobile' : 'web', narrow };
}

/** The root font size in px for a layout and viewport width. */
export function rootFontSize(layout: LayoutState, width: number): number {
  if (layout.mode === 'web') return width / 120;
  const frame = layout.narrow ? Math.min(width, APP_FRAME_WIDTH) : width;
  return frame / 3.93;
}

export const layoutStore = createStore<LayoutState>(layoutFor(1024, false));

function apply(): void {
  const width = window.innerWidth;
  const layout = layoutFor(width, deviceType() === 'app' || isAppMode());
  const root = document.documentElement;
  root.style.fontSize = `${rootFontSize(layout, width).toFixed(3)}px`;
  root.classList.toggle('is-mobile', layout.mode === 'mobile');
  root.classList.toggle('is-web', layout.mode === 'web');
  root.classList.toggle('is-narrow', layout.narrow);
  const previous = layoutStore.get();
  if (previous.mode !== layout.mode || previous.narrow !== layout.narrow) layoutStore.set(layout);
}

/** Applies the layout now and on every resize; call again after app mode changes. */
export function trackLayout(): void {
  apply();
  window.removeEventListener('resize', apply);
  window.addEventListener('resize', apply);
}
