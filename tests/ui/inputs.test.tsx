/** Issue 7 #4: number inputs keep what was typed, so a wrong character shows its message. */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Form } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { i18nProvider } from '../../src/i18n';
import { FieldInput, parseNumberText } from '../../src/form/FieldInput';
import { f, type FieldDef } from '../../model/fields';

afterEach(cleanup);

let submitted: Record<string, unknown> | null = null;
function renderField(fd: FieldDef) {
  submitted = null;
  return render(
    <MemoryRouter>
      <AdminContext i18nProvider={i18nProvider}>
        <Form
          onSubmit={(v: Record<string, unknown>) => {
            submitted = v;
          }}
          mode="onSubmit"
          reValidateMode="onChange"
        >
          <FieldInput name="n" fd={fd} mode="create" />
          <button type="submit">Invia</button>
        </Form>
      </AdminContext>
    </MemoryRouter>,
  );
}
const helper = (el: HTMLElement) => document.getElementById(el.getAttribute('aria-describedby')!.split(' ')[0])!;

describe('7.4 number inputs', () => {
  it("'12a' in an integer field stays as typed and shows 'Inserisci un Numero Intero'", async () => {
    const user = userEvent.setup();
    renderField(f.integer('Numero'));
    const input = screen.getByRole('textbox', { name: 'Numero' });
    await user.type(input, '12a');
    expect(input).toHaveValue('12a');
    await waitFor(() => expect(helper(input)).toHaveTextContent('Inserisci un Numero Intero'));
    await user.click(screen.getByRole('button', { name: 'Invia' }));
    expect(submitted).toBeNull();
    await user.clear(input);
    await user.type(input, '12');
    await user.click(screen.getByRole('button', { name: 'Invia' }));
    await waitFor(() => expect(submitted).toEqual({ n: 12 }));
  });

  it("letters in a decimal field show 'Inserisci un Numero Decimale'; '3,5' is 3.5", async () => {
    const user = userEvent.setup();
    renderField(f.decimal('Percentuale'));
    const input = screen.getByRole('textbox', { name: 'Percentuale' });
    await user.type(input, '3,5x');
    await waitFor(() => expect(helper(input)).toHaveTextContent('Inserisci un Numero Decimale'));
    await user.type(input, '{Backspace}');
    await user.click(screen.getByRole('button', { name: 'Invia' }));
    await waitFor(() => expect(submitted).toEqual({ n: 3.5 }));
  });

  it('a CAP is text of digits with its leading zeros', async () => {
    const user = userEvent.setup();
    renderField(f.text('CAP', { max: 5, min: 5, rules: ['digits'] }));
    const input = screen.getByRole('textbox', { name: 'CAP' });
    await user.type(input, '0018a');
    await waitFor(() => expect(helper(input)).toHaveTextContent('Inserisci un Numero Intero'));
    await user.clear(input);
    await user.type(input, '00184');
    await user.click(screen.getByRole('button', { name: 'Invia' }));
    await waitFor(() => expect(submitted).toEqual({ n: '00184' }));
  });

  it('parseNumberText: numbers become numbers, anything else is kept', () => {
    expect(parseNumberText('integer')('42')).toBe(42);
    expect(parseNumberText('integer')('12a')).toBe('12a');
    expect(parseNumberText('integer')('')).toBeNull();
    expect(parseNumberText('decimal')('-1,25')).toBe(-1.25);
    expect(parseNumberText('decimal')('1.2.3')).toBe('1.2.3');
  });
});

describe('8.6 money input: integer cents, no float rounding', () => {
  it('parses Italian and plain amounts exactly', async () => {
    const { parseMoney } = await import('../../src/form/MoneyInput');
    expect(parseMoney('1.234,56')).toBe(1234.56);
    expect(parseMoney('1234,5')).toBe(1234.5);
    expect(parseMoney('1234.56')).toBe(1234.56);
    expect(parseMoney('€ 0,07')).toBe(0.07);
    expect(parseMoney('-12,30')).toBe(-12.3);
    expect(parseMoney('999.999,99')).toBe(999999.99);
    expect(parseMoney('')).toBeNull();
    for (const bad of ['99.999.999,99', '1,234', '12a', '123.456.789,00', ',', '1,2,3'])
      expect(parseMoney(bad), bad).toBeUndefined();
  });
});
