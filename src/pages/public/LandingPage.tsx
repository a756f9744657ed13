/**
 * `/landing_page` (seed B §1, §2; issue 15 item 1): what the product does, its features, how to
 * start, and the studio registration form (C59; seed B §5: name required max 30, e-mail required
 * and valid, mobile max 30, password 8–30). A 400 shows the server's message (seed B §8); success
 * replaces the form with 'Registrazione avvenuta con successo…'. No images from the network: the
 * icons are MUI's.
 */
import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { Box, Button, Card, CardContent, Container, Link, Stack, Typography } from '@mui/material';
import { LinkBase } from 'react-admin';
import PeopleIcon from '@mui/icons-material/People';
import DesignServicesIcon from '@mui/icons-material/DesignServices';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import QueryStatsIcon from '@mui/icons-material/QueryStats';
import GavelIcon from '@mui/icons-material/Gavel';
import GroupsIcon from '@mui/icons-material/Groups';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';

import { compose, email, maxLength, minLength, required } from '../../../model/validators';
import { useAppDataProvider } from '../../dataProvider';
import { useDocumentTitle } from '../../layout/PageTitle';
import { useAppName } from '../../layout/settings';
import { ROUTES } from '../../routeTable';
import { PublicLayout, SuccessBox } from './PublicLayout';
import {
  EmailField,
  errorText,
  FormField,
  FormFooter,
  PasswordField,
  PublicForm,
  REGISTRATION_DONE,
  SAVE_FAILED,
  SubmitButton,
  usePublicForm,
  usePublicSubmit,
} from './publicForm';

export const CONTACT_LINK_TEXT = 'Preferisci essere contattato? Iscriviti alla prova gratuita';

const FEATURES: Array<{ icon: ReactNode; title: string; text: string }> = [
  {
    icon: <PeopleIcon />,
    title: 'Gestione clienti',
    text: 'Anagrafiche complete, compensi, estratti conto e rate annuali di ogni cliente dello studio, con ricerca e filtri.',
  },
  {
    icon: <DesignServicesIcon />,
    title: 'Servizi e incarichi',
    text: 'Il listino dei servizi dello studio e gli incarichi professionali che generano i compensi da addebitare.',
  },
  {
    icon: <FactCheckIcon />,
    title: 'Adempimenti',
    text: "Il cruscotto degli adempimenti per cliente e anno: cosa è fatto e cosa manca, a colpo d'occhio.",
  },
  {
    icon: <ReceiptLongIcon />,
    title: 'Fatture elettroniche',
    text: "Fatture e note di credito in formato FatturaPA, con il controllo dell'XML e l'archivio da scaricare.",
  },
  {
    icon: <RequestQuoteIcon />,
    title: 'Bollettini di pagamento',
    text: 'Gli avvisi di pagamento dei clienti generati in PDF e inviati per e-mail in pochi clic.',
  },
  {
    icon: <QueryStatsIcon />,
    title: 'Report delle transazioni',
    text: 'Addebiti, incassi e saldi per periodo, esportabili in CSV e PDF.',
  },
  {
    icon: <GavelIcon />,
    title: 'Contratti e antiriciclaggio',
    text: "Lettere d'incarico, contratti e documenti antiriciclaggio compilati con i dati del cliente, anche dai tuoi modelli Word.",
  },
  {
    icon: <GroupsIcon />,
    title: 'Collaboratori e permessi',
    text: 'Ogni collaboratore con il proprio accesso e solo le funzioni del suo ruolo.',
  },
];

const STEPS: Array<{ title: string; text: string }> = [
  { title: 'Registra lo studio', text: 'Nome, e-mail e una password: bastano un paio di minuti.' },
  {
    title: "Attiva l'account",
    text: 'Apri il link che ti inviamo per e-mail: la prova gratuita di 30 giorni parte da lì.',
  },
  { title: 'Inizia a lavorare', text: 'Completa i dati dello studio, inserisci i clienti e invita i collaboratori.' },
];

const validators = {
  name: compose(required(), maxLength(30)),
  email: compose(required(), email()),
  mobile_number: maxLength(30),
  password: compose(required(), minLength(8), maxLength(30)),
};

/** The heading of one of the page's sections (`id`: what the section's aria-labelledby names). */
const SectionTitle = ({ id, mb = 1, children }: { id: string; mb?: number; children: ReactNode }) => (
  <Typography
    id={id}
    component="h2"
    variant="h4"
    sx={{ fontWeight: 700, mb, fontSize: { xs: '1.6rem', md: '2.125rem' } }}
  >
    {children}
  </Typography>
);

