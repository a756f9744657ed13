/**
 * `/utente/resetta_password?token=` (seed B §2, §5; issue 15 item 6): the e-mail and the new
 * password (min 8, 'Digita almeno 8 caratteri') twice, sent with the link's token (C64). Success:
 * a box with 'Accedi'; a refusal (token invalid, expired or used, e-mail not matching): the
 * server's message. Without a token: an error box, no form.
 */

import { useSearchParams } from 'react-router-dom';
import { Box, Button, Link, TextField, Typography } from '@mui/material';
import { LinkBase } from 'react-admin';

import { compose, email, minLength, required } from '../../../model/validators';
import { useAppDataProvider } from '../../dataProvider';
import { useDocumentTitle } from '../../layout/PageTitle';
import { ROUTES } from '../../routeTable';
import { ErrorBox, LoginButton, PublicCard, PublicLayout, SuccessBox } from './PublicLayout';
import {
  confirms,
  errorText,
  GENERIC_FAILURE,
  PasswordField,
  SubmitButton,
  usePublicForm,
  usePublicSubmit,
} from './publicForm';

export const RESET_NO_TOKEN =
  "Il link per reimpostare la password non è completo: manca il codice. Apri di nuovo il link dell'e-mail o chiedine uno nuovo.";

function ResetForm({ token }: { token: string }) {
  const dp = useAppDataProvider();
  const form = usePublicForm(
    { email: '', password: '', password_confirmation: '' },
    {
      email: compose(required(), email()),
      password: compose(required(), minLength(8)),
      password_confirmation: confirms('password'),
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
      const res = await dp.doPasswordReset({
        email: v.email.trim(),
        password: v.password,
        password_confirmation: v.password_confirmation,
        token,
      });
      return res?.message || 'La password è stata aggiornata.';
    },
    { failureText: (err) => errorText(err, GENERIC_FAILURE) },
  );

  if (done)
    return (
      <SuccessBox title="Password aggiornata" action={<LoginButton />}>
        {done}
      </SuccessBox>
    );
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Reimpostazione della password">
      {failure ? (
        <ErrorBox
          action={
            <Link component={LinkBase} to={ROUTES.recoverPassword}>
              Chiedi un nuovo link
            </Link>
          }
        >
          {failure}
        </ErrorBox>
      ) : null}
      <TextField
        {...form.text('email')}
        label="Email"
        type="email"
        autoComplete="username"
        required
        fullWidth
        margin="dense"
        variant="outlined"
        disabled={sending}
      />
      <PasswordField
        {...form.text('password', 'Almeno 8 caratteri')}
        label="Nuova password"
        required
        fullWidth
        margin="dense"
        variant="outlined"
        disabled={sending}
      />
      <PasswordField
        {...form.text('password_confirmation')}
        label="Conferma la nuova password"
        required
        fullWidth
        margin="dense"
        variant="outlined"
        disabled={sending}
      />
      <SubmitButton sending={sending} mt={2}>
        Salva la nuova password
      </SubmitButton>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        <Link component={LinkBase} to={ROUTES.login}>
          Torna al login
        </Link>
      </Typography>
    </Box>
  );
}

export function ResetPassword() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  useDocumentTitle('Reimposta password');
  return (
    <PublicLayout>
      <PublicCard
        title="Reimposta password"
        intro={token ? 'Scrivi la tua e-mail e scegli la nuova password.' : undefined}
      >
        {token ? (
          <ResetForm token={token} />
        ) : (
          <ErrorBox
            title="Link non valido"
            action={
              <Button component={LinkBase} to={ROUTES.recoverPassword} variant="outlined">
                Chiedi un nuovo link
              </Button>
            }
          >
            {RESET_NO_TOKEN}
          </ErrorBox>
        )}
      </PublicCard>
    </PublicLayout>
  );
}

export default ResetPassword;
