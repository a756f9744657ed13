/**
 * The tab 'Identificazione' of the customer's AML file (issue 48 items 1 and 8): the identification
 * in force (art. 18–22 D.Lgs. 231/2007) as read, with who saved it and when — the customer or the
 * esecutore, the identity documents (an expired one marked 'Scaduto', one expiring within 30 days
 * 'In scadenza') with their scans, how and when identified, the beneficial owners, PEP, the
 * sanctions' lists, scopo, natura and origine dei fondi, the services — and its earlier versions,
 * each viewable (never changed: a change is a new version, Regola Tecnica n. 3).
 * 'Registra/Aggiorna identificazione' opens the form (AmlIdentificationForm.tsx).
 */
import { useId, useState, type ReactNode } from 'react';
import {
  Box,
  Button,
  Chip,
  Collapse,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { addDays, displayDate, displayDateTime, today } from '../../../model/dates';
import { ID_DOCUMENT_TYPES, IDENTIFICATION_METHODS, OWNER_CRITERIA, OWNER_SOURCES } from '../../../model/amlOptions';
import type { AmlFile, AmlIdentification, AmlIdentificationInput, CustomerAml } from '../../../model/api/aml';
import { Facts, optionText, serviceText, TableOrCards, useAmlFileDownload, useSmallScreen } from './AmlParts';
import { AmlIdentificationDialog } from './AmlIdentificationForm';

/** Days before its expiry when a document is 'In scadenza'. */
export const EXPIRY_SOON_DAYS = 30;

type Person = NonNullable<AmlIdentificationInput['customer_person']>;
type HeadingLevel = 3 | 4;

/** 'Scaduto' (red) or 'In scadenza' (orange) for a document's expiry, or nothing while valid. */
export function ExpiryChip({ expiresOn, day = today() }: { expiresOn: string; day?: string }) {
  if (expiresOn < day) return <Chip size="small" color="error" label="Scaduto" />;
  if (expiresOn <= addDays(day, EXPIRY_SOON_DAYS)) return <Chip size="small" color="warning" label="In scadenza" />;
  return null;
}

const SUBJECTS: Record<AmlIdentificationInput['subject'], string> = {
  persona_fisica: 'Persona fisica',
  persona_giuridica: 'Ente (società, associazione o altro)',
};
const HOLDERS = { cliente: 'Cliente', esecutore: 'Esecutore' } as const;
const SANCTIONS = { negativo: 'Negativo', positivo: 'Positivo' } as const;

// ---------------------------------------------------------------------------------------------
// the tab

export function AmlIdentificationPanel({ customerId, file }: { customerId: string | number; file: CustomerAml }) {
  const [open, setOpen] = useState(false);
  const current = file.identification;
  const earlier = file.identifications.filter((x) => x.id !== current?.id);
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ flexGrow: 1, fontWeight: 500 }}>
          Identificazione del cliente
        </Typography>
        <Button
          type="button"
          size="small"
          startIcon={current ? <EditIcon /> : <AddIcon />}
          onClick={() => setOpen(true)}
        >
          {current ? 'Aggiorna identificazione' : 'Registra identificazione'}
        </Button>
      </Stack>
      {current ? (
        <IdentificationView customerId={customerId} identification={current} files={file.files} level={4} />
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Identificazione non ancora registrata
        </Typography>
      )}
      {earlier.length > 0 && <Versions customerId={customerId} versions={earlier} files={file.files} />}
      {open && <AmlIdentificationDialog customerId={customerId} file={file} onClose={() => setOpen(false)} />}
    </>
  );
}

