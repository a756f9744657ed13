/**
 * The e-invoice editor `/scheda_EDocument[/{id}]` (seed B §3, §5, §8; issue 13): the studio's data
 * first (regime, withholding, cassa: the totals follow them), customer, type (C58), date (today),
 * the number the server suggests for the date's year (C54) until the user types another, rows
 * picked from the studio services (C50: description and price from the service's cost), at
 * least one row always, the totals live. Save sends the seed's payload (C52, C53); a new
 * document's route becomes its id; an existing one is checked (C55) when opened and after each
 * save, its problems shown as a warning. XML and PDF downloads, and the credit note of an invoice.
 * SdI (issue 28): 'Invia a SdI' and the invoice's 'Storico SdI'; once sent (status not in
 * SDI_EDITABLE, read from GET /api/sdi/edocument/{id}: the document's read has no status) every
 * field and the save are disabled with a banner, the downloads and the credit note still there; a
 * rejected one stays editable, with what to do next.
 */
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, useGetOne, useNotify, SelectInput, TextInput, type Validator } from 'react-admin';
import { useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { saveAs } from 'file-saver';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Divider,
  IconButton,
  InputAdornment,
  LinearProgress,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import AddIcon from '@mui/icons-material/Add';
import { modelByName } from '../../../model/registry';
import { today } from '../../../model/fields';
import { formatEuro } from '../../../model/types';
import {
  EDOCUMENT_MESSAGES as M,
  NATURES,
  VAT_RATES,
  eDocumentTotals,
  isWithholdingAgent,
  rowErrors,
  type EDocumentRowInput,
} from '../../../model/eDocument';
import { FieldInput } from '../../form/FieldInput';
import { MoneyInput } from '../../form/MoneyInput';
import { CloseHeader } from '../../layout/CloseHeader';
import { ScreenTitle } from '../../layout/PageTitle';
import { AcknowledgeDialog } from '../../layout/ErrorDialog';
import { TITLES } from '../../bulk/texts';
import { useAppDataProvider, type EDocumentData, type EDocumentRow, type EDocumentStudio } from '../../dataProvider';
import { formatMoney } from '../../form/MoneyInput';
import { SendToSdi } from './SendToSdiButton';
import { SDI_BANNERS, SdiTimeline, sdiLocked, useSdiTimeline } from './SdiTimeline';

const model = modelByName.get('EDocument')!;
const LIST = '/table/EDocument';
/** the saved invoice's files: its FatturaPA XML and its PDF copy */
const DOWNLOADS = [
  ['xml', 'Scarica XML'],
  ['pdf', 'Copia PDF'],
] as const;
const emptyRow = (): EDocumentRow => ({
  studio_service_id: null,
  description: '',
  quantity: 1,
  price: '',
  vat: 22,
  nature: null,
});

interface Values {
  type: string;
  number: string;
  date: string;
  customer_id: number | null;
  corrects_id: number | null;
  serviceRows: EDocumentRow[];
  updated_at?: string;
}

const fromDoc = (d: EDocumentData): Values => ({
  type: d.documentType,
  number: d.documentNumber,
  date: d.documentDate,
  customer_id: d.customerId,
  corrects_id: d.correctsId,
  serviceRows: d.serviceRows.map((r) => ({ ...r, price: Number(r.price) })),
  updated_at: d.updated_at,
});

/** A row field's rule of seed B §5 (the same function the server applies). */
const rowRule =
  (field: 'description' | 'quantity' | 'price' | 'nature'): Validator =>
  (value: unknown, all: Record<string, unknown>, props?: { source?: string }) => {
    const i = Number(/serviceRows\.(\d+)\./.exec(props?.source ?? '')?.[1] ?? -1);
    const row = ((all.serviceRows as EDocumentRow[] | undefined) ?? [])[i] ?? emptyRow();
    return rowErrors({
      ...row,
      quantity: field === 'quantity' ? value : row.quantity,
      price: field === 'price' ? value : row.price,
      description: field === 'description' ? value : row.description,
      nature: field === 'nature' ? value : row.nature,
    })[field];
  };

type Dialog = { title: string; text: string } | null;

export function EDocumentEditor({ id }: { id?: string }) {
  const dp = useAppDataProvider();
  const [params] = useSearchParams();
  const correctsParam = params.get('corrects');
  const studio = useQuery({
    queryKey: ['edocuments', 'studio'],
    queryFn: ({ signal }) => dp.eDocumentStudio({ signal }),
    staleTime: 60_000,
  });
  const doc = useQuery({
    queryKey: ['edocuments', 'doc', id],
    queryFn: ({ signal }) => dp.eDocument(id!, { signal }),
    enabled: !!id,
    retry: false,
  });
  const corrected = useQuery({
    queryKey: ['edocuments', 'doc', correctsParam],
    queryFn: ({ signal }) => dp.eDocument(correctsParam!, { signal }),
    enabled: !id && !!correctsParam,
    retry: false,
  });
  // the SdI status (polled while the invoice is on its way): a sent invoice is read-only
  const sdi = useSdiTimeline(id);
  const sdiStatus = sdi.data?.status;
  const locked = sdiLocked(sdiStatus);
  const creditNote = doc.data?.documentType === 'TD04';
  /** why a sent document cannot be changed: the banner and the disabled Save button's tooltip */
  const lockedText = locked ? (creditNote ? SDI_BANNERS.lockedCreditNote : SDI_BANNERS.locked) : undefined;
  // a new document's type as the form has it (a credit note is said so from its title: issue 45 item 17)
  const [newType, setNewType] = useState<string>(correctsParam ? 'TD04' : 'TD01');
  const title = id
    ? `${creditNote ? 'Nota di Credito' : 'Fattura'} ${doc.data ? `n. ${doc.data.documentNumber}` : ''}`.trim()
    : newType === 'TD04'
      ? 'Nuova nota di credito'
      : 'Nuova fattura elettronica';
  const crumbs = [{ label: 'Home', to: '/Menu' }, { label: `Gestione ${model.plural}`, to: LIST }, { label: title }];
  // an invoice's form waits for its SdI status (never shown editable, then locked); a failed read
  // leaves it editable: the server refuses the change of a sent one (409)
  const loading = (id && (doc.isPending || sdi.isPending)) || (!id && correctsParam && corrected.isPending);
  const failed = (id && doc.isError) || (!id && correctsParam && corrected.isError);
  const defaults: Values | null = useMemo(() => {
    if (id) return doc.data ? fromDoc(doc.data) : null;
    const base: Values = {
      type: 'TD01',
      number: '',
      date: today(),
      customer_id: null,
      corrects_id: null,
      serviceRows: [emptyRow()],
    };
    if (corrected.data) {
      // the credit note of an invoice: same customer, its rows to adjust
      return {
        ...base,
        type: 'TD04',
        customer_id: corrected.data.customerId,
        corrects_id: corrected.data.id,
        serviceRows: corrected.data.serviceRows.map((r) => ({ ...r, id: undefined, price: Number(r.price) })),
      };
    }
    return base;
  }, [id, doc.data, corrected.data]);
  return (
    <Box sx={{ width: '100%', p: { xs: 1, sm: 2 } }}>
      <ScreenTitle title={title} />
      <CloseHeader crumbs={crumbs} fallback={LIST} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {loading ? <LinearProgress aria-label="Caricamento" /> : null}
      {failed ? (
        <Alert severity="error">Errore di caricamento... {((doc.error ?? corrected.error) as Error)?.message}</Alert>
      ) : null}
      {studio.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          Errore di caricamento... {(studio.error as Error).message}
        </Alert>
      ) : null}
      {id && !loading && !failed && locked ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {lockedText}
        </Alert>
      ) : null}
      {id && !loading && !failed && sdiStatus === 'scartata' ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {SDI_BANNERS.rejected}
        </Alert>
      ) : null}
      {defaults && !failed && !loading ? (
        <EditorForm
          key={`${id ?? 'new'}-${doc.data?.updated_at ?? ''}-${corrected.data?.id ?? ''}`}
          id={id}
          defaults={defaults}
          studio={studio.data}
          locked={locked}
          lockedText={lockedText}
          canSend={!!id && !locked && !sdi.isPending}
          onType={setNewType}
        />
      ) : null}
      {id && doc.isSuccess ? <SdiTimeline id={id} /> : null}
    </Box>
  );
}

