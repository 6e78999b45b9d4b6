import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { renderWithProviders } from '@/test-utils';
import { DateField, DateInput, enmascararFecha, fechaATexto, fechaError, textoAFecha } from './date-field';

describe('date text <-> ISO day', () => {
  it('shows an ISO day as DD/MM/YYYY and other text as it is', () => {
    expect(fechaATexto('2026-02-01')).toBe('01/02/2026');
    expect(fechaATexto('')).toBe('');
    expect(fechaATexto(null)).toBe('');
    expect(fechaATexto('31/02/2026')).toBe('31/02/2026');
  });

  it('reads DD/MM/YYYY, D/M/YYYY and ISO as the ISO day; anything else stays as typed', () => {
    expect(textoAFecha('01/02/2026')).toBe('2026-02-01');
    expect(textoAFecha('1/2/2026')).toBe('2026-02-01');
    expect(textoAFecha(' 2026-02-01 ')).toBe('2026-02-01');
    expect(textoAFecha('')).toBe('');
    expect(textoAFecha('  ')).toBe('');
    expect(textoAFecha('31/02/2026')).toBe('31/02/2026');
    expect(textoAFecha('29/02/2025')).toBe('29/02/2025');
    expect(textoAFecha('29/02/2024')).toBe('2024-02-29');
    expect(textoAFecha('01/02')).toBe('01/02');
  });

  it("only a non-empty value that is not a real day is 'Debe proporcionar una fecha válida'", () => {
    expect(fechaError('')).toBeUndefined();
    expect(fechaError(undefined)).toBeUndefined();
    expect(fechaError('2026-02-28')).toBeUndefined();
    expect(fechaError('31/02/2026')).toBe('Debe proporcionar una fecha válida');
    expect(fechaError('01/02')).toBe('Debe proporcionar una fecha válida');
  });

  it('adds the slashes while typing, never while deleting', () => {
    expect(enmascararFecha('', '1')).toBe('1');
    expect(enmascararFecha('1', '15')).toBe('15/');
    expect(enmascararFecha('15/', '15')).toBe('15');
    expect(enmascararFecha('15/', '15//')).toBe('15/');
    expect(enmascararFecha('15/0', '15/06')).toBe('15/06/');
    expect(enmascararFecha('15/06/', '15/06')).toBe('15/06');
    expect(enmascararFecha('1/', '1/2')).toBe('1/2');
    expect(enmascararFecha('', '15062025')).toBe('15/06/2025');
    expect(enmascararFecha('', '2025-06-15')).toBe('15/06/2025');
    expect(enmascararFecha('', '15.06.2025')).toBe('15/06/2025');
    expect(enmascararFecha('15/06/2025', '15/06/20251')).toBe('15/06/2025');
  });
});

function Controlled({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateInput name="fecha" label="Fecha" value={value} onChange={setValue} error={fechaError(value)} />
      <output aria-label="valor">{value}</output>
      <button type="button" onClick={() => setValue('2025-12-24')}>
        Nochebuena
      </button>
    </>
  );
}

describe('DateInput', () => {
  it('is a labelled numeric text box with the DD/MM/AAAA placeholder', () => {
    renderWithProviders(<Controlled initial="2025-06-15" />);
    const input = screen.getByRole('textbox', { name: 'Fecha' });
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('placeholder', 'DD/MM/AAAA');
    expect(input).toHaveValue('15/06/2025');
  });

  it('typing digits gives DD/MM/YYYY on screen and the ISO day as value', async () => {
    renderWithProviders(<Controlled />);
    const input = screen.getByRole('textbox', { name: 'Fecha' });
    await userEvent.type(input, '15062025');
    expect(input).toHaveValue('15/06/2025');
    expect(screen.getByLabelText('valor')).toHaveTextContent('2025-06-15');
    await userEvent.clear(input);
    await userEvent.type(input, '1/2/2026');
    expect(screen.getByLabelText('valor')).toHaveTextContent('2026-02-01');
    await userEvent.tab();
    expect(input).toHaveValue('01/02/2026');
  });

  it('an impossible day keeps its text and shows the Spanish error', async () => {
    renderWithProviders(<Controlled />);
    const input = screen.getByRole('textbox', { name: 'Fecha' });
    await userEvent.type(input, '31/02/2026');
    expect(input).toHaveValue('31/02/2026');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Debe proporcionar una fecha válida')).toBeInTheDocument();
  });

  it('a value set from outside replaces the text', async () => {
    renderWithProviders(<Controlled initial="2025-06-15" />);
    const input = screen.getByRole('textbox', { name: 'Fecha' });
    fireEvent.change(input, { target: { value: '3' } });
    expect(input).toHaveValue('3');
    await userEvent.click(screen.getByRole('button', { name: 'Nochebuena' }));
    expect(input).toHaveValue('24/12/2025');
  });
});

describe('DateField', () => {
  function renderForm(onSubmit = jest.fn(), initialValues = { fecha: '2025-06-15' }) {
    renderWithProviders(
      <Form onSubmit={onSubmit} initialValues={initialValues}>
        {({ handleSubmit }) => (
          <form onSubmit={handleSubmit} aria-label="Prueba">
            <DateField name="fecha" label="Fecha" required />
            <button type="submit">Guardar</button>
          </form>
        )}
      </Form>,
    );
    return onSubmit;
  }

  it('submits the ISO day of what was typed', async () => {
    const onSubmit = renderForm();
    const input = screen.getByRole('textbox', { name: /Fecha/ });
    expect(input).toHaveValue('15/06/2025');
    await userEvent.clear(input);
    await userEvent.type(input, '01/03/2025');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0][0]).toEqual({ fecha: '2025-03-01' });
  });

  it('refuses an impossible day once touched', async () => {
    const onSubmit = renderForm();
    const input = screen.getByRole('textbox', { name: /Fecha/ });
    await userEvent.clear(input);
    await userEvent.type(input, '31022026');
    expect(input).toHaveValue('31/02/2026');
    expect(screen.queryByText('Debe proporcionar una fecha válida')).not.toBeInTheDocument();
    await userEvent.tab();
    expect(screen.getByText('Debe proporcionar una fecha válida')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
