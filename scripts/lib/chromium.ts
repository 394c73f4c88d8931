import { type Browser, chromium } from 'playwright-core';

/**
 * Debian's Chromium (apt-get install -y chromium) with the flags that work on these machines: no sandbox as root,
 * and nothing that reaches for the network by itself (background networking, component updates, sync, QUIC).
 * Never a downloaded browser. CHROME_PATH points elsewhere.
 */
export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const chromePath = () => process.env.CHROME_PATH || '/usr/bin/chromium';

/** Chromium driven by playwright-core, as the browser tests and the bench use it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromePath(), args: CHROME_FLAGS });
}
