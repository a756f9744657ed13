/**
 * `/utente/registrati` (seed B §2, §5; issue 15 item 3): an account (C62), only when client_var
 * says REGISTRATION_ENABLED (otherwise the not-found page). `?email=` prefills the e-mail (the
 * social login sends an unknown user here). Name, e-mail, password (min 8) twice, the terms and
 * the privacy notice both accepted. A failure shows 'Errore Durante la Registrazione: …' (seed B §8).
 */

import { useSearchParams } from 'react-router-dom';
import { Checkbox, FormControl, FormControlLabel, FormHelperText, LinearProgress } from '@mui/material';

import { accept, compose, email, maxLength, minLength, required } from '../../../model/validators';
import { useAppDataProvider } from '../../dataProvider';
import { useDocumentTitle } from '../../layout/PageTitle';
import { useClientVar } from '../../layout/settings';
import { ROUTES } from '../../routeTable';
import { ErrorContent, NotFoundPage } from '../ErrorPage';
import { LoginButton, PublicCard, PublicLayout, SuccessBox } from './PublicLayout';
import {
  confirms,
  EmailField,
  errorText,
  FormField,
  FormFooter,
  GENERIC_FAILURE,
  PasswordField,
  PublicForm,
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

  const submit = usePublicSubmit(
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

  if (submit.result) {
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
        <FormControlLabel control={<Checkbox {...form.checkbox(k)} disabled={submit.sending} />} label={label} />
        {msg ? (
          <FormHelperText id={`${form.idOf(k)}-error`} sx={{ mt: -0.5 }}>
            {msg}
          </FormHelperText>
        ) : null}
      </FormControl>
    );
  };

  return (
    <PublicForm submit={submit} label="Registrazione">
      <FormField {...form.text('name')} label="Nome e cognome" autoComplete="name" required />
      <EmailField {...form.text('email')} />
      <PasswordField {...form.text('password', 'Almeno 8 caratteri')} label="Password" required />
      <PasswordField {...form.text('password_confirmation')} label="Conferma password" required />
      {checkbox('terms', 'Accetta i termini e condizioni')}
      {checkbox('privacy', "Accetta l'informativa sulla privacy")}
      <SubmitButton mt={2}>Registrati</SubmitButton>
      <FormFooter text="Hai già un account?" to={ROUTES.login} link="Accedi" />
    </PublicForm>
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
