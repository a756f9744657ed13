/**
 * Light and dark themes of the back-office, built on react-admin's default themes.
 *
 * Colours are chosen for WCAG AA contrast (>= 4.5:1 for normal text):
 * - light: primary #1565c0 on white 5.75:1, secondary #00695c 6.61:1, error #c62828 5.62:1,
 *   warning #a15c00 5.19:1, success #2e7d32 5.13:1, info #01579b 7.40:1;
 * - dark: primary #90caf9 on #121212 10.71:1, on paper #1e1e1e 9.53:1, the other
 *   palette colours >= 7.4:1 on paper.
 *
 * The `sm` breakpoint is moved to 800px: below it react-admin's sidebar becomes a temporary
 * drawer (seed: "Sidebar mobile breakpoint 800").
 *
 * A person who asks the system for less motion (prefers-reduced-motion: reduce, WCAG 2.3.3) gets
 * no transition and no ripple: dialogs, menus and notices appear and go at once.
 */
import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { deepmerge } from '@mui/utils';
import { itIT } from '@mui/material/locale';

/** Width (px) below which the sidebar is a temporary drawer. */
export const MOBILE_BREAKPOINT = 800;

const breakpoints = {
  values: { xs: 0, sm: MOBILE_BREAKPOINT, md: 900, lg: 1200, xl: 1536 },
};

const shared: RaThemeOptions = {
  breakpoints,
  shape: { borderRadius: 6 },
  sidebar: { width: 250, closedWidth: 56 },
  typography: {
    fontFamily: ['Roboto', '"Helvetica Neue"', 'Arial', 'sans-serif'].join(','),
  },
  components: {
    // MUI's own words in Italian (an Alert's close button was announced 'Close': issue 45 item 18)
    ...itIT.components,
    // a visible keyboard focus everywhere
    MuiButtonBase: {
      styleOverrides: {
        root: {
          '&.Mui-focusVisible': { outline: '2px solid currentColor', outlineOffset: 2 },
        },
      },
    },
    // the bulk actions bar, collapsed while no row is selected, keeps its buttons out of the tab order and of the way
    RaBulkActionsToolbar: {
      styleOverrides: { root: { '& .RaBulkActionsToolbar-collapsed': { visibility: 'hidden' } } },
    },
    MuiLink: { defaultProps: { underline: 'always' } },
    MuiAppBar: { defaultProps: { elevation: 1 } },
  },
};

/** Whether the system asks for reduced motion (read once, when the app loads). */
const reducedMotion =
  typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/** No motion: every transition of MUI and react-admin takes no time, buttons have no ripple. */
const still: RaThemeOptions = {
  transitions: {
    duration: {
      shortest: 0,
      shorter: 0,
      short: 0,
      standard: 0,
      complex: 0,
      enteringScreen: 0,
      leavingScreen: 0,
    },
  },
  components: { MuiButtonBase: { defaultProps: { disableRipple: true } } },
};

type Mode = 'light' | 'dark';

/** The colours of the two themes side by side, each role's light-theme and dark-theme colour. */
const BRAND = {
  primary: {
    light: { light: '#5e92f3', main: '#1565c0', dark: '#003c8f' },
    dark: { light: '#c3fdff', main: '#90caf9', dark: '#5d99c6' },
  },
  secondary: {
    light: { light: '#439889', main: '#00695c', dark: '#003d33' },
    dark: { light: '#b2fef7', main: '#80cbc4', dark: '#4f9a94' },
  },
};
const STATUS = {
  error: { light: '#c62828', dark: '#ef9a9a' },
  warning: { light: '#a15c00', dark: '#ffb74d' },
  success: { light: '#2e7d32', dark: '#81c784' },
  info: { light: '#01579b', dark: '#4fc3f7' },
};
const SURFACES = {
  light: {
    background: { default: '#f5f6f8', paper: '#ffffff' },
    text: { primary: 'rgba(0, 0, 0, 0.87)', secondary: 'rgba(0, 0, 0, 0.68)' },
  },
  dark: {
    background: { default: '#121212', paper: '#1e1e1e' },
    text: { primary: '#ffffff', secondary: 'rgba(255, 255, 255, 0.75)' },
  },
};
/** The text on a coloured surface: white on the light theme's deep colours, near-black on the dark theme's pale ones. */
const ON_COLOUR = { light: '#ffffff', dark: 'rgba(0, 0, 0, 0.87)' };

/** A theme: react-admin's default of its mode, the shared options and the mode's colours. */
function themeOf(base: RaThemeOptions, mode: Mode): RaThemeOptions {
  const contrastText = ON_COLOUR[mode];
  const status = (role: keyof typeof STATUS) => ({ main: STATUS[role][mode], contrastText });
  return deepmerge(deepmerge(deepmerge(base, shared), reducedMotion ? still : {}), {
    palette: {
      mode,
      primary: { ...BRAND.primary[mode], contrastText },
      secondary: { ...BRAND.secondary[mode], contrastText },
      error: status('error'),
      warning: status('warning'),
      success: status('success'),
      info: status('info'),
      ...SURFACES[mode],
    },
  } satisfies RaThemeOptions);
}

export const lightTheme = themeOf(defaultLightTheme, 'light');
export const darkTheme = themeOf(defaultDarkTheme, 'dark');