function EditorForm({
  id,
  defaults,
  studio,
  locked,
  lockedText,
  canSend,
  onType,
}: {
  id?: string;
  defaults: Values;
  /** the document type chosen in the form (the screen's title follows it) */
  onType?: (type: string) => void;
  studio?: EDocumentStudio;
  /** sent to SdI: every field and the save disabled */
  locked: boolean;
  /** why (the banner's words), for the disabled Save button */
  lockedText?: string;
  /** 'Invia a SdI' shown (a saved invoice not sent yet, or rejected) */
  canSend: boolean;
}) {
  const dp = useAppDataProvider();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const check = useQuery({
    queryKey: ['edocuments', 'check', id, defaults.updated_at],
    queryFn: () => dp.validateEDocument(id!),
    enabled: !!id,
    retry: false,
  });

  const save = async (values: Record<string, unknown>) => {
    const v = values as unknown as Values;
    if (locked) return;
    if (!studio) {
      setDialog({ title: TITLES.warning, text: M.studioNotLoaded });
      return;
    }
    try {
      const saved = await dp.saveEDocument(
        {
          studioId: studio.id,
          customerId: v.customer_id,
          documentType: v.type,
          documentDate: v.date,
          documentNumber: String(v.number ?? '').trim(),
          correctsId: v.type === 'TD04' ? v.corrects_id : null,
          serviceRows: v.serviceRows.map((r) => ({
            // the stored row it was read as: a row kept keeps the charge it invoices (issue 28)
            ...(id && r.id ? { id: r.id } : {}),
            studio_service_id: r.studio_service_id ?? null,
            description: r.description,
            quantity: r.quantity,
            price: r.price,
            vat: studio.fiscal_regime === 'RF19' ? 0 : Number(r.vat),
            nature: studio.fiscal_regime === 'RF19' ? 'N2.2' : Number(r.vat) === 0 ? (r.nature ?? null) : null,
          })),
          ...(id ? { updated_at: v.updated_at } : {}),
        },
        id,
      );
      // a warning of the server (e.g. a credit note that names no invoice) does not stop the save: it is said
      const what = v.type === 'TD04' ? 'Nota di credito' : 'Fattura';
      const done = id ? `${what} aggiornata` : `${what} salvata`;
      notify(saved.warnings.length ? `${done}. Attenzione: ${saved.warnings.join('; ')}` : done, {
        type: saved.warnings.length ? 'warning' : 'info',
      });
      await queryClient.invalidateQueries({ queryKey: ['edocuments'] });
      // new mode until the first save: then the route is the saved document's
      if (!id) navigate(`/scheda_EDocument/${saved.eDocumentId}`, { replace: true });
    } catch (e) {
      setDialog({ title: TITLES.error, text: M.saveFailed((e as Error).message) });
    }
  };

  return (
    <Form defaultValues={defaults} onSubmit={save} noValidate>
      {check.data && !check.data.valid ? (
        <Alert severity="warning" sx={{ mb: 2 }} role="status">
          <AlertTitle>{check.data.message}</AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {check.data.details.map((d) => (
              <li key={d}>{d}</li>
            ))}
          </Box>
        </Alert>
      ) : null}
      {check.data?.valid ? (
        <Alert severity="success" sx={{ mb: 2 }} role="status">
          {check.data.message}
        </Alert>
      ) : null}
      <Header id={id} locked={locked} onType={onType} />
      <Rows studio={studio} locked={locked} />
      <Totals studio={studio} />
      <Actions
        id={id}
        locked={locked}
        lockedText={lockedText}
        canSend={canSend}
        onError={(text) => setDialog({ title: TITLES.error, text })}
      />
      <AcknowledgeDialog
        open={!!dialog}
        onClose={() => setDialog(null)}
        title={dialog?.title ?? ''}
        text={dialog?.text ?? ''}
      />
    </Form>
  );
}

