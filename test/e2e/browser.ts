import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';

export const SCREENSHOT_DIR = path.resolve(__dirname, '..', '..', 'test-artifacts', 'screenshots');

/** The URL of the server that global-setup started. */
export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL no está definido: ejecute con jest --selectProjects e2e');
  return url;
}

/** Launches the Chromium that global-setup resolved, headless and quiet. */
export async function launchBrowser(): Promise<Browser> {
  const raw = process.env.E2E_CHROMIUM;
  if (!raw) throw new Error('E2E_CHROMIUM no está definido: ejecute con jest --selectProjects e2e');
  const { executablePath, args } = JSON.parse(raw) as { executablePath: string; args: string[] };
  const extra = [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ];
  return chromium.launch({
    executablePath,
    args: [...new Set([...(args ?? []), ...extra])],
    headless: true,
  });
}

/** A fresh page (own context, so its own localStorage) on the app, in Spanish. */
export async function newPage(
  browser: Browser,
  viewport: { width: number; height: number } = { width: 1280, height: 800 },
): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport, locale: 'es-AR' });
  const page = await context.newPage();
  page.setDefaultTimeout(15000);
  return page;
}

/** Saves a full-page screenshot under test-artifacts/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
