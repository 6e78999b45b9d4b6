import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { formatDateTime } from '@domain/dates';
import { MSG } from '@domain/messages';
import {
  AvanzarContadorEtiquetasDocument,
  ContadorEtiquetasDocument,
  EtiquetasSinUsarDocument,
  FormatoEtiquetasDocument,
  UpdateFormatoEtiquetasDocument,
} from '@/generated/graphql';
import type { EtiquetasSinUsarQuery } from '@/generated/graphql';
import { renderWithProviders, signIn, testUsuario } from '@/test-utils';
import { SIN_USAR_PAGE_SIZE } from './etiquetas-sin-usar';
import { NumeracionPage } from './numeracion-page';

type Item = EtiquetasSinUsarQuery['etiquetasSinUsar']['items'][number];

const EMITIDA = '2025-08-09T12:30:00.000Z';

const item = (numero: number, codigo: string, extra: Partial<Item> = {}): Item & { __typename: string } => ({
  __typename: 'EtiquetaSinUsar',
  numero,
  codigo,
  emitidaEn: EMITIDA,
  emitidaPor: 'Marta Gómez',
  donante: null,
  ...extra,
});

const sinUsarMock = (offset: number, items: Item[], total = items.length) => ({
  request: { query: EtiquetasSinUsarDocument, variables: { page: { offset, limit: SIN_USAR_PAGE_SIZE } } },
  result: {
    data: {
      etiquetasSinUsar: {
        __typename: 'EtiquetaSinUsarPage' as const,
        total,
        offset,
        limit: SIN_USAR_PAGE_SIZE,
        items,
      },
    },
  },
});

const servicioFormato = (
  etiquetaFormato: 'HOJA_A4' | 'IMPRESORA',
  etiquetaAnchoMm = 100,
  etiquetaAltoMm = 50,
) => ({
  __typename: 'Servicio' as const,
  id: testUsuario().id,
  etiquetaFormato,
  etiquetaAnchoMm,
  etiquetaAltoMm,
});

const formatoMock = (formato: 'HOJA_A4' | 'IMPRESORA' = 'HOJA_A4') => ({
  request: { query: FormatoEtiquetasDocument },
  result: { data: { servicio: servicioFormato(formato) } },
});

const contadorMock = (ultimo: number) => ({
  request: { query: ContadorEtiquetasDocument },
  result: { data: { contadorEtiquetas: ultimo } },
});

/**
 * Waits until the unused numbers have answered and their blocking overlay is gone: while it shows,
 * a modal, the rest of the page is hidden from the user (and from role queries).
 */
async function esperarCargaCompleta() {
  expect(await screen.findByText('Todos los números emitidos están en una donación.')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).not.toBeInTheDocument());
}