/** Customer, type, date, number (suggested for a new document) and, for a credit note, the invoice it corrects. */
function Header({ id, locked, onType }: { id?: string; locked: boolean; onType?: (type: string) => void }) {
  const dp = useAppDataProvider();
  const { setValue, getFieldState } = useFormContext();
  const type = useWatch({ name: 'type' }) as string;
  useEffect(() => onType?.(type), [type, onType]);
  const date = useWatch({ name: 'date' }) as string;
  const customer = useWatch({ name: 'customer_id' }) as number | null;
  const year = /^\d{4}/.exec(date ?? '')?.[0];
  // the number the server suggests for the year, while the user has not typed one
  useEffect(() => {
    if (id || !year) return;
    let live = true;
    dp.suggestedEDocumentNumber(`${year}-01-01`)
      .then((n) => {
        if (live && !getFieldState('number').isDirty) setValue('number', n, { shouldDirty: false });
      })
      .catch(() => {
        /* the user types it */
      });
    return () => {
      live = false;
    };
  }, [id, year, dp, setValue, getFieldState]);
  // sent to SdI: each field disabled as a read-only one is
  const f = locked
    ? Object.fromEntries(Object.entries(model.fields).map(([k, fd]) => [k, { ...fd, readOnly: true }]))
    : model.fields;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr 1fr 1fr' } }}>
        <FieldInput name="customer_id" fd={f.customer_id!} mode={id ? 'update' : 'create'} />
        <FieldInput name="type" fd={f.type!} mode={id ? 'update' : 'create'} />
        <FieldInput name="date" fd={f.date!} mode={id ? 'update' : 'create'} />
        <FieldInput name="number" fd={f.number!} mode={id ? 'update' : 'create'} />
      </Box>
      {type === 'TD04' ? <CorrectsInput customerId={customer} locked={locked} /> : null}
    </Paper>
  );
}

