/**
 * The preview → confirm → run flow of the bulk screens (src/bulk/PreviewRun.tsx, issue 46 item 4)
 * on a screen of its own against a mocked API (msw): the preview shown, and hidden once the input
 * changes; a 422's messages on their fields (and those with no field listed with the error); the
 * run's 409 shown with the screen's sentence and the preview read again (an error like any other
 * when the screen does not ask for it); the result handed over; the progress bar determinate with
 * the progress the server reports, and the buttons disabled while a step runs.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { useState } from 'react';
import { Button } from '@mui/material';
import { apiFetch, apiNdjson } from '../../src/api/client';
import {
  DatesStep,
  DoneAlert,
  PreviewRun,
  StepCard,
  usePreviewRun,
  type StepProgressValue,
} from '../../src/bulk/PreviewRun';
import { helperText, replaceText, useFakeApi } from './journeys';

interface Plan {
  count: number;
  fingerprint: string;
}
interface Done {
  made: number;
}
const FIELDS = [
  ['from', 'Dal'],
  ['to', 'Al'],
] as const;
const CHANGED = 'Controlla la nuova anteprima.';

const calls: Array<{ path: string; body: Record<string, unknown> }> = [];
let previewAnswer: () => Response;
let runAnswer: () => Response;
const server = setupServer(
  http.post('*/api/test/preview', async ({ request }) => {
    calls.push({ path: 'preview', body: (await request.json()) as Record<string, unknown> });
    return previewAnswer();
  }),
  http.post('*/api/test/run', async ({ request }) => {
    calls.push({ path: 'run', body: (await request.json()) as Record<string, unknown> });
    return runAnswer();
  }),
);
useFakeApi(server, () => {
  calls.length = 0;
});
const planAnswer = (count: number, fingerprint: string) => () => HttpResponse.json({ data: { count, fingerprint } });
const ndjson = (...lines: unknown[]) => lines.map((l) => `${JSON.stringify(l)}\n`).join('');
beforeEach(() => {
  previewAnswer = planAnswer(3, 'f1');
  runAnswer = () =>
    new HttpResponse(ndjson({ progress: { done: 3, total: 3 } }, { data: { made: 3 } }), {
      headers: { 'Content-Type': 'application/x-ndjson' },
    });
});

/** A screen of the flow: two dates, the plan's count and its button, the result's count. */
function Screen({
  onDone,
  changed,
  unit,
  listErrors,
}: {
  onDone?: (d: Done) => void;
  changed?: string;
  unit?: string;
  listErrors?: string[];
}) {
  const [form, setForm] = useState({ from: '2026-03-01', to: '2026-03-31' });
  const flow = usePreviewRun<Plan, Done>({
    preview: async () => (await apiFetch<{ data: Plan }>('/api/test/preview', { method: 'POST', json: form })).data,
    run: (plan, onProgress) =>
      apiNdjson<Done, StepProgressValue>('/api/test/run', { ...form, fingerprint: plan.fingerprint }, onProgress),
    onDone,
    changed,
  });
  return (
    <>
      <DatesStep flow={flow} title="1. Periodo" intro="Le date." fields={FIELDS} value={form} onChange={setForm} />
      <PreviewRun
        flow={flow}
        labels={{ preview: 'Anteprima di prova', run: 'Esecuzione di prova' }}
        unit={unit}
        listErrors={listErrors}
        result={(r) => <DoneAlert>Fatte {r.made} righe</DoneAlert>}
        plan={(p) => (
          <StepCard title="2. Anteprima di prova">
            <Button variant="contained" onClick={flow.run} disabled={!!flow.busy}>
              Esegui {p.count}
            </Button>
          </StepCard>
        )}
      />
    </>
  );
}

const previewed = async (user: ReturnType<typeof userEvent.setup>, count = 3) => {
  await user.click(screen.getByRole('button', { name: 'Anteprima' }));
  return screen.findByRole('button', { name: `Esegui ${count}` });
};

