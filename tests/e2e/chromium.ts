/**
 * How the browser tests and the benchmarks start Debian's Chromium (tests/e2e/globalSetup.ts,
 * bench/ui.ts, bench/portal.ts): its path and its switches.
 */
/** The features playwright-core 1.64 turns off (its chromiumSwitches.ts), kept when the args turn off more. */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
];

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // the app then has no transitions and no ripples (src/layout/theme.ts): nothing to wait for after
  // a click, nothing repainted for half a second; what motion shows is the same at once
  '--force-prefers-reduced-motion',
  // Chromium 156 draws the browser's own omnibox popup as WebUI pages (chrome://omnibox-popup.top-chrome),
  // a renderer of their own for every window, which a test never sees: about a quarter of the
  // browser's CPU for a new context and page (measured: 15 contexts, 5.2 s of CPU instead of 7.3 s).
  // Chromium reads the last --disable-features only, so playwright-core's own list
  // (chromiumSwitches.ts) is repeated here before them.
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, 'WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'].join(',')}`,
];
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