/** The TD01 of the same customer that a credit note corrects (optional: the seeds' payload has no such field; the server warns without it). */
function CorrectsInput({ customerId, locked }: { customerId: number | null; locked: boolean }) {
  const dp = useAppDataProvider();
  const invoices = useQuery({
    queryKey: ['edocuments', 'invoicesOf', customerId],
    enabled: !!customerId,
    queryFn: async () =>
      (
        await dp.getList('EDocument', {
          pagination: { page: 1, perPage: 500 },
          sort: { field: 'date', order: 'DESC' },
          filter: {
            filters: [
              { name: 'type', type: 'OR', val: ['TD01'] },
              { name: 'customer_id', type: 'OR', val: [customerId] },
            ],
          },
        })
      ).data as Array<{ id: number; number: string; date: string; total: number | null }>,
  });
  const choices = (invoices.data ?? []).map((r) => ({
    id: r.id,
    name: `n. ${r.number} del ${r.date.split('-').reverse().join('-')}${r.total != null ? ` (${formatEuro(Number(r.total))})` : ''}`,
  }));
  return (
    <SelectInput
      source="corrects_id"
      label="Fattura corretta"
      choices={choices}
      fullWidth
      sx={{ mt: 2 }}
      disabled={!customerId || locked}
      helperText={
        customerId ? "Facoltativa, ma consigliata: la nota di credito la indica nell'XML" : 'Scegli prima il cliente'
      }
      emptyText="—"
      isPending={invoices.isPending && !!customerId}
    />
  );
}