describe('Opciones > Numeración', () => {
  it('lists the numbers issued and never used: code, when, who issued each and for which donor', async () => {
    signIn();
    const donante = {
      __typename: 'Donante' as const,
      id: 'd-1',
      apellido: 'Benítez',
      nombre: 'Ana',
      dni: '30111222',
    };
    renderWithProviders(<NumeracionPage />, {
      mocks: [
        sinUsarMock(0, [item(4521, '4521N', { donante }), item(39, '398', { emitidaPor: null })], 21),
        sinUsarMock(SIN_USAR_PAGE_SIZE, [item(12, '12X', { emitidaPor: 'Luis Ríos' })], 21),
        contadorMock(4521),
        formatoMock(),
      ],
    });
    const tabla = await screen.findByRole('table', { name: 'Números emitidos sin usar' });
    const filas = within(tabla).getAllByRole('row').slice(1);
    expect(
      filas.map((f) =>
        within(f)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['4521', '4521-N', formatDateTime(EMITIDA), 'Marta Gómez', 'Benítez, Ana (DNI 30111222)'],
      ['39', '39-8', formatDateTime(EMITIDA), 'Sin registro', 'Ninguno'],
    ]);
    expect(screen.getByText('Mostrando 1–2 de 21')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('Luis Ríos')).toBeInTheDocument();
    expect(screen.getByText('Página 2 de 2')).toBeInTheDocument();
  });

  it('says so when every issued number is on a donation', async () => {
    signIn();
    renderWithProviders(<NumeracionPage />, {
      mocks: [sinUsarMock(0, []), contadorMock(10), formatoMock()],
    });
    expect(await screen.findByText('Todos los números emitidos están en una donación.')).toBeInTheDocument();
  });

  it('the administrator chooses a label printer and its size in mm, within the bounds', async () => {
    signIn();
    const guardado = jest.fn(() => ({
      data: { updateFormatoEtiquetas: servicioFormato('IMPRESORA', 62, 29) },
    }));
    renderWithProviders(<NumeracionPage />, {
      mocks: [
        sinUsarMock(0, []),
        contadorMock(10),
        formatoMock(),
        {
          request: {
            query: UpdateFormatoEtiquetasDocument,
            variables: { input: { formato: 'IMPRESORA', anchoMm: 62, altoMm: 29 } },
          },
          result: guardado,
        },
      ],
    });
    await esperarCargaCompleta();
    const form = await screen.findByRole('form', { name: 'Formato de etiquetas' });
    const hoja = within(form).getByRole('radio', { name: 'Hoja A4 de 6 etiquetas' });
    expect(hoja).toBeChecked();
    // The sizes matter only for a printer: they show when it is chosen.
    expect(within(form).queryByLabelText(/^Ancho de la etiqueta/)).not.toBeInTheDocument();
    await userEvent.click(within(form).getByText('Impresora de etiquetas (una por página)'));
    const ancho = within(form).getByLabelText(/^Ancho de la etiqueta \(mm\)/);
    const alto = within(form).getByLabelText(/^Alto de la etiqueta \(mm\)/);
    expect(ancho).toHaveValue('100');
    expect(alto).toHaveValue('50');
    await userEvent.clear(ancho);
    await userEvent.type(ancho, '39');
    await userEvent.clear(alto);
    await userEvent.type(alto, '29');
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar formato' }));
    expect(
      await within(form).findByText('Debe ser un número entero de milímetros entre 40 y 110'),
    ).toBeInTheDocument();
    expect(guardado).not.toHaveBeenCalled();
    await userEvent.clear(ancho);
    await userEvent.type(ancho, '62');
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar formato' }));
    expect(await screen.findByText(MSG.formatoEtiquetasGuardado)).toBeInTheDocument();
    expect(guardado).toHaveBeenCalledTimes(1);
  });

  it.each(['ROL_MEDICO', 'ROL_TECNICO', 'ROL_ADMINISTRATIVO'] as const)('%s is not allowed', async (rol) => {
    signIn(testUsuario({ id: '33333333-3333-4333-8333-333333333333', rol }));
    renderWithProviders(<NumeracionPage />);
    expect(await screen.findByText(MSG.sinPermiso)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('table')).not.toBeInTheDocument());
  });

  it('the administrator sees the last label number, moves it forward, and sees the server refusing to go back', async () => {
    signIn();
    renderWithProviders(<NumeracionPage />, {
      mocks: [
        sinUsarMock(0, []),
        contadorMock(120),
        formatoMock(),
        {
          request: { query: AvanzarContadorEtiquetasDocument, variables: { ultimo: 100 } },
          result: {
            errors: [
              new GraphQLError(MSG.contadorEtiquetasNoRetrocede(120), {
                extensions: { code: 'BAD_USER_INPUT' },
              }),
            ],
          },
        },
        {
          request: { query: AvanzarContadorEtiquetasDocument, variables: { ultimo: 5000 } },
          result: { data: { avanzarContadorEtiquetas: 5000 } },
        },
      ],
    });
    await esperarCargaCompleta();
    const form = await screen.findByRole('form', { name: 'Numeración de etiquetas' });
    expect(screen.getByText('Último número emitido: 120')).toBeInTheDocument();
    const campo = within(form).getByLabelText(/^Nuevo último número emitido/);
    const boton = within(form).getByRole('button', { name: 'Adelantar numeración' });

    await userEvent.type(campo, '100000000');
    await userEvent.click(boton);
    expect(await within(form).findByText(MSG.numeroEtiquetaFueraDeRango)).toBeInTheDocument();

    await userEvent.clear(campo);
    await userEvent.type(campo, '100');
    await userEvent.click(boton);
    expect(await screen.findByText(MSG.contadorEtiquetasNoRetrocede(120))).toBeInTheDocument();
    expect(screen.getByText('Último número emitido: 120')).toBeInTheDocument();

    await userEvent.clear(campo);
    await userEvent.type(campo, '5000');
    await userEvent.click(boton);
    expect(await screen.findByText(MSG.contadorEtiquetasAvanzado(5000))).toBeInTheDocument();
    expect(await screen.findByText('Último número emitido: 5000')).toBeInTheDocument();
  });
});
