// How every script here launches Firefox: the browser tests (through firefox-driver.mjs) and the
// benchmark (bench/run.mjs) share it, as they share chromium.mjs for Chromium.
//
// Debian's Firefox ESR, never a downloaded browser build, driven by puppeteer-core over WebDriver
// BiDi (Playwright's own Firefox is a patched build that cannot be installed here). Puppeteer
// starts it with a fresh profile holding its own automation preferences (no updates, no
// telemetry, no first-run pages); the ones below are this project's.

import puppeteer from 'puppeteer-core';

export const FIREFOX_PATH = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';

/**
 * Preferences for a Firefox run. Firefox has no per-tab colour-scheme emulation over BiDi, so the
 * scheme is set for the whole browser (a dark page needs its own Firefox), and downloads go
 * straight into `downloadDir` without asking.
 */
export function firefoxPrefs({ colorScheme = 'light', downloadDir, prefs = {} } = {}) {
  return {
    // prefers-color-scheme as the page sees it: 0 dark, 1 light (never the desktop's theme).
    'layout.css.prefers-color-scheme.content-override': colorScheme === 'dark' ? 0 : 1,
    // What Playwright's grantPermissions(['clipboard-read', 'clipboard-write']) does in Chromium:
    // navigator.clipboard.readText() answers without Firefox's "Paste" pop-up.
    'dom.events.testing.asyncClipboard': true,
    // No network of Firefox's own beyond what puppeteer already turns off.
    'network.captive-portal-service.enabled': false,
    'network.connectivity-service.enabled': false,
    ...(downloadDir
      ? {
          'browser.download.folderList': 2,
          'browser.download.dir': downloadDir,
          'browser.download.useDownloadDir': true,
          'browser.download.always_ask_before_handling_new_types': false,
          'browser.download.start_downloads_in_tmp_dir': false,
          'browser.download.alwaysOpenPanel': false,
          'browser.download.panel.shown': true,
          'browser.helperApps.neverAsk.saveToDisk': 'image/png,image/svg+xml,text/csv',
        }
      : {}),
    ...prefs,
  };
}

/** A headless Firefox through puppeteer-core; see firefoxPrefs for the options (`prefs` adds more). */
export async function launchFirefox(options = {}) {
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    extraPrefsFirefox: firefoxPrefs(options),
  });
}
