import { PAGE_MAX } from '@domain/limites';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { VOLUMEN, tiposPermitidos } from '@domain/componentes';
import { todayIso } from '@domain/dates';
import { MSG } from '@domain/messages';
import {
  ComponentePorCodigoDocument,
  ComponentesDocument,
  DescartarComponenteDocument,
  DonacionesPorFraccionarDocument,
  FraccionarDonacionDocument,
  LiberarComponentesDocument,
  ServicioEtiquetaComponenteDocument,
  TrazabilidadesDocument,
} from '@/generated/graphql';
import type { ComponenteDatosFragment, DonacionPorFraccionarFragment, Rol } from '@/generated/graphql';
import type { MockedResponses } from '@/test-utils';
import { renderWithProviders, signIn, testUsuario } from '@/test-utils';
import { COMPONENTES_PAGE_SIZE, ComponentesPage } from './componentes-page';

jest.setTimeout(30000);

const hoy = todayIso();
const FALTA_HIV = 'Falta el resultado de HIV 1/2';
const FALTA_GRUPO = 'Falta el grupo ABO y el factor Rh';

function componente(
  id: string,
  codigoProducto: string,
  overrides: Partial<ComponenteDatosFragment> = {},
): ComponenteDatosFragment {
  // The server's answers carry __typename; the fragment's type leaves it out.
  const c = {
    __typename: 'Componente',
    id,
    codigo: `9000126000004${codigoProducto}K`,
    codigoProducto,
    tipo: 'GLOBULOS_ROJOS',
    estado: 'CUARENTENA',
    volumen: 280,
    producidoEn: '2026-11-26T13:30:00.000Z',
    venceEn: '2027-01-07T13:30:00.000Z',
    vencido: false,
    faltaParaLiberar: [],
    motivoDescarte: null,
    detalleDescarte: null,
    liberadoPor: null,
    liberadoEn: null,
    descartadoEn: null,
    donacion: {
      __typename: 'Donacion',
      id: 'don-4',
      donanteId: 'dnt-1',
      numero: 4,
      fecha: '2026-11-26',
      abo: 'O',
      rh: 'NEGATIVO',
      identificadorUnidad: '9000126000004X',
    },
  } as ComponenteDatosFragment;
  return { ...c, ...overrides };
}

const gr = componente('c-gr', 'GR1');
const pf = componente('c-pf', 'PF1', {
  tipo: 'PLASMA_FRESCO_CONGELADO',
  volumen: 250,
  faltaParaLiberar: [FALTA_HIV, FALTA_GRUPO],
});
const pq = componente('c-pq', 'PQ1', {
  tipo: 'PLAQUETAS',
  volumen: 50,
  estado: 'LIBERADO',
  liberadoPor: 'Ana Pérez',
});

const donacion = {
  __typename: 'Donacion',
  id: 'don-5',
  donanteId: 'dnt-2',
  numero: 5,
  fecha: hoy,
  hora: '09:30',
  nombre: 'Rosa',
  apellido: 'Ibáñez',
  tipoBolsa: 'Bolsa Triple',
  donacionAferesis: false,
  plasmaCovid: false,
  abo: '',
  rh: '',
  identificadorUnidad: '9000126000005Z',
  fraccionable: true,
} as DonacionPorFraccionarFragment;

const listaMock = (items: ComponenteDatosFragment[], maxUsageCount = 1) => ({
  request: {
    query: ComponentesDocument,
    variables: { filtro: {}, page: { offset: 0, limit: COMPONENTES_PAGE_SIZE } },
  },
  result: {
    data: {
      componentes: {
        __typename: 'ComponentesPage' as const,
        total: items.length,
        offset: 0,
        limit: COMPONENTES_PAGE_SIZE,
        items,
      },
    },
  },
  maxUsageCount,
});

const porFraccionarMock = (donaciones: DonacionPorFraccionarFragment[] = [donacion], maxUsageCount = 1) => ({
  request: { query: DonacionesPorFraccionarDocument, variables: { fecha: hoy } },
  result: { data: { donacionesPorFraccionar: donaciones } },
  maxUsageCount,
});

const servicioMock = {
  request: { query: ServicioEtiquetaComponenteDocument },
  result: {
    data: {
      servicio: {
        __typename: 'Servicio' as const,
        id: 's-1',
        nombre: 'Servicio de Hemoterapia Central',
        codigoInstalacion: '90001',
        etiquetaFormato: 'HOJA_A4' as const,
        etiquetaAnchoMm: 100,
        etiquetaAltoMm: 50,
      },
    },
  },
  maxUsageCount: 5,
};