/** The studio registration form (C59). */
function StudioRegistration() {
  const dp = useAppDataProvider();
  const form = usePublicForm(
    { name: '', email: '', mobile_number: '', password: '' },
    {
      name: validators.name,
      email: validators.email,
      mobile_number: validators.mobile_number,
      password: validators.password,
    },
  );

  const submit = usePublicSubmit(
    form,
    async (v) => {
      await dp.registerStudio({
        name: v.name.trim(),
        email: v.email.trim(),
        mobile_number: v.mobile_number.trim(),
        password: v.password,
      });
      return true;
    },
    { failureText: (err) => errorText(err, SAVE_FAILED) },
  );

  if (submit.result) {
    return (
      <SuccessBox title="Grazie!">
        {REGISTRATION_DONE}. Apri il link dell&apos;e-mail per attivare l&apos;account, poi accedi con la tua e-mail e
        la password scelta.
      </SuccessBox>
    );
  }
  return (
    <PublicForm submit={submit} labelledBy="registrazione-titolo">
      <FormField {...form.text('name')} label="Nome dello studio" autoComplete="organization" required />
      <EmailField {...form.text('email')} />
      <FormField {...form.text('mobile_number')} label="Cellulare" type="tel" autoComplete="tel" />
      <PasswordField {...form.text('password', 'Da 8 a 30 caratteri')} label="Password" required />
      <SubmitButton>Registra lo studio</SubmitButton>
      <FormFooter
        text="Ti invieremo una mail per attivare l'account. Hai già un account?"
        to={ROUTES.login}
        link="Accedi"
        mt={1.5}
      />
    </PublicForm>
  );
}

