/**
 * `/utente/registrati` (seed B §2, §5; issue 15 item 3): an account (C62), only when client_var
 * says REGISTRATION_ENABLED (otherwise the not-found page). `?email=` prefills the e-mail (the
 * social login sends an unknown user here). Name, e-mail, password (min 8) twice, the terms and
 * the privacy notice both accepted. A failure shows 'Errore Durante la Registrazione: …' (seed B §8).
 */

import { useSearchParams } from 'react-router-dom';
import {
  Box,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormHelperText,
  LinearProgress,
  Link,
  TextField,
  Typography,
} from '@mui/material';
import { LinkBase } from 'react-admin';

import { accept, compose, email, maxLength, minLength, required } from '../../../model/validators';
import { useAppDataProvider } from '../../dataProvider';
import { useDocumentTitle } from '../../layout/PageTitle';
import { useClientVar } from '../../layout/settings';
import { ROUTES } from '../../routeTable';
import { ErrorContent, NotFoundPage } from '../ErrorPage';
import { ErrorBox, LoginButton, PublicCard, PublicLayout, SuccessBox } from './PublicLayout';
import {
  confirms,
  errorText,
  GENERIC_FAILURE,
  PasswordField,
  REGISTRATION_DONE,
  SubmitButton,
  usePublicForm,
  usePublicSubmit,
} from './publicForm';

export const REGISTRATION_FAILED = 'Errore Durante la Registrazione';

function RegisterForm() {
  const dp = useAppDataProvider();
  const [params] = useSearchParams();
  const form = usePublicForm(
    {
      name: '',
      email: params.get('email') ?? '',
      password: '',
      password_confirmation: '',
      terms: false,
      privacy: false,
    },
    {
      name: compose(required(), maxLength(255)),
      email: compose(required(), email()),
      password: compose(required(), minLength(8)),
      password_confirmation: confirms('password'),
      terms: accept(),
      privacy: accept(),
    },
  );

  const {
    sending,
    failure,
    result: done,
    onSubmit,
  } = usePublicSubmit(
    form,
    async (v) => {
      await dp.registerUser({
        email: v.email.trim(),
        password: v.password,
        password_confirmation: v.password_confirmation,
        name: v.name.trim(),
        terms: true,
        privacy: true,
      });
      return true;
    },
    { failureText: (err) => `${REGISTRATION_FAILED}: ${errorText(err, GENERIC_FAILURE)}` },
  );

  if (done) {
    return (
      <SuccessBox title="Registrazione completata" action={<LoginButton />}>
        {REGISTRATION_DONE}. Dopo l&apos;attivazione accedi con la tua e-mail e la password scelta.
      </SuccessBox>
    );
  }

  const checkbox = (k: 'terms' | 'privacy', label: string) => {
    const msg = form.error(k);
    return (
      <FormControl error={!!msg} required sx={{ display: 'flex' }}>
        <FormControlLabel control={<Checkbox {...form.checkbox(k)} disabled={sending} />} label={label} />
        {msg ? (
          <FormHelperText id={`${form.idOf(k)}-error`} sx={{ mt: -0.5 }}>
            {msg}
          </FormHelperText>
        ) : null}
      </FormControl>
    );
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Registrazione">
      {failure ? <ErrorBox>{failure}</ErrorBox> : null}
      <TextField
        {...form.text('name')}
        label="Nome e cognome"
        autoComplete="name"
        required
        fullWidth
        margin="dense"
        variant="outlined"
        disabled={sending}
      />
      <TextField
        {...form.text('email')}
        label="Email"
        type="email"
        autoComplete="email"
        required
        fullWidth
        margin="dense"
        variant="outlined"
        disabled={sending}
      />
      <PasswordField
        {...form.text('password', 'Almeno 8 caratteri')}
        label="Password"
        required
        fullWidth
        margin="dense"
        variant="outlined"
        disabled={sending}
      />
      <PasswordField
        {...form.text('password_confirmation')}
        label="Conferma password"
        required
        fullWidth
        margin="dense"
        variant="outlined"
        disabled={sending}
      />
      {checkbox('terms', 'Accetta i termini e condizioni')}
      {checkbox('privacy', "Accetta l'informativa sulla privacy")}
      <SubmitButton sending={sending} mt={2}>
        Registrati
      </SubmitButton>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        Hai già un account?{' '}
        <Link component={LinkBase} to={ROUTES.login}>
          Accedi
        </Link>
      </Typography>
    </Box>
  );
}

function RegisterScreen() {
  useDocumentTitle('Registrati');
  return (
    <PublicLayout>
      <PublicCard title="Registrati" intro="Crea il tuo account: ti invieremo una mail per attivarlo.">
        <RegisterForm />
      </PublicCard>
    </PublicLayout>
  );
}

export function Register() {
  const settings = useClientVar();
  if (settings.isPending)
    return (
      <PublicLayout>
        <LinearProgress aria-label="Caricamento" />
      </PublicLayout>
    );
  if (settings.isError) {
    return (
      <PublicLayout>
        <ErrorContent message="Errore di caricamento: impossibile sapere se la registrazione è aperta. Riprova tra qualche minuto." />
      </PublicLayout>
    );
  }
  if (settings.data?.REGISTRATION_ENABLED !== true)
    return (
      <PublicLayout>
        <NotFoundPage />
      </PublicLayout>
    );
  return <RegisterScreen />;
}

export default Register;
