/** The logged user's menu in the app bar: the user info header and the profile/logout menu. */
import { useId, useState, type MouseEvent } from 'react';
import {
  Avatar,
  Box,
  Button,
  Divider,
  ListItemIcon,
  ListItemText,
  Menu as MuiMenu,
  MenuItem,
  Stack,
  Typography,
} from '@mui/material';
import { LinkBase, useGetIdentity, useLogout, useTranslate } from 'react-admin';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import PersonIcon from '@mui/icons-material/Person';
import LogoutIcon from '@mui/icons-material/Logout';

import { useClientVar } from '../settings';
import { formatCredit, formatDate, useLoggedStudio, useLoggedUserRecord } from './data';

/** The shape returned by authProvider.getIdentity(). */
interface ShellIdentity {
  id: string | number;
  fullName?: string;
  avatar?: string;
  email?: string;
  role?: string;
  studio_id?: number;
  studio_name?: string;
  subscription_expire_date?: string | null;
  credit?: number;
}

/** Non-focusable header of the user menu (skipped by the MenuList keyboard navigation). */
const UserInfo = ({ identity, expiry, credit }: { identity: ShellIdentity; expiry: string; credit: string | null }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ px: 2, py: 1, minWidth: 240 }} data-testid="user-info">
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
        {identity.fullName}
      </Typography>
      {identity.email && (
        <Typography variant="body2" color="text.secondary">
          {identity.email}
        </Typography>
      )}
      {identity.role && (
        <Typography variant="body2">
          {translate('app.user.role')}: {identity.role}
        </Typography>
      )}
      {identity.studio_name && (
        <Typography variant="body2">
          {translate('app.user.studio')}: {identity.studio_name}
        </Typography>
      )}
      {expiry && <Typography variant="body2">{translate('app.user.expiry', { date: expiry })}</Typography>}
      {credit !== null && <Typography variant="body2">{translate('app.user.credit', { credit })}</Typography>}
    </Box>
  );
};
(UserInfo as unknown as { muiSkipListHighlight: boolean }).muiSkipListHighlight = true;

/** Menu of the logged user: name, role, studio, expiry, credit, profile, logout. */
export const AppUserMenu = () => {
  const translate = useTranslate();
  const logout = useLogout();
  const id = useId();
  const { identity: rawIdentity, isPending } = useGetIdentity();
  const identity = rawIdentity as ShellIdentity | undefined;
  const { data: settings } = useClientVar();
  const { data: studio } = useLoggedStudio();
  const creditEnabled = !!settings?.CREDIT_ENABLED;
  // the user's own record: the credit, and the name and avatar as saved on the profile
  const { data: userRecord } = useLoggedUserRecord(identity?.id, true);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);

  if (isPending) return null;
  if (!identity) {
    // logged out: login / sign-up menu
    return (
      <Stack direction="row" spacing={1} sx={{ mr: 1 }}>
        <Button color="inherit" component={LinkBase} to="/utente/login">
          {translate('ra.auth.sign_in')}
        </Button>
        <Button color="inherit" variant="outlined" component={LinkBase} to="/utente/contact_form">
          Iscriviti
        </Button>
      </Stack>
    );
  }

  const name = userRecord?.name ?? identity.fullName ?? '';
  const avatar = userRecord?.avatar ?? identity.avatar ?? null;
  const expiry = formatDate(studio?.subscription_expire_date ?? identity.subscription_expire_date);
  const credit = creditEnabled ? formatCredit(userRecord?.credit ?? identity.credit) : null;
  const open = Boolean(anchor);

  return (
    <>
      <Button
        id={`${id}-button`}
        color="inherit"
        onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)}
        aria-label={name}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        startIcon={
          avatar ? (
            <Avatar src={avatar} alt="" sx={{ width: 24, height: 24 }} />
          ) : (
            <AccountCircleIcon aria-hidden="true" />
          )
        }
        sx={{ textTransform: 'none', mr: 1, minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }}
      >
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {name}
        </Box>
      </Button>
      <MuiMenu
        id={`${id}-menu`}
        anchorEl={anchor}
        open={open}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-labelledby': `${id}-button` } }}
        disableScrollLock
      >
        <UserInfo identity={{ ...identity, fullName: name }} expiry={expiry} credit={credit} />
        <Divider />
        <MenuItem component={LinkBase} to="/utente/il_mio_profilo" onClick={close}>
          <ListItemIcon>
            <PersonIcon fontSize="small" aria-hidden="true" />
          </ListItemIcon>
          <ListItemText>{translate('app.user.profile')}</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            logout();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" aria-hidden="true" />
          </ListItemIcon>
          <ListItemText>{translate('app.user.logout')}</ListItemText>
        </MenuItem>
      </MuiMenu>
    </>
  );
};
