import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { renderWithProviders } from '@/test-utils';
import { errorMessages } from '@/lib/graphql-errors';
import { AppAlert } from './app-alert';
import { ConfirmDialog } from './confirm-dialog';
import { DocumentLink, documentUrl } from './document-link';
import { LoadingOverlay } from './loading-overlay';
import { ServerErrors } from './server-errors';
import { TOAST_DURATION_MS, showToast, toaster } from './toast';

describe('AppAlert', () => {
  it('is red (danger) by default and can be dismissed', async () => {
    const onClose = jest.fn();
    renderWithProviders(<AppAlert message="Error al crear donante" onClose={onClose} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Error al crear donante');
    expect(alert).toHaveAttribute('data-severity', 'danger');
    await userEvent.click(within(alert).getByRole('button', { name: 'Cerrar' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows another severity when given', () => {
    renderWithProviders(<AppAlert message="Opciones guardadas con exito" severity="success" />);
    expect(screen.getByRole('status')).toHaveAttribute('data-severity', 'success');
    expect(screen.queryByRole('button', { name: 'Cerrar' })).not.toBeInTheDocument();
  });
});

describe('ServerErrors', () => {
  it('shows one message per line', () => {
    renderWithProviders(<ServerErrors errors={['Requerido', 'El email es invalido']} />);
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Requerido', 'El email es invalido']);
  });

  it.each([[[]], [undefined], [null]])('with %p shows the empty text', (errors) => {
    renderWithProviders(<ServerErrors errors={errors} />);
    expect(screen.getByText('No se encontraron errores de validación.')).toBeInTheDocument();
  });
});

describe('errorMessages', () => {
  it('takes extensions.errors[].msg, else the message', () => {
    const error = new CombinedGraphQLErrors({
      errors: [
        {
          message: 'x',
          extensions: {
            code: 'BAD_USER_INPUT',
            errors: [
              { field: 'a', msg: 'Requerido' },
              { field: 'b', msg: 'Peso bajo' },
            ],
          },
        },
        { message: 'Usuario o contraseña incorrectos', extensions: { code: 'UNAUTHENTICATED' } },
      ],
    });
    expect(errorMessages(error)).toEqual(['Requerido', 'Peso bajo', 'Usuario o contraseña incorrectos']);
  });

  it('is empty for no error', () => {
    expect(errorMessages(undefined)).toEqual([]);
  });
});

describe('toast', () => {
  afterEach(() => {
    act(() => {
      toaster.remove();
    });
    jest.useRealTimers();
  });

  it('shows a success toast by default that hides itself after 5000 ms', async () => {
    jest.useFakeTimers();
    renderWithProviders(<div />);
    expect(TOAST_DURATION_MS).toBe(5000);
    act(() => {
      showToast('Integrante agregado con exito');
    });
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Integrante agregado con exito');
    expect(toast).toHaveAttribute('data-type', 'success');
    act(() => {
      jest.advanceTimersByTime(4000);
    });
    expect(screen.getByText('Integrante agregado con exito')).toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(2000);
    });
    // Exit animation then removal.
    act(() => {
      jest.advanceTimersByTime(2000);
    });
    expect(screen.queryByText('Integrante agregado con exito')).not.toBeInTheDocument();
  });

  it('maps danger to an error toast', async () => {
    renderWithProviders(<div />);
    act(() => {
      showToast('Error al eliminar donante', 'danger');
    });
    expect(await screen.findByTestId('toast')).toHaveAttribute('data-type', 'error');
  });
});

describe('LoadingOverlay', () => {
  it('is a blocking modal with a spinner and the hidden text Cargando...', async () => {
    renderWithProviders(<LoadingOverlay open />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Cargando...')).toBeInTheDocument();
  });

  it('shows nothing when closed', () => {
    renderWithProviders(<LoadingOverlay open={false} />);
    expect(screen.queryByText('Cargando...')).not.toBeInTheDocument();
  });
});

describe('ConfirmDialog', () => {
  it('only Si confirms', async () => {
    const onConfirm = jest.fn();
    const onCancel = jest.fn();
    renderWithProviders(
      <ConfirmDialog open title="¿Quiere borrar?" onConfirm={onConfirm} onCancel={onCancel} />,
    );
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('¿Quiere borrar?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onCancel).toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Si' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});

describe('DocumentLink', () => {
  it('points at /planillas/{fileName} by default and opens in a new tab', () => {
    renderWithProviders(<DocumentLink fileName="consentimiento.pdf">Ver</DocumentLink>);
    const link = screen.getByRole('link', { name: 'Ver' });
    expect(link).toHaveAttribute('href', '/planillas/consentimiento.pdf');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('downloads from another folder as a button', () => {
    renderWithProviders(
      <DocumentLink fileName="f 1.pdf" folder="cph" variant="button" size="sm" download>
        Descargar
      </DocumentLink>,
    );
    const link = screen.getByRole('link', { name: 'Descargar' });
    expect(link).toHaveAttribute('href', '/cph/f%201.pdf');
    expect(link).toHaveAttribute('download', 'f 1.pdf');
    expect(documentUrl('x.pdf')).toBe('/planillas/x.pdf');
  });
});