export function LandingPage() {
  const appName = useAppName();
  useDocumentTitle('Il gestionale per il tuo studio');
  // a link to /landing_page#registrazione from another page: the router does not scroll by itself
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
  return (
    <PublicLayout
      nav={
        <>
          <Button href="#funzionalita" sx={{ display: { xs: 'none', md: 'inline-flex' } }}>
            Funzionalità
          </Button>
          <Button component={LinkBase} to={ROUTES.contactForm} sx={{ display: { xs: 'none', md: 'inline-flex' } }}>
            Prova gratuita
          </Button>
        </>
      }
    >
      {/* hero: what it is, and the registration beside it */}
      <Box
        component="section"
        aria-labelledby="hero-titolo"
        sx={(t) => ({
          py: { xs: 4, md: 8 },
          background:
            t.palette.mode === 'light'
              ? 'linear-gradient(180deg, #e8f0fb 0%, #f5f6f8 100%)'
              : `linear-gradient(180deg, ${t.palette.background.paper} 0%, ${t.palette.background.default} 100%)`,
        })}
      >
        <Container maxWidth="lg">
          <Box
            sx={{
              display: 'grid',
              gap: { xs: 4, md: 6 },
              gridTemplateColumns: { xs: '1fr', md: '7fr 5fr' },
              alignItems: 'center',
            }}
          >
            <Box>
              <Typography
                variant="overline"
                component="p"
                sx={{ color: 'primary.dark', fontWeight: 700, letterSpacing: 1 }}
              >
                Per studi commercialisti e di consulenza
              </Typography>
              <Typography
                id="hero-titolo"
                component="h1"
                variant="h3"
                sx={{ fontWeight: 700, fontSize: { xs: '2rem', sm: '2.5rem', md: '3rem' }, lineHeight: 1.15, mb: 2 }}
              >
                Il gestionale online che tiene in ordine il tuo studio
              </Typography>
              <Typography
                variant="h6"
                component="p"
                color="text.secondary"
                sx={{ fontWeight: 400, mb: 3, fontSize: { xs: '1.05rem', sm: '1.25rem' } }}
              >
                Con {appName} clienti, servizi, adempimenti, fatture elettroniche, bollettini e documenti dello studio
                sono in un unico posto, sempre aggiornati e condivisi con i tuoi collaboratori.
              </Typography>
              <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0, mb: 3 }}>
                {[
                  '30 giorni di prova gratuita',
                  'Nessuna installazione: basta il browser',
                  'Dati separati per ogni studio, accessi con ruoli e permessi',
                ].map((t) => (
                  <Stack component="li" key={t} direction="row" spacing={1} alignItems="center">
                    <CheckCircleIcon color="success" fontSize="small" aria-hidden="true" />
                    <Typography>{t}</Typography>
                  </Stack>
                ))}
              </Stack>
              <Button component={LinkBase} to={ROUTES.contactForm} variant="outlined" size="large">
                Richiedi la prova gratuita
              </Button>
            </Box>
            <Card
              id="registrazione"
              elevation={3}
              component="section"
              aria-labelledby="registrazione-titolo"
              sx={{ scrollMarginTop: 16 }}
            >
              <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
                <Typography id="registrazione-titolo" component="h2" variant="h5" sx={{ fontWeight: 600 }}>
                  Registra il tuo studio
                </Typography>
                <Typography color="text.secondary" sx={{ mb: 1 }}>
                  Crea l&apos;account e prova tutte le funzioni per 30 giorni.
                </Typography>
                <StudioRegistration />
                <Box sx={{ mt: 2, pt: 2, borderTop: 1, borderColor: 'divider' }}>
                  <Link component={LinkBase} to={ROUTES.contactForm} sx={{ fontWeight: 500 }}>
                    {CONTACT_LINK_TEXT}
                  </Link>
                </Box>
              </CardContent>
            </Card>
          </Box>
        </Container>
      </Box>

      {/* features */}
      <Box
        component="section"
        id="funzionalita"
        aria-labelledby="funzionalita-titolo"
        sx={{ py: { xs: 5, md: 8 }, scrollMarginTop: 16 }}
      >
        <Container maxWidth="lg">
          <SectionTitle id="funzionalita-titolo">Tutto il lavoro dello studio, in un solo gestionale</SectionTitle>
          <Typography color="text.secondary" sx={{ mb: 4, maxWidth: 720 }}>
            Dalle anagrafiche dei clienti ai documenti da firmare: le attività di ogni giorno, senza fogli di calcolo
            sparsi.
          </Typography>
          <Box
            component="ul"
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
            }}
          >
            {FEATURES.map((f) => (
              <Card component="li" key={f.title} variant="outlined" sx={{ height: '100%' }}>
                <CardContent>
                  <Box
                    aria-hidden="true"
                    sx={{
                      display: 'inline-flex',
                      p: 1,
                      mb: 1.5,
                      borderRadius: 2,
                      bgcolor: 'primary.main',
                      color: 'primary.contrastText',
                    }}
                  >
                    {f.icon}
                  </Box>
                  <Typography component="h3" variant="h6" sx={{ fontSize: '1.1rem', fontWeight: 600, mb: 0.5 }}>
                    {f.title}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {f.text}
                  </Typography>
                </CardContent>
              </Card>
            ))}
          </Box>
        </Container>
      </Box>

      {/* how to start */}
      <Box
        component="section"
        aria-labelledby="passi-titolo"
        sx={{
          py: { xs: 5, md: 8 },
          bgcolor: 'background.paper',
          borderTop: 1,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Container maxWidth="lg">
          <SectionTitle id="passi-titolo" mb={4}>
            Come si inizia
          </SectionTitle>
          <Box
            component="ol"
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              display: 'grid',
              gap: 3,
              gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
            }}
          >
            {STEPS.map((s, i) => (
              <Stack component="li" key={s.title} direction="row" spacing={2}>
                <Box
                  aria-hidden="true"
                  sx={{
                    flexShrink: 0,
                    width: 40,
                    height: 40,
                    borderRadius: '50%',
                    bgcolor: 'primary.main',
                    color: 'primary.contrastText',
                    display: 'flex',
                    alignItems: 'center',
                    justifyContent: 'center',
                    fontWeight: 700,
                  }}
                >
                  {i + 1}
                </Box>
                <Box>
                  <Typography component="h3" variant="h6" sx={{ fontSize: '1.1rem', fontWeight: 600 }}>
                    {s.title}
                  </Typography>
                  <Typography color="text.secondary">{s.text}</Typography>
                </Box>
              </Stack>
            ))}
          </Box>
        </Container>
      </Box>

      {/* the free trial by contact */}
      <Box component="section" aria-labelledby="contatto-titolo" sx={{ py: { xs: 5, md: 8 } }}>
        <Container maxWidth="md" sx={{ textAlign: 'center' }}>
          <SectionTitle id="contatto-titolo">Preferisci parlarne con noi?</SectionTitle>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Lasciaci i tuoi recapiti: ti contattiamo per attivare la prova gratuita e rispondere alle tue domande.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} justifyContent="center">
            <Button component={LinkBase} to={ROUTES.contactForm} variant="contained" size="large">
              Iscriviti alla prova gratuita
            </Button>
            <Button href="#registrazione" variant="outlined" size="large">
              Registra lo studio
            </Button>
          </Stack>
        </Container>
      </Box>
    </PublicLayout>
  );
}

export default LandingPage;
