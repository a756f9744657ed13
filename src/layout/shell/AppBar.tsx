/** The application bar: product logo, brand link, toolbar (quick find, theme toggle, loading indicator) and AppBar. */
import { Box, Typography } from '@mui/material';
import {
  AppBar,
  LinkBase,
  LoadingIndicator,
  TitlePortal,
  ToggleThemeButton,
  useThemesContext,
  type AppBarProps,
} from 'react-admin';

import { useAppName } from '../settings';
import { AppUserMenu } from './UserMenu';
import { QuickFind } from './QuickFind';
import { TimerButton } from '../../areas/time/TimerButton';

/** The product logo: an inline SVG (ledger with a check mark). */
export const AppLogo = ({ size = 28 }: { size?: number }) => (
  <Box
    component="svg"
    viewBox="0 0 32 32"
    width={size}
    height={size}
    aria-hidden="true"
    focusable="false"
    sx={{ flexShrink: 0 }}
  >
    <rect x="4" y="3" width="24" height="26" rx="3" fill="currentColor" opacity="0.18" />
    <rect x="4" y="3" width="24" height="26" rx="3" fill="none" stroke="currentColor" strokeWidth="2" />
    <path d="M9 10h14M9 15h8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    <path
      d="M11 22l3.5 3.5L22 18"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.4"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </Box>
);

const AppBarBrand = () => {
  const appName = useAppName();
  return (
    <Box
      component={LinkBase}
      to="/Menu"
      aria-label={`${appName} – Home`}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        color: 'inherit',
        textDecoration: 'none',
        mr: 2,
        flexShrink: 0,
      }}
    >
      <AppLogo />
      <Typography component="span" variant="h6" noWrap sx={{ fontWeight: 500, display: { xs: 'none', sm: 'inline' } }}>
        {appName}
      </Typography>
    </Box>
  );
};

const AppBarToolbar = () => {
  const { darkTheme } = useThemesContext();
  return (
    <>
      <TimerButton />
      <QuickFind />
      {darkTheme && <ToggleThemeButton />}
      {/* named for assistive technology while it spins (axe: aria-progressbar-name) */}
      <LoadingIndicator aria-label="Caricamento in corso" />
    </>
  );
};

/** AppBar: logo + application name, page title, theme toggle, user menu. */
export const AppAppBar = (props: AppBarProps) => (
  <AppBar {...props} color="primary" toolbar={<AppBarToolbar />} userMenu={<AppUserMenu />}>
    <AppBarBrand />
    <TitlePortal variant="subtitle1" component="span" />
  </AppBar>
);
