import './styles.css';
import { topBarHeight } from './layout.ts';
import { paintHome } from './paint/homePaint.ts';

/**
 * The first script: small. A signed-in start at the home page first paints the home screen kept
 * from the last visit (paint/homePaint.ts), then, once that frame is on screen, loads the app's
 * code (start.tsx: React, the texts, the first page), whose first draw replaces the copy; any
 * other start loads that code at once.
 */
document.documentElement.style.setProperty('--top-bar-height', `${topBarHeight(navigator.userAgent)}px`);

const container = document.getElementById('root')!;

function load(): void {
  void import('./start.tsx').then((m) => m.start(container));
}

/** Runs `run` after the next frame has been painted. */
function afterPaint(run: () => void): void {
  requestAnimationFrame(() => setTimeout(run, 0));
}

let painted = false;
try {
  painted = paintHome(container);
} catch (error) {
  console.warn('the kept home screen could not be painted', error);
}
if (painted) afterPaint(load);
else load();