describe('PreviewRun', () => {
  it('shows the preview of the input; a change of the input hides the stale preview', async () => {
    const user = userEvent.setup();
    render(<Screen />);
    await previewed(user);
    expect(screen.getByRole('heading', { name: '2. Anteprima di prova' })).toBeInTheDocument();
    expect(calls).toEqual([{ path: 'preview', body: { from: '2026-03-01', to: '2026-03-31' } }]);
    await replaceText(user, screen.getByLabelText('Al'), '30-03-2026');
    expect(screen.queryByRole('heading', { name: '2. Anteprima di prova' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Esegui/ })).toBeNull();
    // the next preview is of the input as it is now
    await previewed(user);
    expect(calls[1]!.body).toEqual({ from: '2026-03-01', to: '2026-03-30' });
  });

  it("a 422 puts its messages on their fields (those with no field with the error); a change clears the field's", async () => {
    previewAnswer = () =>
      HttpResponse.json(
        {
          message: 'La data finale è prima di quella iniziale',
          errors: {
            to: ['La data finale è prima di quella iniziale'],
            period: ['Il periodo supera un anno'],
          },
        },
        { status: 422 },
      );
    const user = userEvent.setup();
    render(<Screen listErrors={['period']} />);
    await user.click(screen.getByRole('button', { name: 'Anteprima' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('La data finale è prima di quella iniziale');
    expect(within(alert).getByText('Il periodo supera un anno')).toBeInTheDocument();
    const to = screen.getByLabelText('Al');
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(helperText(to)).toBe('La data finale è prima di quella iniziale');
    expect(screen.getByLabelText('Dal')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByRole('button', { name: /Esegui/ })).toBeNull();
    await replaceText(user, to, '30-03-2026');
    expect(to).toHaveAttribute('aria-invalid', 'false');
    expect(helperText(to)).toBe('');
  });

  it("a 409 of the run: the server's message and the screen's sentence, the preview read again and run with its own fingerprint", async () => {
    const onDone = vi.fn();
    const user = userEvent.setup();
    render(<Screen changed={CHANGED} onDone={onDone} />);
    const run = await previewed(user);
    runAnswer = () => HttpResponse.json({ message: 'I dati sono cambiati dopo l’anteprima.' }, { status: 409 });
    previewAnswer = planAnswer(1, 'f2');
    await user.click(run);
    expect(await screen.findByRole('alert')).toHaveTextContent(`I dati sono cambiati dopo l’anteprima. ${CHANGED}`);
    // the preview as it is now, to run again
    expect(await screen.findByRole('button', { name: 'Esegui 1' })).toBeEnabled();
    expect(calls.map((c) => c.path)).toEqual(['preview', 'run', 'preview']);
    expect(calls[1]!.body).toMatchObject({ fingerprint: 'f1' });
    expect(onDone).not.toHaveBeenCalled();
    runAnswer = () => HttpResponse.json({ data: { made: 1 } });
    await user.click(screen.getByRole('button', { name: 'Esegui 1' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ made: 1 }));
    expect(calls[3]!.body).toMatchObject({ fingerprint: 'f2' });
  });

  it('a 409 of a screen that does not ask for the preview again is an error like any other', async () => {
    const user = userEvent.setup();
    render(<Screen />);
    const run = await previewed(user);
    runAnswer = () => HttpResponse.json({ message: 'Importazione già eseguita' }, { status: 409 });
    await user.click(run);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Importazione già eseguita$/);
    expect(calls.map((c) => c.path)).toEqual(['preview', 'run']);
    // the plan stays, as the server left it
    expect(screen.getByRole('button', { name: 'Esegui 3' })).toBeEnabled();
  });

  it('a run that succeeds hands its result over: the plan is gone, the result shown', async () => {
    const onDone = vi.fn();
    const user = userEvent.setup();
    render(<Screen onDone={onDone} />);
    await user.click(await previewed(user));
    expect(await screen.findByRole('status')).toHaveTextContent('Fatte 3 righe');
    expect(onDone).toHaveBeenCalledWith({ made: 3 });
    expect(calls[1]).toEqual({ path: 'run', body: { from: '2026-03-01', to: '2026-03-31', fingerprint: 'f1' } });
    expect(screen.queryByRole('button', { name: /Esegui/ })).toBeNull();
    // a new preview drops the result
    await previewed(user);
    expect(screen.queryByText('Fatte 3 righe')).toBeNull();
  });

  it('while a step runs its bar shows how far it is (determinate once reported) and the buttons are disabled', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    runAnswer = () =>
      new HttpResponse(
        new ReadableStream({
          start(c) {
            const text = new TextEncoder();
            c.enqueue(text.encode(ndjson({ progress: { done: 1, total: 4 } })));
            void held.then(() => {
              c.enqueue(text.encode(ndjson({ data: { made: 4 } })));
              c.close();
            });
          },
        }),
        { headers: { 'Content-Type': 'application/x-ndjson' } },
      );
    const user = userEvent.setup();
    render(<Screen unit="righe" />);
    const run = await previewed(user);
    await user.click(run);
    const bar = await screen.findByRole('progressbar', { name: 'Esecuzione di prova: 1 di 4 righe' });
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByText('Esecuzione di prova: 1 di 4 righe')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Esegui 3' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Anteprima' })).toBeDisabled();
    release();
    expect(await screen.findByText('Fatte 4 righe')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('button', { name: 'Anteprima' })).toBeEnabled();
  });

  it('a step that reports nothing has an indeterminate bar named by the step', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    previewAnswer = planAnswer(3, 'f1');
    server.use(
      http.post('*/api/test/preview', async () => {
        await held;
        return previewAnswer();
      }),
    );
    const user = userEvent.setup();
    render(<Screen />);
    await user.click(screen.getByRole('button', { name: 'Anteprima' }));
    const bar = await screen.findByRole('progressbar', { name: 'Anteprima di prova' });
    expect(bar).not.toHaveAttribute('aria-valuenow');
    expect(screen.getByRole('button', { name: 'Anteprima' })).toBeDisabled();
    release();
    await screen.findByRole('button', { name: 'Esegui 3' });
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