function Rows({ studio, locked }: { studio?: EDocumentStudio; locked: boolean }) {
  const dp = useAppDataProvider();
  const services = useQuery({
    queryKey: ['edocuments', 'services'],
    queryFn: ({ signal }) => dp.studioServices({ signal }),
    staleTime: 60_000,
  });
  const { fields, append, remove } = useFieldArray({ name: 'serviceRows' });
  const { setValue } = useFormContext();
  const rows = (useWatch({ name: 'serviceRows' }) as EDocumentRow[] | undefined) ?? [];
  const forfettario = studio?.fiscal_regime === 'RF19';
  const pick = (i: number, serviceId: string) => {
    const s = services.data?.find((x) => String(x.id) === serviceId);
    if (!s) return;
    // seed B §3: picking a service fills the description and the price from its cost
    setValue(`serviceRows.${i}.studio_service_id`, s.id, { shouldDirty: true });
    setValue(`serviceRows.${i}.description`, s.description, { shouldDirty: true, shouldValidate: true });
    setValue(`serviceRows.${i}.price`, Number(s.cost), { shouldDirty: true, shouldValidate: true });
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-label="Righe">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Righe
      </Typography>
      {fields.map((field, i) => (
        <Box
          key={field.id}
          role="group"
          aria-label={`Riga ${i + 1}`}
          sx={{
            display: 'grid',
            gap: 1,
            alignItems: 'start',
            mb: 1,
            gridTemplateColumns: {
              xs: '1fr',
              md: forfettario ? '2fr 3fr 1fr 1.3fr auto' : '2fr 3fr 1fr 1.3fr 1fr 1.6fr auto',
            },
          }}
        >
          <TextField
            select
            size="small"
            label={`Servizio (riga ${i + 1})`}
            value={
              services.data?.some((s) => s.id === rows[i]?.studio_service_id) ? String(rows[i]!.studio_service_id) : ''
            }
            onChange={(e) => pick(i, e.target.value)}
            helperText=" "
            fullWidth
            disabled={locked}
          >
            <MenuItem value="">
              <em>—</em>
            </MenuItem>
            {(services.data ?? []).map((s) => (
              <MenuItem key={s.id} value={String(s.id)}>
                {s.cod ? `${s.cod} - ` : ''}
                {s.description} ({formatEuro(Number(s.cost))})
              </MenuItem>
            ))}
          </TextField>
          <TextInput
            source={`serviceRows.${i}.description`}
            label="Descrizione"
            validate={rowRule('description')}
            fullWidth
            multiline
            maxRows={4}
            size="small"
            disabled={locked}
          />
          <TextInput
            source={`serviceRows.${i}.quantity`}
            label="Quantità"
            validate={rowRule('quantity')}
            fullWidth
            size="small"
            parse={(t: string) => (/^\d+$/.test(t.trim()) ? Number(t.trim()) : t)}
            inputProps={{ inputMode: 'numeric' }}
            disabled={locked}
          />
          {locked ? (
            // MoneyInput has no disabled state: the amount as it is, not editable
            <TextField
              label="Prezzo"
              value={formatMoney(rows[i]?.price === '' || rows[i]?.price == null ? null : Number(rows[i]!.price))}
              size="small"
              fullWidth
              disabled
              helperText=" "
              slotProps={{ input: { startAdornment: <InputAdornment position="start">€</InputAdornment> } }}
            />
          ) : (
            <MoneyInput source={`serviceRows.${i}.price`} label="Prezzo" validate={rowRule('price')} fullWidth />
          )}
          {forfettario ? null : (
            <SelectInput
              source={`serviceRows.${i}.vat`}
              label="IVA"
              choices={VAT_RATES.map((v) => ({ id: v, name: `${v}%` }))}
              fullWidth
              size="small"
              helperText=" "
              disabled={locked}
            />
          )}
          {forfettario ? null : Number(rows[i]?.vat) === 0 ? (
            <SelectInput
              source={`serviceRows.${i}.nature`}
              label="Natura"
              choices={NATURES.map((n) => ({ id: n.value, name: n.text }))}
              validate={rowRule('nature')}
              fullWidth
              size="small"
              disabled={locked}
            />
          ) : (
            <Box />
          )}
          <Tooltip title={fields.length <= 1 ? 'Serve almeno una riga' : `Elimina la riga ${i + 1}`}>
            <span>
              <IconButton
                aria-label={`Elimina la riga ${i + 1}`}
                onClick={() => remove(i)}
                disabled={fields.length <= 1 || locked}
                sx={{ mt: 0.5 }}
              >
                <DeleteIcon />
              </IconButton>
            </span>
          </Tooltip>
        </Box>
      ))}
      {forfettario ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Regime forfettario: righe senza IVA (natura N2.2) con la dicitura di legge.
        </Typography>
      ) : null}
      <Button startIcon={<AddIcon />} onClick={() => append(emptyRow())} disabled={locked}>
        Aggiungi riga
      </Button>
    </Paper>
  );
}

