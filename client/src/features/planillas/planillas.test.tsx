import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { identificadorLegible } from '@domain/componentes';
import { todayIso } from '@domain/dates';
import { MSG } from '@domain/messages';
import { PLANILLA_CATEGORY_LABELS, PLANILLAS, REGISTROS_PERIODO } from '@domain/planillas';
import { PlanillasDocument, RegistroDescartesDocument, ServicioDocument } from '@/generated/graphql';
import { capturarDescargas, leerTexto, renderApp, renderWithProviders, signIn } from '@/test-utils';
import type { MockedResponses } from '@/test-utils';
import { PlanillasPage } from './planillas-page';

const servicioMock = {
  request: { query: ServicioDocument },
  result: {
    data: {
      servicio: {
        __typename: 'Servicio' as const,
        id: 's1',
        nombre: 'Servicio de Hemoterapia Central',
        direccion: 'Av. Siempreviva 742',
        email: null,
        telefono: null,
      },
    },
  },
};

const mocks: MockedResponses = [
  {
    request: { query: PlanillasDocument },
    result: {
      data: { planillas: PLANILLAS.map((p) => ({ __typename: 'Planilla' as const, ...p })) },
    },
  },
  servicioMock,
];

const HOY = todayIso();
const MES = `${HOY.slice(0, 8)}01`;
const CODIGO = '9000126000004GR1E';

/** The discard register of this month: one unit. */
const descartesMocks = (): MockedResponses => [
  {
    request: {
      query: RegistroDescartesDocument,
      variables: { desde: MES, hasta: HOY, page: { offset: 0, limit: 100 } },
    },
    result: {
      data: {
        registroDescartes: {
          __typename: 'RegistroDescartesPage' as const,
          total: 1,
          offset: 0,
          limit: 100,
          items: [
            {
              __typename: 'DescarteRegistro' as const,
              componenteId: 'c1',
              descartadoEn: `${HOY}T13:30:00.000Z`,
              codigo: CODIGO,
              codigoProducto: 'GR1',
              tipo: 'GLOBULOS_ROJOS',
              abo: 'O',
              rh: 'NEGATIVO',
              volumen: 280,
              motivoTexto: 'Bolsa rota o pérdida',
              detalle: 'Se rompió',
              descartadoPor: 'Marta Gómez',
              descartadoEnDestino: null,
            },
          ],
        },
      },
    },
  },
];

afterEach(() => localStorage.clear());

describe('Planillas page', () => {
  it('lists the 13 forms grouped by category, each with a view and a download link', async () => {
    signIn();
    renderWithProviders(<PlanillasPage />, { mocks, route: '/planillas' });

    const table = await screen.findByRole('table', { name: 'Planillas descargables' });
    const rows = await within(table).findAllByTestId('planilla-row');
    expect(rows).toHaveLength(13);

    for (const label of Object.values(PLANILLA_CATEGORY_LABELS)) {
      expect(within(table).getByText(label)).toBeInTheDocument();
    }

    PLANILLAS.forEach((p, i) => {
      const row = rows[i];
      expect(within(row).getByText(p.displayName, { selector: 'p' })).toBeInTheDocument();
      const view = within(row).getByRole('link', { name: `Ver ${p.displayName}` });
      expect(view).toHaveAttribute('href', `/planillas/${p.fileName}`);
      expect(view).toHaveAttribute('target', '_blank');
      expect(view).toHaveAttribute('rel', expect.stringContaining('noopener'));
      expect(view).not.toHaveAttribute('download');
      const download = within(row).getByRole('link', { name: `Descargar ${p.displayName}` });
      expect(download).toHaveAttribute('href', `/planillas/${p.fileName}`);
      expect(download).toHaveAttribute('download', p.fileName);
    });

    // Rows follow the category order: the product's blank sheets first, CPH last.
    const bodies = table.querySelectorAll('tbody');
    expect([...bodies].map((b) => b.getAttribute('data-category'))).toEqual([
      'hemoterapia',
      'registro',
      'consentimiento',
      'cph',
    ]);
  });

  it('offers the two registers of a period, this month to start with', async () => {
    signIn();
    renderWithProviders(<PlanillasPage />, { mocks, route: '/planillas' });
    await screen.findAllByTestId('planilla-row');
    const registros = screen.getByRole('table', { name: 'Registros del período' });
    const rows = within(registros).getAllByTestId('registro-row');
    expect(rows).toHaveLength(REGISTROS_PERIODO.length);
    REGISTROS_PERIODO.forEach((r, i) => {
      expect(within(rows[i]).getByText(r.displayName)).toBeInTheDocument();
      expect(within(rows[i]).getByRole('button', { name: `Descargar PDF: ${r.displayName}` })).toBeEnabled();
      expect(within(rows[i]).getByRole('button', { name: `Descargar CSV: ${r.displayName}` })).toBeEnabled();
    });
    // The blank form of the same name stays in the catalogue, named as what it is.
    const catalogo = screen.getByRole('table', { name: 'Planillas descargables' });
    expect(
      within(catalogo).getByText('Registro de unidades descartadas (hoja en blanco)', { selector: 'p' }),
    ).toBeInTheDocument();
  });

  it("downloads the discard register's CSV, read from the server", async () => {
    signIn();
    const { creados: created, nombres: names, restaurar } = capturarDescargas();
    renderWithProviders(<PlanillasPage />, {
      mocks: [...mocks, ...descartesMocks()],
      route: '/planillas',
    });
    // The catalogue loaded (its overlay hides the page until then).
    await screen.findAllByTestId('planilla-row');
    fireEvent.click(screen.getByRole('button', { name: 'Descargar CSV: Registro de unidades descartadas' }));
    await waitFor(() => expect(names).toEqual([`registro-descartes-${MES}-a-${HOY}.csv`]));
    const text = await leerTexto(created[0]);
    expect(text).toContain('# Registro de unidades descartadas - Servicio de Hemoterapia Central');
    expect(text).toContain(
      `${identificadorLegible(CODIGO)};Glóbulos rojos (GR1);O Negativo;280;Bolsa rota o pérdida;Se rompió;Marta Gómez;En el servicio`,
    );
    restaurar();
  });

  it('checks the period before asking: more than a year shows its error and sends nothing', async () => {
    signIn();
    renderWithProviders(<PlanillasPage />, { mocks, route: '/planillas' });
    // The catalogue loaded (its overlay hides the page until then).
    await screen.findAllByTestId('planilla-row');
    const desde = screen.getByLabelText('Desde');
    fireEvent.change(desde, { target: { value: '01/01/2000' } });
    fireEvent.blur(desde);
    fireEvent.click(screen.getByRole('button', { name: 'Descargar PDF: Registro de despachos' }));
    expect(await screen.findByText(MSG.periodoRegistroDemasiadoLargo)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('is routed at /planillas inside the app', async () => {
    signIn();
    renderApp('/planillas', { mocks });
    expect(await screen.findByRole('heading', { name: 'Planillas', level: 1 })).toBeInTheDocument();
    expect(await screen.findAllByTestId('planilla-row')).toHaveLength(13);
  });
});
