import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'react-final-form';
import { MSG } from '@domain/messages';
import { renderWithProviders } from '@/test-utils';
import { TextField } from './text-field';

function renderForm(onSubmit = jest.fn()) {
  renderWithProviders(
    <Form onSubmit={onSubmit}>
      {({ handleSubmit }) => (
        <form onSubmit={handleSubmit} aria-label="Prueba">
          <TextField name="nombre" label="Nombre" />
          <TextField name="dni" label="DNI" />
          <TextField name="password" label="Clave" type="password" />
          <button type="submit">Guardar</button>
        </form>
      )}
    </Form>,
  );
  return onSubmit;
}

describe('TextField', () => {
  it('refuses invisible and control characters with the server’s message, before sending', async () => {
    const onSubmit = renderForm();
    const nombre = screen.getByRole('textbox', { name: 'Nombre' });
    fireEvent.change(nombre, { target: { value: 'Ana\u202Eevil' } });
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(screen.getByText(MSG.caracteresNoPermitidos)).toBeInTheDocument();
    expect(nombre).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('lets ordinary text, pasted whitespace and a DNI with an invisible character through (the server normalises them)', async () => {
    const onSubmit = renderForm();
    fireEvent.change(screen.getByRole('textbox', { name: 'Nombre' }), {
      target: { value: 'José\u00A0Núñez 👨‍👩‍👧' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'DNI' }), { target: { value: '30\u200B123456' } });
    fireEvent.change(screen.getByLabelText('Clave'), { target: { value: 'clave segura' } });
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('refuses a control character in a password', async () => {
    const onSubmit = renderForm();
    fireEvent.change(screen.getByLabelText('Clave'), { target: { value: 'clave\u0007segura' } });
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(screen.getByText(MSG.caracteresNoPermitidos)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
