import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { DEBIAN_CHROMIUM, launchChromium, resolveChromium, systemChromium } from '../../scripts/lib/chromium';

const run = promisify(execFile);
const fromNpm = process.env.CHROMIUM_FROM_NPM;
afterEach(() => {
  if (fromNpm === undefined) delete process.env.CHROMIUM_FROM_NPM;
  else process.env.CHROMIUM_FROM_NPM = fromNpm;
});

describe('the Chromium of the browser tests and the bench', () => {
  it('is CHROME_PATH when set, else Debian’s when installed, else none from the system', () => {
    const installed = (path: string) => path === DEBIAN_CHROMIUM;
    expect(systemChromium({ CHROME_PATH: '/opt/chrome' }, installed)).toBe('/opt/chrome');
    expect(systemChromium({}, installed)).toBe(DEBIAN_CHROMIUM);
    expect(systemChromium({}, () => false)).toBeUndefined();
    expect(systemChromium({ CHROME_PATH: '/opt/chrome', CHROMIUM_FROM_NPM: '1' }, installed)).toBeUndefined();
  });

  it('comes from the npm registry when the system has none, and shows text', async () => {
    process.env.CHROMIUM_FROM_NPM = '1';
    const { executablePath } = await resolveChromium();
    expect(executablePath).toMatch(/node_modules\/\.cache\/sparticuz-chromium-[\d.]+\/chromium$/);
    expect((await run(executablePath, ['--version'])).stdout).toMatch(/^Chromium \d+\./);
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.setContent('<main><h1>Glamping in Utah</h1><button>Find Glamping</button></main>');
      await expect(page.getByRole('heading', { name: 'Glamping in Utah' }).isVisible()).resolves.toBe(true);
      const box = await page.getByText('Glamping in Utah').boundingBox();
      expect(box?.width).toBeGreaterThan(50);
    } finally {
      await browser.close();
    }
  });
});
