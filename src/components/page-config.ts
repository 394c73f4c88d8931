import { type AppConfig, currentConfig } from '../config';

let config: AppConfig | undefined;

/**
 * currentConfig() for pages and components: read once per build (it reads every variable to see whether
 * one changed, some 30 µs, and a listing page asked three times). A build's environment does not change while it
 * renders, and each build loads this module afresh; astro dev reads it for every page.
 */
export function pageConfig(): AppConfig {
  if (import.meta.env.DEV) return currentConfig();
  config ??= currentConfig();
  return config;
}
