/**
 * Screenshots for reviewers: test-results/screenshots/NAME.png on every run. The pictures in docs/screenshots/
 * are updated on purpose only, with LOADSMITH_UPDATE_SCREENSHOTS=1: a test run must leave a clean clone clean.
 */
import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The window as the user sees it (the app fills the window and scrolls inside its panels). */
export async function shot(page: Page, name: string): Promise<void> {
  const dir = join(ROOT, 'test-results', 'screenshots');
  await mkdir(dir, { recursive: true });
  const file = join(dir, `${name}.png`);
  await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
  if (process.env.LOADSMITH_UPDATE_SCREENSHOTS === '1') {
    await mkdir(join(ROOT, 'docs', 'screenshots'), { recursive: true });
    await copyFile(file, join(ROOT, 'docs', 'screenshots', `${name}.png`));
  }
}
