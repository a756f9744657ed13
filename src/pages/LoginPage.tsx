/**
 * Login by e-mail and password (routes /, /utente/login and react-admin's `loginPage`).
 * After login the user goes to /Menu; an already logged-in user is offered Home or Logout.
 */
import { lazy, Suspense, useCallback, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  InputAdornment,
  Link,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { LinkBase, useAuthState, useGetIdentity, useLogin, useLogout, useNavigate, useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';

import { compose, email as emailRule, minLength, required } from '../../model/validators';
import { DIALOG_WIDTH } from '../layout/ErrorDialog';
import { useDocumentTitle } from '../layout/PageTitle';
import { LOGOUT_FAILED_MESSAGE, takeLogoutFailure } from '../authProvider/token';
import { useClientVar } from '../layout/settings';
import type { SocialProvider } from './SocialLogin';
import { PublicLayout } from './public/PublicLayout';

// the social buttons load their providers' scripts: only when a flag is on
const SocialLogin = lazy(() => import('./SocialLogin'));
const SOCIAL_NAME: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook' };

const LOGIN_PAGE_AUTH_PARAMS = { from: 'login_page' };

const validateEmail = compose(required(), emailRule());
const validatePassword = compose(required(), minLength(8));

/** Already logged in: go to the Home or log out. */
const AlreadyLoggedDialog = ({ open }: { open: boolean }) => {
  const navigate = useNavigate();
  const logout = useLogout();
  const { identity } = useGetIdentity();
  const id = useId();
  return (
    <Dialog
      open={open}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      maxWidth={false}
      slotProps={{ paper: { sx: { width: DIALOG_WIDTH, maxWidth: 'calc(100% - 32px)' } } }}
    >
      <DialogTitle id={`${id}-title`}>Sei già autenticato</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>
          {identity?.fullName
            ? `Hai già effettuato l'accesso come ${identity.fullName}.`
            : "Hai già effettuato l'accesso."}{' '}
          Vuoi andare alla Home o uscire?
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => logout()}>Logout</Button>
        <Button variant="contained" onClick={() => navigate('/Menu')} autoFocus>
          Home
        </Button>
      </DialogActions>
    </Dialog>
  );
};

export const LoginPage = () => {
  const translate = useTranslate();
  const { data: vars } = useClientVar();
  const routerNavigate = useNavigate();
  const login = useLogin();
  const queryClient = useQueryClient();
  // own query key: the app's failed check ({} params) must not be cached as this page's result,
  // or the authenticated routes would read it after login and log the user out
  const { authenticated, isPending: authPending } = useAuthState(LOGIN_PAGE_AUTH_PARAMS, false);
  const [values, setValues] = useState({ email: '', password: '' });
  const [touched, setTouched] = useState({ email: false, password: false });
  const [submitted, setSubmitted] = useState(false);
  const [loading, setLoading] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [loggedIn, setLoggedIn] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  // seed A §8: a failed logout shows an alert (the session was cleared anyway)
  const [logoutFailed] = useState(takeLogoutFailure);
  useDocumentTitle(translate('ra.auth.sign_in'));
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const id = useId();

  const errors = { email: validateEmail(values.email), password: validatePassword(values.password) };
  const showError = (field: 'email' | 'password') => (submitted || touched[field]) && !!errors[field];
  /** what both fields share: the value, its message once left or submitted, disabled while logging in */
  const fieldProps = (field: 'email' | 'password') => ({
    id: `${id}-${field}`,
    name: field,
    required: true,
    fullWidth: true,
    margin: 'normal' as const,
    variant: 'outlined' as const,
    value: values[field],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValues((v) => ({ ...v, [field]: e.target.value })),
    onBlur: () => setTouched((t) => ({ ...t, [field]: true })),
    error: showError(field),
    helperText: showError(field) ? errors[field] : ' ',
    disabled: loading,
  });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    setServerError(null);
    if (errors.email) {
      emailRef.current?.focus();
      return;
    }
    if (errors.password) {
      passwordRef.current?.focus();
      return;
    }
    setLoading(true);
    try {
      setLoggedIn(true);
      await login({ email: values.email.trim(), password: values.password }, '/Menu');
      // This page may be a custom route inside the admin routes, whose cached failed auth check
      // would log the user out on arrival: re-check now, before the navigation renders.
      void queryClient.resetQueries({ queryKey: ['auth', 'checkAuth'] });
    } catch (err) {
      setLoggedIn(false);
      setServerError(err instanceof Error && err.message ? err.message : translate('app.error.generic'));
      setLoading(false);
    }
  };

  // C61: the provider's token; no account for its e-mail and registration open → register with it
  const onSocialToken = useCallback(
    async (provider: SocialProvider, token: string, email: string | null) => {
      setServerError(null);
      setLoading(true);
      try {
        setLoggedIn(true);
        await login({ social: provider, token }, '/Menu');
        void queryClient.resetQueries({ queryKey: ['auth', 'checkAuth'] });
      } catch (err) {
        setLoggedIn(false);
        setLoading(false);
        const status = (err as { status?: number }).status;
        if (status === 401 && vars?.REGISTRATION_ENABLED) {
          routerNavigate(`/utente/registrati${email ? `?${new URLSearchParams({ email })}` : ''}`);
          return;
        }
        setServerError(
          `Errore Nel ${SOCIAL_NAME[provider]} Login: ${err instanceof Error && err.message ? err.message : translate('app.error.generic')}`,
        );
      }
    },
    [login, queryClient, vars?.REGISTRATION_ENABLED, routerNavigate, translate],
  );

  const toggleLabel = translate(showPassword ? 'ra.input.password.toggle_visible' : 'ra.input.password.toggle_hidden');

  return (
    // seed A §2: the top bar with logo and name and, logged out, the login / sign-up menu (the public pages' own)
    <PublicLayout>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', py: { xs: 3, sm: 6 }, px: 2 }}>
        <Card sx={{ width: '100%', maxWidth: 420 }} elevation={3}>
          <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
            {/* the logo and the name are in the top bar */}
            <Typography component="h1" variant="h5" color="text.primary" sx={{ textAlign: 'center', mb: 3 }}>
              {translate('ra.auth.sign_in')}
            </Typography>

            {logoutFailed && (
              <Alert severity="warning" role="alert" sx={{ mb: 2 }}>
                {LOGOUT_FAILED_MESSAGE}
              </Alert>
            )}
            {serverError && (
              <Alert severity="error" role="alert" sx={{ mb: 2 }} id={`${id}-server-error`}>
                {serverError}
              </Alert>
            )}

            <Box
              component="form"
              noValidate
              onSubmit={onSubmit}
              aria-label="Accesso"
              aria-describedby={serverError ? `${id}-server-error` : undefined}
            >
              <TextField
                {...fieldProps('email')}
                inputRef={emailRef}
                label="Email"
                type="email"
                autoComplete="username"
              />
              <TextField
                {...fieldProps('password')}
                inputRef={passwordRef}
                label="Password"
                type={showPassword ? 'text' : 'password'}
                autoComplete="current-password"
                slotProps={{
                  input: {
                    endAdornment: (
                      <InputAdornment position="end">
                        <IconButton
                          aria-label={toggleLabel}
                          onClick={() => setShowPassword((s) => !s)}
                          edge="end"
                          size="small"
                        >
                          {showPassword ? <VisibilityOffIcon /> : <VisibilityIcon />}
                        </IconButton>
                      </InputAdornment>
                    ),
                  },
                }}
              />
              <Button
                type="submit"
                variant="contained"
                color="primary"
                fullWidth
                size="large"
                disabled={loading}
                startIcon={loading ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : undefined}
                sx={{ mt: 2 }}
              >
                {translate('ra.auth.sign_in')}
              </Button>
            </Box>

            {vars?.GOOGLE_LOGIN_ENABLED || vars?.FACEBOOK_LOGIN_ENABLED ? (
              <Suspense fallback={null}>
                <SocialLogin
                  google={vars.GOOGLE_LOGIN_ENABLED ? vars.GOOGLE_CLIENT_ID : null}
                  facebook={vars.FACEBOOK_LOGIN_ENABLED ? vars.FACEBOOK_APP_ID : null}
                  disabled={loading}
                  onToken={(p, t, e) => void onSocialToken(p, t, e)}
                />
              </Suspense>
            ) : null}

            <Stack direction="row" justifyContent="space-between" flexWrap="wrap" spacing={1} sx={{ mt: 3 }}>
              <Link component={LinkBase} to="/utente/recupera_password">
                Password dimenticata?
              </Link>
              <Link component={LinkBase} to="/utente/contact_form">
                Iscriviti
              </Link>
            </Stack>
          </CardContent>
        </Card>
        <AlreadyLoggedDialog open={!authPending && !!authenticated && !loggedIn} />
      </Box>
    </PublicLayout>
  );
};

export default LoginPage;