/** Imponibile, cassa, VAT per rate, document total, withholding: the XML's own figures, live. */
function Totals({ studio }: { studio?: EDocumentStudio }) {
  const rows = (useWatch({ name: 'serviceRows' }) as EDocumentRow[] | undefined) ?? [];
  const usable: EDocumentRowInput[] = rows
    .map((r) => ({
      description: r.description,
      quantity: Number(r.quantity),
      price: typeof r.price === 'number' ? r.price : String(r.price ?? '').replace(',', '.'),
      vat: Number(r.vat),
      nature: r.nature ?? null,
    }))
    .filter((r) => Number.isInteger(r.quantity) && r.quantity > 0 && Number(r.price) > 0);
  // the customer's own treatment: a private person withholds nothing (issue 45 item 3)
  const customerId = useWatch({ name: 'customer_id' }) as number | null | undefined;
  const customer = useGetOne('Customer', { id: customerId! }, { enabled: !!customerId });
  const t = eDocumentTotals({
    rows: usable,
    studio: {
      regime: studio?.fiscal_regime,
      withholding: studio?.withholding_tax,
      cassa: studio?.cassa_previdenza,
      stampCharged: studio?.stamp_duty_charged,
    },
    customer: { withholdingAgent: customer.data ? isWithholdingAgent(customer.data) : true },
  });
  const eur = (c: number) => formatEuro(c / 100);
  const line = (label: string, cents: number, strong = false) => (
    <TableRow key={label}>
      <TableCell sx={{ border: 0, py: 0.25, fontWeight: strong ? 700 : 400 }}>{label}</TableCell>
      <TableCell align="right" sx={{ border: 0, py: 0.25, fontWeight: strong ? 700 : 400 }}>
        {eur(cents)}
      </TableCell>
    </TableRow>
  );
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2, ml: 'auto', maxWidth: 420 }} component="section" aria-label="Totali">
      <Table size="small" aria-label="Totali del documento">
        <TableBody>
          {line('Imponibile', t.taxable)}
          {t.cassa ? line('Cassa previdenza 4%', t.cassa) : null}
          {t.summary.map((s) =>
            line(
              s.nature ? `Senza IVA (${s.nature})` : `IVA ${s.vat}% su ${eur(s.taxable)}`,
              s.nature ? s.taxable : s.tax,
            ),
          )}
          {t.stampCharged ? line('Imposta di bollo (a carico del cliente)', t.stampCharged) : null}
          {line('Totale documento', t.total, true)}
          {t.withholding ? line("Ritenuta d'acconto 20%", -t.withholding) : null}
          {t.withholding ? line('Netto a pagare', t.payable, true) : null}
          {t.stampDuty && !t.stampCharged ? line('Imposta di bollo (a carico dello studio)', t.stampDuty) : null}
        </TableBody>
      </Table>
    </Paper>
  );
}

function Actions({
  id,
  locked,
  lockedText,
  canSend,
  onError,
}: {
  id?: string;
  locked: boolean;
  lockedText?: string;
  canSend: boolean;
  onError: (text: string) => void;
}) {
  const dp = useAppDataProvider();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { isSubmitting, isDirty } = useFormState();
  const type = useWatch({ name: 'type' }) as string;
  const download = async (kind: 'xml' | 'pdf') => {
    try {
      const { blob, filename } =
        kind === 'xml' ? await dp.downloadEDocumentXml(id!) : await dp.downloadEDocumentPdf(id!);
      saveAs(blob, filename);
    } catch (e) {
      onError(`${M.downloadFailed}: ${(e as Error).message}`);
    }
  };
  return (
    <>
      <Divider sx={{ mb: 2 }} />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={isSubmitting || locked} title={lockedText}>
          {isSubmitting ? 'Salvataggio…' : 'Salva'}
        </Button>
        {id ? (
          <>
            {DOWNLOADS.map(([format, label]) => (
              <Button
                key={format}
                variant="outlined"
                onClick={() => void download(format)}
                disabled={isDirty}
                title={isDirty ? 'Salva prima le modifiche' : undefined}
              >
                {label}
              </Button>
            ))}
            {type === 'TD01' ? (
              <Button
                variant="outlined"
                onClick={() => navigate(`/EDocument/create?corrects=${encodeURIComponent(id)}`)}
                disabled={isDirty}
              >
                Crea nota di credito
              </Button>
            ) : null}
            {canSend ? (
              <SendToSdi
                ids={[id]}
                variant="outlined"
                size="medium"
                disabled={isDirty}
                title={isDirty ? 'Salva prima le modifiche' : undefined}
                // the status (now 'in_invio') and the document read again: the form locks, the history starts
                onSent={() => void queryClient.invalidateQueries({ queryKey: ['edocuments'] })}
              />
            ) : null}
          </>
        ) : null}
      </Stack>
    </>
  );
}
