/**
 * `/test_view` 'Prova delle viste' (seed B §2 test pages, §6: Admin and above; issue 25 item 15):
 * the shared parts of the screens at work on the sample entity — the filter group with a
 * combo-box, a toggle and a date-interval filter joined in AND or OR (with the seed's message for
 * an inverted interval) — showing the filter objects they send to the server (seed A §3: name,
 * type, val, glue) and the sample rows that match them (C14).
 */
import { useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Card,
  CardContent,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { ListContextProvider, type ListControllerResult } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { EntitaEsempio } from '../../../model/models/EntitaEsempio';
import type { ModelDef } from '../../../model/define';
import { FilterGroup } from '../../list/FilterGroup';
import { defaultListFilter } from '../../list/listState';
import { useAppDataProvider, type FilterSpec } from '../../dataProvider';
import { BulkScreenHeader } from '../../bulk/PreviewRun';

/** The sample entity with one filter of each kind (its own toggle and date interval, and a combo-box of its rows). */
const DEMO: ModelDef = {
  ...EntitaEsempio,
  list: {
    ...EntitaEsempio.list,
    filters: [
      { kind: 'combo', field: 'id', label: 'Elemento di esempio', model: EntitaEsempio.name },
      ...(EntitaEsempio.list.filters ?? []),
    ],
  },
};
const SHOWN = 5;

export function TestView() {
  const dp = useAppDataProvider();
  const [filterValues, setFilterValues] = useState<Record<string, unknown>>(() => defaultListFilter(DEMO) ?? {});
  // the filter group reads and writes the list's filter values: here a list of its own, in this page
  const context = useMemo(
    () =>
      ({
        filterValues,
        displayedFilters: {},
        setFilters: (f: Record<string, unknown>) => setFilterValues(f),
      }) as unknown as ListControllerResult,
    [filterValues],
  );
  const specs = (filterValues.filters as FilterSpec[] | undefined) ?? [];
  const rows = useQuery({
    queryKey: ['test_view', specs],
    queryFn: ({ signal }) =>
      dp.getList(EntitaEsempio.name, {
        filter: { filters: specs },
        pagination: { page: 1, perPage: SHOWN },
        sort: { field: 'descrizione', order: 'ASC' },
        signal,
      }),
  });
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
      <BulkScreenHeader title="Prova delle viste" />
      <Typography component="h1" variant="h5" gutterBottom>
        Prova delle viste
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Le parti comuni delle schermate all&apos;opera sull&apos;entità di esempio: i filtri (casella combinata,
        interruttore, intervallo di date) uniti in AND o in OR, gli oggetti filtro che inviano al server e le righe che
        ne risultano.
      </Typography>
      <ListContextProvider value={context}>
        <FilterGroup model={DEMO} openKey="test_view.filtersOpen" defaultOpen />
      </ListContextProvider>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <Card variant="outlined" sx={{ flex: 1, minWidth: 0 }}>
          <CardContent>
            <Typography component="h2" variant="h6" gutterBottom>
              Filtri inviati al server
            </Typography>
            <Box
              component="pre"
              aria-label="Filtri inviati al server"
              sx={{ m: 0, fontSize: 13, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
            >
              {specs.length ? JSON.stringify(specs, null, 2) : 'Nessun filtro'}
            </Box>
          </CardContent>
        </Card>
        <Card variant="outlined" sx={{ flex: 1, minWidth: 0 }}>
          <CardContent>
            <Typography component="h2" variant="h6" gutterBottom>
              Righe corrispondenti
            </Typography>
            {rows.isPending ? <LinearProgress aria-label="Caricamento delle righe" /> : null}
            {rows.isError ? (
              <Alert severity="error">Errore nel caricamento dati {(rows.error as Error).message}</Alert>
            ) : null}
            {rows.data ? (
              <>
                <Typography role="status">
                  {rows.data.total === 1 ? '1 elemento di esempio' : `${rows.data.total ?? 0} elementi di esempio`}
                </Typography>
                <List dense>
                  {rows.data.data.map((r) => (
                    <ListItem key={String(r.id)} disableGutters>
                      <ListItemText primary={String(r.descrizione ?? `#${String(r.id)}`)} />
                    </ListItem>
                  ))}
                </List>
              </>
            ) : null}
          </CardContent>
        </Card>
      </Stack>
    </Box>
  );
}