/** 'Versioni precedenti': the earlier versions, newest first, each viewable in a dialog. */
function Versions({
  customerId,
  versions,
  files,
}: {
  customerId: string | number;
  versions: AmlIdentification[];
  files: AmlFile[];
}) {
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState<AmlIdentification | null>(null);
  const listId = useId();
  const fullScreen = useSmallScreen();
  const titleId = useId();
  return (
    <Box sx={{ mt: 2 }}>
      <Button
        type="button"
        size="small"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
        endIcon={open ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
      >
        Versioni precedenti ({versions.length})
      </Button>
      <Collapse in={open} unmountOnExit>
        <List id={listId} dense aria-label="Versioni precedenti dell'identificazione" sx={{ py: 0 }}>
          {versions.map((v) => {
            const when = displayDateTime(v.created_at);
            return (
              <ListItem
                key={v.id}
                divider
                secondaryAction={
                  <Button
                    type="button"
                    size="small"
                    onClick={() => setShown(v)}
                    aria-label={`Vedi la versione del ${when}`}
                  >
                    Vedi
                  </Button>
                }
              >
                <ListItemText
                  primary={`Versione del ${when}`}
                  secondary={`Di ${v.created_by_name} · identificazione del ${displayDate(v.identified_on)}`}
                />
              </ListItem>
            );
          })}
        </List>
      </Collapse>
      {shown && (
        <Dialog
          open
          onClose={() => setShown(null)}
          aria-labelledby={titleId}
          fullWidth
          maxWidth="md"
          fullScreen={fullScreen}
          scroll="paper"
        >
          <DialogTitle id={titleId}>Identificazione: versione del {displayDateTime(shown.created_at)}</DialogTitle>
          <DialogContent dividers>
            <IdentificationView customerId={customerId} identification={shown} files={files} level={3} />
          </DialogContent>
          <DialogActions>
            <Button type="button" onClick={() => setShown(null)}>
              Chiudi
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Box>
  );
}

// ---------------------------------------------------------------------------------------------
// one identification, read

const dash = (v: string | null | undefined) => (v?.trim() ? v : '—');

function personRows(p: Person): Array<readonly [string, ReactNode]> {
  const born = [p.birth_date ? displayDate(p.birth_date) : '', p.birth_place ?? ''].filter(Boolean).join(', a ');
  return [
    ['Nome e cognome', p.name],
    ['Codice fiscale', dash(p.tax_code)],
    ['Nascita', dash(born)],
    ['Indirizzo', dash(p.address)],
    ['Cittadinanza', dash(p.citizenship)],
  ];
}

/** A block of the identification: its heading and what it says. */
function Block({
  title,
  level,
  wide,
  children,
}: {
  title: string;
  level: HeadingLevel;
  wide?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} sx={{ gridColumn: wide ? '1 / -1' : undefined, minWidth: 0 }}>
      <Typography variant="subtitle2" component={`h${level}`} id={id} sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** The identification as saved: every block, then who saved it and when. */
export function IdentificationView({
  customerId,
  identification,
  files,
  level,
}: {
  customerId: string | number;
  identification: AmlIdentification;
  files: AmlFile[];
  level: HeadingLevel;
}) {
  const d = identification.data;
  const { download, busy } = useAmlFileDownload(customerId);
  const day = today();
  const fileName = (id: number) => files.find((f) => f.id === id)?.original_filename ?? `file n. ${id}`;
  return (
    <Box>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          columnGap: 4,
          rowGap: 2.5,
          mb: 2,
        }}
      >
        <Block title="Cliente" level={level}>
          <Facts
            rows={[
              ['Soggetto', SUBJECTS[d.subject]],
              ...(d.subject === 'persona_fisica' && d.customer_person ? personRows(d.customer_person) : []),
            ]}
          />
        </Block>
        <Block title="Esecutore" level={level}>
          {d.executor ? (
            <Facts rows={[['In qualità di', d.executor.role], ...personRows(d.executor)]} />
          ) : (
            <Typography variant="body2" color="text.secondary">
              Nessun esecutore: il cliente agisce in proprio
            </Typography>
          )}
        </Block>

        <Block title="Documenti di identità" level={level} wide>
          {d.documents.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              Nessun documento
            </Typography>
          ) : (
            <TableOrCards
              label="Documenti di identità"
              rows={d.documents}
              columns={[
                { head: 'Di chi', cell: (doc) => HOLDERS[doc.holder] },
                { head: 'Tipo', cell: (doc) => optionText(ID_DOCUMENT_TYPES, doc.type), minWidth: 120 },
                { head: 'Numero', cell: (doc) => doc.number, nowrap: true },
                { head: 'Rilasciato da', cell: (doc) => doc.issuer, minWidth: 120 },
                {
                  head: 'Rilasciato il',
                  cell: (doc) => (doc.issued_on ? displayDate(doc.issued_on) : '—'),
                  nowrap: true,
                },
                {
                  head: 'Scadenza',
                  nowrap: true,
                  cell: (doc) => (
                    <Stack component="span" direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <span>{displayDate(doc.expires_on)}</span>
                      <ExpiryChip expiresOn={doc.expires_on} day={day} />
                    </Stack>
                  ),
                },
                {
                  head: 'Scansione',
                  cell: (doc) =>
                    doc.file_id != null ? (
                      <Button
                        type="button"
                        size="small"
                        startIcon={<DownloadIcon />}
                        disabled={busy === doc.file_id}
                        onClick={() => void download(doc.file_id!)}
                        aria-label={`Scarica la scansione del documento n. ${doc.number} (${fileName(doc.file_id)})`}
                        sx={{ whiteSpace: 'nowrap', minWidth: 0, p: { xs: 0, sm: undefined } }}
                      >
                        Scarica
                      </Button>
                    ) : (
                      '—'
                    ),
                },
              ]}
            />
          )}
        </Block>

        <Block title="Identificazione" level={level}>
          <Facts
            rows={[
              ['Identificato il', displayDate(d.identified_on)],
              ['Modalità', optionText(IDENTIFICATION_METHODS, d.method)],
            ]}
          />
        </Block>
        <Block title="PEP e liste" level={level}>
          <Facts
            rows={[
              ['Persona politicamente esposta', d.pep ? 'Sì' : 'No'],
              ...(d.pep ? [['Chi e quale carica', dash(d.pep_details)] as const] : []),
              [
                'Controllo liste',
                <Stack
                  key="s"
                  component="span"
                  direction="row"
                  spacing={1}
                  sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                >
                  <span>{displayDate(d.sanctions_checked_on)}, esito</span>
                  <Chip
                    component="span"
                    size="small"
                    variant="outlined"
                    color={d.sanctions_outcome === 'positivo' ? 'error' : 'success'}
                    label={SANCTIONS[d.sanctions_outcome]}
                  />
                </Stack>,
              ],
              ['Liste consultate', dash(d.sanctions_lists)],
            ]}
          />
        </Block>

        <Block title="Titolari effettivi" level={level} wide>
          {d.owners.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {d.subject === 'persona_fisica'
                ? 'Nessun titolare effettivo indicato: il cliente stesso'
                : 'Nessun titolare effettivo indicato'}
            </Typography>
          ) : (
            <TableOrCards
              label="Titolari effettivi"
              rows={d.owners}
              columns={[
                { head: 'Nome e cognome', cell: (o) => o.name, minWidth: 140 },
                { head: 'Codice fiscale', cell: (o) => dash(o.tax_code), nowrap: true },
                {
                  head: 'Quota',
                  cell: (o) => (o.share != null ? `${o.share.toLocaleString('it-IT')} %` : '—'),
                  nowrap: true,
                  align: 'right',
                },
                { head: 'Criterio', cell: (o) => optionText(OWNER_CRITERIA, o.criterion), minWidth: 200 },
                { head: 'Fonte', cell: (o) => optionText(OWNER_SOURCES, o.source), minWidth: 140 },
                {
                  head: 'PEP',
                  cell: (o) =>
                    o.pep ? <Chip component="span" size="small" color="error" variant="outlined" label="PEP" /> : 'No',
                },
              ]}
            />
          )}
        </Block>

        <Block title="Scopo e natura del rapporto" level={level} wide>
          <Facts
            rows={[
              ['Scopo', d.purpose],
              ['Natura', d.nature],
              ['Origine dei fondi', dash(d.funds_origin)],
            ]}
          />
        </Block>
        <Block title="Prestazioni" level={level} wide>
          {d.services.length ? (
            <Box component="ul" aria-label="Prestazioni dell'identificazione" sx={{ m: 0, pl: 2.5 }}>
              {d.services.map((c) => (
                <Typography component="li" variant="body2" key={c}>
                  {serviceText(c)}
                </Typography>
              ))}
            </Box>
          ) : (
            <Typography variant="body2">—</Typography>
          )}
        </Block>
      </Box>
      <Typography variant="body2" color="text.secondary">
        Registrata da {identification.created_by_name} il {displayDateTime(identification.created_at)}
      </Typography>
    </Box>
  );
}
