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

export const lightTheme: RaThemeOptions = deepmerge(deepmerge(defaultLightTheme, shared), {
  palette: {
    mode: 'light',
    primary: { light: '#5e92f3', main: '#1565c0', dark: '#003c8f', contrastText: '#ffffff' },
    secondary: { light: '#439889', main: '#00695c', dark: '#003d33', contrastText: '#ffffff' },
    error: { main: '#c62828', contrastText: '#ffffff' },
    warning: { main: '#a15c00', contrastText: '#ffffff' },
    success: { main: '#2e7d32', contrastText: '#ffffff' },
    info: { main: '#01579b', contrastText: '#ffffff' },
    background: { default: '#f5f6f8', paper: '#ffffff' },
    text: { primary: 'rgba(0, 0, 0, 0.87)', secondary: 'rgba(0, 0, 0, 0.68)' },
  },
} satisfies RaThemeOptions);

export const darkTheme: RaThemeOptions = deepmerge(deepmerge(defaultDarkTheme, shared), {
  palette: {
    mode: 'dark',
    primary: { light: '#c3fdff', main: '#90caf9', dark: '#5d99c6', contrastText: 'rgba(0, 0, 0, 0.87)' },
    secondary: { light: '#b2fef7', main: '#80cbc4', dark: '#4f9a94', contrastText: 'rgba(0, 0, 0, 0.87)' },
    error: { main: '#ef9a9a', contrastText: 'rgba(0, 0, 0, 0.87)' },
    warning: { main: '#ffb74d', contrastText: 'rgba(0, 0, 0, 0.87)' },
    success: { main: '#81c784', contrastText: 'rgba(0, 0, 0, 0.87)' },
    info: { main: '#4fc3f7', contrastText: 'rgba(0, 0, 0, 0.87)' },
    background: { default: '#121212', paper: '#1e1e1e' },
    text: { primary: '#ffffff', secondary: 'rgba(255, 255, 255, 0.75)' },
  },
} satisfies RaThemeOptions);
