import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The built web app the server serves (the server reads it once, when it starts). */
export const webDistOf = (root: string) => path.join(root, 'apps/web/dist');

/** Builds the web app (`npm run build`) when apps/web/dist has no index.html; call before starting the server. */
export function ensureWebBuilt(root: string): void {
  if (fs.existsSync(path.join(webDistOf(root), 'index.html'))) return;
  console.log('apps/web/dist is missing: building the web app (npm run build) …');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}