const trazabilidadesMock = {
  request: { query: TrazabilidadesDocument },
  result: { data: { trazabilidades: [] } },
  maxUsageCount: 10,
};

function renderPagina(mocks: MockedResponses, rol: Rol = 'ROL_TECNICO') {
  signIn(testUsuario({ rol }));
  renderWithProviders(
    <Routes>
      <Route path="/componentes" element={<ComponentesPage />} />
    </Routes>,
    { route: '/componentes', mocks: [servicioMock, trazabilidadesMock, ...mocks] },
  );
}

afterEach(() => localStorage.clear());

const filaDe = async (codigo: string) => {
  const tabla = await screen.findByRole('table', { name: 'Unidades' });
  const fila = tabla.querySelector(`tr[data-codigo="${codigo}"]`);
  if (!(fila instanceof HTMLElement)) throw new Error(`sin fila ${codigo}`);
  return fila;
};

describe('/componentes', () => {
  it('lists each unit with its state and what it still lacks; a releasable one offers Liberar', async () => {
    renderPagina([listaMock([gr, pf, pq]), porFraccionarMock()]);
    const filaGr = await filaDe(gr.codigo);
    expect(filaGr).toHaveTextContent('90001 26 000004 GR1 K');
    expect(filaGr).toHaveTextContent('Concentrado de glóbulos rojos');
    expect(filaGr).toHaveTextContent('O Negativo');
    expect(filaGr).toHaveTextContent('280 ml');
    expect(filaGr).toHaveTextContent('En cuarentena');
    expect(filaGr).toHaveTextContent('Nada: puede liberarse');
    expect(within(filaGr).getByRole('button', { name: /^Liberar 90001/ })).toBeInTheDocument();

    const filaPf = await filaDe(pf.codigo);
    expect(
      within(filaPf)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([FALTA_HIV, FALTA_GRUPO]);
    expect(within(filaPf).queryByRole('button', { name: /^Liberar/ })).toBeNull();

    const filaPq = await filaDe(pq.codigo);
    expect(filaPq).toHaveTextContent('Liberado');
    expect(filaPq).toHaveTextContent('Por Ana Pérez');
  });

  it("'Liberar todo lo liberable' sends the quarantined units of every page and sums up what was released and refused", async () => {
    const liberado = { ...gr, estado: 'LIBERADO' as const, liberadoPor: 'Técnico Uno' };
    renderPagina([
      listaMock([gr, pf, pq]),
      porFraccionarMock(),
      // Every unit in quarantine the filters show, on any page.
      {
        request: {
          query: ComponentesDocument,
          variables: { filtro: { estado: 'CUARENTENA' }, page: { offset: 0, limit: PAGE_MAX } },
        },
        result: {
          data: {
            componentes: {
              __typename: 'ComponentesPage' as const,
              total: 2,
              offset: 0,
              limit: PAGE_MAX,
              items: [gr, pf],
            },
          },
        },
      },
      {
        request: { query: LiberarComponentesDocument, variables: { ids: ['c-gr', 'c-pf'] } },
        result: {
          data: {
            liberarComponentes: {
              __typename: 'ResultadoLiberacion',
              liberados: [liberado],
              rechazados: [{ __typename: 'RechazoLiberacion', componente: pf, motivos: [FALTA_HIV] }],
            },
          },
        },
      },
      listaMock([liberado, pf, pq]),
    ]);
    await filaDe(gr.codigo);
    await userEvent.click(screen.getByRole('button', { name: 'Liberar todo lo liberable' }));
    const resumen = await screen.findByText('Se liberó 1 unidad');
    const alerta = resumen.closest('[data-severity]') as HTMLElement;
    expect(alerta).toHaveTextContent('No se liberó 1 unidad:');
    expect(within(alerta).getByRole('listitem')).toHaveTextContent(
      `90001 26 000004 PF1 K (Plasma fresco congelado): ${FALTA_HIV}`,
    );
  });

  it('an administrative member reads: no Fraccionar, Liberar or Descartar, only the labels', async () => {
    renderPagina([listaMock([gr, pf]), porFraccionarMock()], 'ROL_ADMINISTRATIVO');
    const fila = await filaDe(gr.codigo);
    expect(within(fila).getByRole('button', { name: /^Etiqueta de/ })).toBeInTheDocument();
    expect(within(fila).queryByRole('button', { name: /^Liberar/ })).toBeNull();
    expect(within(fila).queryByRole('button', { name: /^Descartar/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Liberar todo lo liberable' })).toBeNull();
    await screen.findByRole('table', { name: 'Donaciones por fraccionar' });
    expect(screen.queryByRole('button', { name: /^Fraccionar/ })).toBeNull();
  });

  it('the administrator splits and discards but does not release', async () => {
    renderPagina([listaMock([gr]), porFraccionarMock()], 'ROL_SERVICIO');
    const fila = await filaDe(gr.codigo);
    expect(within(fila).queryByRole('button', { name: /^Liberar/ })).toBeNull();
    expect(within(fila).getByRole('button', { name: /^Descartar/ })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Fraccionar la donación N° 5' })).toBeInTheDocument();
  });

  it('the scanner field has the focus; a code and Enter select that unit, a wrong one shows why', async () => {
    renderPagina([
      listaMock([gr, pf]),
      porFraccionarMock(),
      {
        request: { query: ComponentePorCodigoDocument, variables: { codigo: '90001 26 000004 PF1 K' } },
        result: { data: { componentePorCodigo: pf } },
      },
      {
        request: { query: ComponentePorCodigoDocument, variables: { codigo: '9000126000004PF1X' } },
        result: { errors: [{ message: 'El carácter de control del código no es válido' }] },
      },
    ]);
    await filaDe(pf.codigo);
    const campo = screen.getByRole('textbox', { name: 'Código de la unidad' });
    expect(campo).toHaveFocus();
    await userEvent.type(campo, '90001 26 000004 PF1 K{Enter}');
    const leida = await screen.findByRole('region', { name: 'Unidad leída' });
    expect(leida).toHaveTextContent('Plasma fresco congelado · 90001 26 000004 PF1 K');
    expect(leida).toHaveTextContent(FALTA_HIV);
    await waitFor(async () => expect(await filaDe(pf.codigo)).toHaveAttribute('aria-current', 'true'));
    expect(await filaDe(gr.codigo)).not.toHaveAttribute('aria-current');
    expect(campo).toHaveValue('');

    await userEvent.type(campo, '9000126000004PF1X{Enter}');
    expect(await screen.findByText('El carácter de control del código no es válido')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Unidad leída' })).toBeNull();
  });

  it("'Descartar' asks for a coded reason, and for a detail with 'Otro'", async () => {
    const descartado = {
      ...gr,
      estado: 'DESCARTADO' as const,
      motivoDescarte: 'OTRO' as const,
      detalleDescarte: 'Etiqueta ilegible',
    };
    renderPagina([
      listaMock([gr]),
      porFraccionarMock(),
      {
        request: {
          query: DescartarComponenteDocument,
          variables: { id: 'c-gr', motivo: 'OTRO', detalle: 'Etiqueta ilegible' },
        },
        result: { data: { descartarComponente: descartado } },
      },
      listaMock([descartado]),
    ]);
    const fila = await filaDe(gr.codigo);
    await userEvent.click(within(fila).getByRole('button', { name: /^Descartar/ }));
    const form = await screen.findByRole('form', { name: 'Descartar la unidad' });
    await userEvent.click(within(form).getByRole('button', { name: 'Descartar' }));
    expect(await within(form).findByText('Elija el motivo del descarte')).toBeInTheDocument();
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: /Motivo/ }), 'Otro');
    await userEvent.click(within(form).getByRole('button', { name: 'Descartar' }));
    expect(await within(form).findByText(MSG.detalleDescarteRequerido)).toBeInTheDocument();
    await userEvent.type(within(form).getByRole('textbox', { name: /Detalle/ }), 'Etiqueta ilegible');
    await userEvent.click(within(form).getByRole('button', { name: 'Descartar' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Descartar la unidad' })).toBeNull());
    const despues = await filaDe(gr.codigo);
    await waitFor(() => expect(despues).toHaveTextContent('Otro: Etiqueta ilegible'));
    // A discarded unit prints no label.
    expect(within(despues).queryByRole('button', { name: /^Etiqueta de/ })).toBeNull();
  });

  it("'Fraccionar' proposes the bag's default split; confirmed unchanged, the server applies its own", async () => {
    const hechos = [
      componente('n-gr', 'GR1'),
      componente('n-pf', 'PF1', { tipo: 'PLASMA_FRESCO_CONGELADO' }),
      componente('n-pq', 'PQ1', { tipo: 'PLAQUETAS' }),
    ];
    renderPagina([
      listaMock([]),
      porFraccionarMock(),
      {
        request: { query: FraccionarDonacionDocument, variables: { donacionId: 'don-5', componentes: null } },
        result: { data: { fraccionarDonacion: hechos } },
      },
      listaMock(hechos),
      porFraccionarMock([]),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Fraccionar la donación N° 5' }));
    const form = await screen.findByRole('form', { name: 'Fraccionar la donación N° 5' });
    const marcado = (nombre: string) =>
      (within(form).getByRole('checkbox', { name: nombre }) as HTMLInputElement).checked;
    expect(marcado('Concentrado de glóbulos rojos')).toBe(true);
    expect(marcado('Plasma fresco congelado')).toBe(true);
    expect(marcado('Concentrado de plaquetas')).toBe(true);
    expect(marcado('Crioprecipitado')).toBe(false);
    expect(
      within(form).getByRole('textbox', { name: 'Volumen de Concentrado de glóbulos rojos (ml)' }),
    ).toHaveValue('280');
    await userEvent.click(within(form).getByRole('button', { name: 'Fraccionar' }));
    const hecho = await screen.findByText('Donación N° 5 fraccionada');
    const alerta = hecho.closest('[data-severity]') as HTMLElement;
    expect(within(alerta).getByRole('button', { name: 'Imprimir etiquetas' })).toBeInTheDocument();
  });

  it('an apheresis offers a second unit of each type it may give, as many as the domain allows', async () => {
    const aferesis = { ...donacion, tipoBolsa: '', donacionAferesis: true } as DonacionPorFraccionarFragment;
    const maximos = tiposPermitidos(aferesis);
    const dosis = [
      componente('n-pq1', 'PQ1', { tipo: 'PLAQUETAS', volumen: 250 }),
      componente('n-pq2', 'PQ2', { tipo: 'PLAQUETAS', volumen: 230 }),
    ];
    renderPagina([
      listaMock([]),
      porFraccionarMock([aferesis]),
      {
        request: {
          query: FraccionarDonacionDocument,
          variables: {
            donacionId: 'don-5',
            componentes: [
              { tipo: 'PLAQUETAS', volumen: 250 },
              { tipo: 'PLAQUETAS', volumen: 230 },
            ],
          },
        },
        result: { data: { fraccionarDonacion: dosis } },
      },
      listaMock(dosis),
      porFraccionarMock([]),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Fraccionar la donación N° 5' }));
    const form = await screen.findByRole('form', { name: 'Fraccionar la donación N° 5' });
    const casilla = (nombre: string) =>
      within(form).getByRole('checkbox', { name: nombre }) as HTMLInputElement;
    // The default split: one dose of platelets; a second one offered but not chosen.
    expect(casilla('Concentrado de plaquetas').checked).toBe(true);
    expect(casilla('Concentrado de plaquetas, unidad 2').checked).toBe(false);
    // One line per unit the domain allows of each type, none beyond; never cryoprecipitate.
    expect(maximos.PLAQUETAS).toBe(2);
    expect(within(form).queryByRole('checkbox', { name: 'Concentrado de plaquetas, unidad 3' })).toBeNull();
    expect(within(form).queryByRole('checkbox', { name: /^Crioprecipitado/ })).toBeNull();
    expect(within(form).getAllByRole('checkbox')).toHaveLength(
      Object.values(maximos).reduce((a, b) => a + (b ?? 0), 0),
    );

    await userEvent.click(casilla('Concentrado de plaquetas, unidad 2'));
    const volumen = within(form).getByRole('textbox', {
      name: 'Volumen de Concentrado de plaquetas, unidad 2 (ml)',
    });
    expect(volumen).toHaveValue('250');
    await userEvent.clear(volumen);
    await userEvent.type(volumen, '230');
    await userEvent.click(within(form).getByRole('button', { name: 'Fraccionar' }));
    expect(await screen.findByText('Donación N° 5 fraccionada')).toBeInTheDocument();
  });

  it('a volume out of bounds is refused on the screen, before asking the server', async () => {
    renderPagina([listaMock([]), porFraccionarMock()]);
    await userEvent.click(await screen.findByRole('button', { name: 'Fraccionar la donación N° 5' }));
    const form = await screen.findByRole('form', { name: 'Fraccionar la donación N° 5' });
    const volumen = within(form).getByRole('textbox', { name: 'Volumen de Concentrado de plaquetas (ml)' });
    await userEvent.clear(volumen);
    await userEvent.type(volumen, '900');
    expect(
      await within(form).findByText(
        MSG.volumenFueraDeRango(VOLUMEN.PLAQUETAS.minimo, VOLUMEN.PLAQUETAS.maximo),
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Fraccionar' }));
    // Still open: nothing was sent (an unexpected request would fail the test).
    expect(screen.getByRole('form', { name: 'Fraccionar la donación N° 5' })).toBeInTheDocument();
  });
});
