import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { Route, Routes } from 'react-router-dom';
import { addDays, formatDate, formatDateTime, todayIso } from '@domain/dates';
import { MSG } from '@domain/messages';
import {
  DonacionDocument,
  DonacionesDeDonanteDocument,
  DonanteDocument,
  ElegibilidadDonanteDocument,
  LevantamientosDonanteDocument,
  LevantarDiferimientoDocument,
  RegistrarNoAptoDocument,
  UpdateResultadosDonacionDocument,
  VisitasNoAptoDocument,
} from '@/generated/graphql';
import type { Rol } from '@/generated/graphql';
import { toaster } from '@/components/toast';
import { renderWithProviders, signIn, testUsuario } from '@/test-utils';
import type { MockedResponses } from '@/test-utils';
import { DonacionResultadosPage } from './donacion-resultados-page';
import { DonacionesDonantePage } from './donaciones-donante-page';
import { ResultadoMarcas } from '@/components/resultado-marcas';
import { SIN_FECHA_TEXTO } from './elegibilidad-panel';
import {
  citacionPendienteMock,
  visitasDonanteMock,
  diferimientoDeDonacion,
  donacion,
  donanteDatos,
  servicioMock,
  componentesDeLaDonacionMock,
} from './test-data';

jest.setTimeout(30000);

const DONANTE = 'd1';
const hoy = todayIso();
const textoDefinitiva = `Donante diferido: exclusión definitiva (donación N° 1001 del ${formatDate(hoy)}).`;
const definitiva = donacion({
  fecha: hoy,
  exclusionDefinitiva: 'Definitiva',
  diferimiento: diferimientoDeDonacion('x1', 'Definitiva', null, textoDefinitiva),
});
const textoIntervalo = `Este donante dono hace menos de 8 semanas (${formatDate(hoy)}).`;

type Elegibilidad = {
  puedeDonar: boolean;
  desde: string | null;
  motivos: { tipo: string; texto: string }[];
  diferimientos: {
    origenId: string | null;
    origen: string | null;
    tipo: string;
    desde: string;
    hasta: string | null;
    texto: string;
    /** Another member of the network's name; null for the servicio's own. */
    servicio: string | null;
  }[];
};

function donanteElegibilidad(e: Elegibilidad) {
  return {
    __typename: 'Donante' as const,
    id: DONANTE,
    puedeDonar: e.puedeDonar,
    proximaDonacion: e.puedeDonar ? null : e.desde,
    elegibilidad: {
      __typename: 'Elegibilidad' as const,
      puedeDonar: e.puedeDonar,
      desde: e.desde,
      motivos: e.motivos.map((m) => ({ __typename: 'MotivoElegibilidad' as const, ...m })),
      diferimientos: e.diferimientos.map((d) => ({ __typename: 'Diferimiento' as const, ...d })),
    },
  };
}

const PUEDE: Elegibilidad = { puedeDonar: true, desde: hoy, motivos: [], diferimientos: [] };
const DIFERIDO: Elegibilidad = {
  puedeDonar: false,
  desde: null,
  motivos: [
    { tipo: 'intervalo', texto: textoIntervalo },
    { tipo: 'diferimiento', texto: textoDefinitiva },
  ],
  diferimientos: [
    {
      origenId: definitiva.id,
      origen: 'donacion',
      tipo: 'Definitiva',
      desde: hoy,
      hasta: null,
      texto: textoDefinitiva,
      servicio: null,
    },
  ],
};
const SOLO_INTERVALO: Elegibilidad = {
  puedeDonar: false,
  desde: addDays(hoy, 56),
  motivos: [{ tipo: 'intervalo', texto: textoIntervalo }],
  diferimientos: [],
};

const elegibilidadMock = (e: Elegibilidad) => ({
  request: { query: ElegibilidadDonanteDocument, variables: { id: DONANTE } },
  result: { data: { donante: donanteElegibilidad(e) } },
});
/** The donor's own record (the page's heading), whose summary carries the same eligibility. */
const donanteMock = (e: Elegibilidad) => {
  const { elegibilidad, ...resto } = donanteElegibilidad(e);
  const { diferimientos: _, ...resumen } = elegibilidad;
  return {
    request: { query: DonanteDocument, variables: { id: DONANTE } },
    result: { data: { donante: { ...donanteDatos(), ...resto, elegibilidad: resumen } } },
  };
};
const donacionesMock = (list: object[] = [definitiva]) => ({
  request: { query: DonacionesDeDonanteDocument, variables: { donanteId: DONANTE } },
  result: { data: { donacionesDeDonante: list } },
  maxUsageCount: 5,
});
const visita = {
  __typename: 'VisitaNoApto' as const,
  id: 'v1',
  donanteId: DONANTE,
  fecha: hoy,
  hora: '10:00',
  motivo: 'Hemoglobina baja',
  diferimientoDias: 30,
  definitivo: false,
  tas: 190,
  tad: null,
  fc: null,
  peso: null,
  temp: null,
  hb: 10.5,
  hto: null,
};
const visitasMock = (list: object[] = []) => ({
  request: { query: VisitasNoAptoDocument, variables: { donanteId: DONANTE } },
  result: { data: { visitasNoApto: list } },
});

type Levantamiento = {
  id: string;
  origenId: string;
  diferimiento: string;
  motivo: string;
  at: string;
  autor: string | null;
  anulado: boolean;
};

const levantamientosMock = (list: Levantamiento[] = [], maxUsageCount = 5) => ({
  request: { query: LevantamientosDonanteDocument, variables: { id: DONANTE } },
  result: {
    data: {
      donante: {
        __typename: 'Donante' as const,
        id: DONANTE,
        levantamientos: list.map((l) => ({ __typename: 'Levantamiento' as const, ...l })),
      },
    },
  },
  maxUsageCount,
});

/**
 * The donor's page for a donor with eligibility `e`; the donor has no lifts unless `mocks` answer
 * LevantamientosDonante first.
 */
function renderPagina(e: Elegibilidad, mocks: MockedResponses, rol: Rol = 'ROL_SERVICIO') {
  signIn(testUsuario({ rol }));
  renderWithProviders(
    <Routes>
      <Route path="/donaciones/donante/:donanteId" element={<DonacionesDonantePage />} />
    </Routes>,
    {
      route: `/donaciones/donante/${DONANTE}`,
      mocks: [
        servicioMock,
        donanteMock(e),
        elegibilidadMock(e),
        ...mocks,
        levantamientosMock(),
        citacionPendienteMock(DONANTE),
        visitasDonanteMock(DONANTE),
      ],
    },
  );
}

const panel = () => screen.findByRole('region', { name: 'Elegibilidad del donante' });

afterEach(() => {
  act(() => {
    toaster.remove();
  });
  localStorage.clear();
});

describe("the donor's eligibility panel", () => {
  it("a donor who may donate: 'Nueva donación', no warning", async () => {
    renderPagina(PUEDE, [donacionesMock([]), visitasMock()]);
    expect(await screen.findByRole('link', { name: 'Nueva donación' })).toHaveAttribute(
      'href',
      `/donaciones/nueva/${DONANTE}/`,
    );
    expect(screen.queryByRole('region', { name: 'Elegibilidad del donante' })).not.toBeInTheDocument();
  });

  it("a deferred donor: every reason in words, that it has no end, and no 'Nueva donación'", async () => {
    renderPagina(DIFERIDO, [donacionesMock(), visitasMock()]);
    const region = await panel();
    expect(region).toHaveTextContent('El donante no puede donar hoy');
    expect(region).toHaveTextContent(textoIntervalo);
    expect(region).toHaveTextContent(textoDefinitiva);
    expect(region).toHaveTextContent(SIN_FECHA_TEXTO);
    expect(screen.queryByRole('link', { name: 'Nueva donación' })).not.toBeInTheDocument();
    // The donation that defers the donor says so in the list.
    const tabla = await screen.findByRole('table', { name: 'Donaciones del donante' });
    expect(within(tabla).getByTestId('marca-diferido')).toHaveTextContent('Diferido (definitiva)');
  });

  it("a donor who may donate from a day: 'Puede donar a partir del DD/MM/YYYY'", async () => {
    renderPagina(SOLO_INTERVALO, [donacionesMock([]), visitasMock()]);
    const region = await panel();
    expect(region).toHaveTextContent(`Puede donar a partir del ${formatDate(addDays(hoy, 56))}`);
    expect(region).not.toHaveTextContent(SIN_FECHA_TEXTO);
  });
});

describe('lifting a deferral', () => {
  it("another member's deferral shows its servicio and date, and no lift button: only that one lifts it", async () => {
    const textoAjeno = `Donante diferido en Hospital Central desde el ${formatDate(hoy)}.`;
    const conAjeno: Elegibilidad = {
      ...DIFERIDO,
      motivos: [...DIFERIDO.motivos, { tipo: 'diferimiento', texto: textoAjeno }],
      diferimientos: [
        ...DIFERIDO.diferimientos,
        {
          origenId: null,
          origen: null,
          tipo: 'Indefinida',
          desde: hoy,
          hasta: null,
          texto: textoAjeno,
          servicio: 'Hospital Central',
        },
      ],
    };
    renderPagina(conAjeno, [donacionesMock(), visitasMock()], 'ROL_MEDICO');
    const region = await panel();
    expect(region).toHaveTextContent(textoAjeno);
    expect(within(region).getAllByRole('button', { name: /Levantar diferimiento/ })).toHaveLength(1);
    expect(
      within(region).getByRole('button', { name: `Levantar diferimiento: ${textoDefinitiva}` }),
    ).toBeInTheDocument();
  });

  it.each(['ROL_TECNICO', 'ROL_ADMINISTRATIVO'] as const)(
    '%s sees the reasons but no lift button',
    async (rol) => {
      renderPagina(DIFERIDO, [donacionesMock(), visitasMock()], rol);
      const region = await panel();
      expect(region).toHaveTextContent(textoDefinitiva);
      expect(within(region).queryByRole('button', { name: /Levantar diferimiento/ })).not.toBeInTheDocument();
    },
  );

  it.each(['ROL_MEDICO', 'ROL_SERVICIO'] as const)(
    '%s lifts it with a required reason; the page then offers a new donation',
    async (rol) => {
      const motivo = 'Falso positivo confirmado por el médico';
      renderPagina(
        DIFERIDO,
        [
          donacionesMock(),
          visitasMock(),
          {
            request: {
              query: LevantarDiferimientoDocument,
              variables: { donanteId: DONANTE, origenId: definitiva.id, motivo },
            },
            result: { data: { levantarDiferimiento: donanteElegibilidad(PUEDE) } },
          },
        ],
        rol,
      );
      const region = await panel();
      await userEvent.click(await within(region).findByRole('button', { name: /Levantar diferimiento/ }));
      const dialog = await screen.findByRole('dialog');
      expect(dialog).toHaveTextContent(textoDefinitiva);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Levantar diferimiento' }));
      expect(await within(dialog).findByText(MSG.requerido)).toBeInTheDocument();
      await userEvent.type(within(dialog).getByLabelText(/^Motivo/), motivo);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Levantar diferimiento' }));
      expect(await screen.findByRole('link', { name: 'Nueva donación' })).toBeInTheDocument();
      expect(await screen.findByText(MSG.diferimientoLevantado)).toBeInTheDocument();
      await waitFor(() =>
        expect(screen.queryByRole('region', { name: 'Elegibilidad del donante' })).not.toBeInTheDocument(),
      );
    },
  );

  it("after a lift the donation's badge leaves the list and the lift is listed: when, which, who and why", async () => {
    const motivo = 'Western blot negativo';
    const textoHiv = `Donante diferido: serología reactiva (HIV) en la donación N° 1001 del ${formatDate(hoy)}, a la espera de la decisión de un médico.`;
    const hiv: Elegibilidad = {
      puedeDonar: false,
      desde: null,
      motivos: [{ tipo: 'diferimiento', texto: textoHiv }],
      diferimientos: [
        {
          origenId: 'x1',
          origen: 'donacion',
          tipo: 'Pendiente',
          desde: hoy,
          hasta: null,
          texto: textoHiv,
          servicio: null,
        },
      ],
    };
    const pendiente = donacion({
      fecha: hoy,
      serologia: {
        __typename: 'Serologia',
        hiv: true,
        hepB: false,
        hepC: false,
        vdrl: false,
        brucelosis: false,
        chagas: false,
        htlv: false,
      },
      diferimiento: diferimientoDeDonacion('x1', 'Pendiente', null, textoHiv),
    });
    const levantamiento: Levantamiento = {
      id: 'l1',
      origenId: 'x1',
      diferimiento: textoHiv,
      motivo,
      at: `${hoy}T13:05:00.000Z`,
      autor: 'Laura Benítez',
      anulado: false,
    };
    renderPagina(
      hiv,
      [
        // Before the lift, and as the list is read again after it.
        { ...donacionesMock([pendiente]), maxUsageCount: 1 },
        { ...donacionesMock([{ ...pendiente, diferimiento: null }]), maxUsageCount: 1 },
        visitasMock(),
        levantamientosMock([], 1),
        levantamientosMock([levantamiento], 1),
        {
          request: {
            query: LevantarDiferimientoDocument,
            variables: { donanteId: DONANTE, origenId: 'x1', motivo },
          },
          result: { data: { levantarDiferimiento: donanteElegibilidad(PUEDE) } },
        },
      ],
      'ROL_MEDICO',
    );
    const tabla = await screen.findByRole('table', { name: 'Donaciones del donante' });
    expect(await within(tabla).findByTestId('marca-diferido')).toHaveTextContent(
      'Pendiente de decisión médica',
    );
    expect(within(tabla).getByTestId('marca-reactivo')).toHaveTextContent('HIV 1/2 (+)');
    expect(screen.queryByRole('table', { name: 'Diferimientos levantados' })).not.toBeInTheDocument();

    await userEvent.click(within(await panel()).getByRole('button', { name: /Levantar diferimiento/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/^Motivo/), motivo);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Levantar diferimiento' }));

    const levantados = await screen.findByRole('table', { name: 'Diferimientos levantados' });
    const [fila] = within(levantados).getAllByRole('row').slice(1);
    expect(fila).toHaveTextContent(formatDateTime(levantamiento.at));
    expect(fila).toHaveTextContent(textoHiv);
    expect(fila).toHaveTextContent('Laura Benítez');
    expect(fila).toHaveTextContent(motivo);
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Donaciones del donante' })).queryByTestId('marca-diferido'),
      ).toBeNull(),
    );
    // The result itself stays in sight.
    expect(screen.getByTestId('marca-reactivo')).toHaveTextContent('HIV 1/2 (+)');
  });

  it("shows the server's refusal in Spanish and keeps the dialog open", async () => {
    renderPagina(
      DIFERIDO,
      [
        donacionesMock(),
        visitasMock(),
        {
          request: { query: LevantarDiferimientoDocument, variables: () => true },
          result: {
            errors: [new GraphQLError(MSG.diferimientoNoVigente, { extensions: { code: 'BAD_USER_INPUT' } })],
          },
        },
      ],
      'ROL_MEDICO',
    );
    const region = await panel();
    await userEvent.click(await within(region).findByRole('button', { name: /Levantar diferimiento/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/^Motivo/), 'Decisión médica');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Levantar diferimiento' }));
    expect(await within(dialog).findByText(MSG.diferimientoNoVigente)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Nueva donación' })).not.toBeInTheDocument();
  });
});

describe("'No apto' visits", () => {
  it('records a visit (out-of-bounds signs accepted, reason required) and lists it with its deferral', async () => {
    const input = {
      donanteId: DONANTE,
      fecha: hoy,
      hora: '10:00',
      motivo: 'Hemoglobina baja',
      sv: { tas: 190, tad: null, fc: null, peso: null, temp: null, hb: 10.5, hto: null },
      diferimientoDias: 30,
      definitivo: false,
    };
    const diferido: Elegibilidad = {
      puedeDonar: false,
      desde: addDays(hoy, 30),
      motivos: [{ tipo: 'diferimiento', texto: 'Donante diferido: no apto' }],
      diferimientos: [
        {
          origenId: 'v1',
          origen: 'visita',
          tipo: 'Temporal',
          desde: hoy,
          hasta: addDays(hoy, 30),
          texto: 'Donante diferido: no apto',
          servicio: null,
        },
      ],
    };
    renderPagina(
      PUEDE,
      [
        donacionesMock([]),
        visitasMock(),
        {
          request: { query: RegistrarNoAptoDocument, variables: { input } },
          result: { data: { registrarNoApto: visita } },
        },
        // The visit changes the donor's eligibility: the page reads it again, with the donor.
        elegibilidadMock(diferido),
        donanteMock(diferido),
        visitasMock([visita]),
      ],
      'ROL_TECNICO',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Registrar No apto' }));
    const form = await screen.findByRole('form', { name: 'Registrar No apto' });
    expect(within(form).getByLabelText(/^Fecha/)).toHaveValue(formatDate(hoy));
    expect((within(form).getByLabelText(/^Hora/) as HTMLInputElement).value).toMatch(/^\d{2}:\d{2}$/);
    expect(within(form).getByLabelText(/^Diferir por \(días\)/)).toHaveValue('0');

    await userEvent.click(within(form).getByRole('button', { name: 'Registrar No apto' }));
    expect(await within(form).findByText(MSG.requerido)).toBeInTheDocument();

    const hora = within(form).getByLabelText(/^Hora/);
    await userEvent.clear(hora);
    await userEvent.type(hora, '10:00');
    await userEvent.type(within(form).getByLabelText(/^Motivo/), 'Hemoglobina baja');
    await userEvent.type(within(form).getByLabelText(/^TAS/), '190');
    await userEvent.type(within(form).getByLabelText(/^Hemoglobina/), '10,5');
    const dias = within(form).getByLabelText(/^Diferir por \(días\)/);
    await userEvent.clear(dias);
    await userEvent.type(dias, '400');
    await userEvent.tab();
    expect(await within(form).findByText(MSG.enteroEntre(0, 365))).toBeInTheDocument();
    await userEvent.clear(dias);
    await userEvent.type(dias, '30');
    // A TAS of 190 would be refused in a donation; here it is the reason, and it passes.
    expect(within(form).queryByText(/TAS/, { selector: '[data-part="error-text"]' })).toBeNull();
    await userEvent.click(within(form).getByRole('button', { name: 'Registrar No apto' }));

    expect(await screen.findByText(MSG.noAptoRegistrado)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: 'Registrar No apto' })).not.toBeInTheDocument(),
    );
    const tabla = await screen.findByRole('table', { name: 'Visitas No apto' });
    const [fila] = within(tabla).getAllByRole('row').slice(1);
    expect(fila).toHaveTextContent(`${formatDate(hoy)} 10:00`);
    expect(fila).toHaveTextContent('Hemoglobina baja');
    expect(fila).toHaveTextContent(formatDate(addDays(hoy, 30)));
    expect(await panel()).toHaveTextContent(`Puede donar a partir del ${formatDate(addDays(hoy, 30))}`);
  });
});

describe('the deferral badge of a donation', () => {
  const negativa = {
    hiv: false,
    hepB: false,
    hepC: false,
    vdrl: false,
    brucelosis: false,
    chagas: false,
    htlv: false,
  };

  it("says what the server's rules say: until when, for good, or awaiting a doctor; nothing when none is in force", () => {
    const chagas = { ...negativa, chagas: true };
    const casos: [Record<string, unknown>, string | null][] = [
      [
        { exclusionDefinitiva: 'Definitiva', diferimiento: { tipo: 'Definitiva', hasta: null } },
        'Diferido (definitiva)',
      ],
      [
        {
          exclusionDefinitiva: 'Temporal',
          exclusionTiempo: 90,
          diferimiento: { tipo: 'Temporal', hasta: addDays(hoy, 90) },
        },
        `Diferido hasta ${formatDate(addDays(hoy, 90))}`,
      ],
      [
        { serologia: chagas, diferimiento: { tipo: 'Pendiente', hasta: null } },
        'Pendiente de decisión médica',
      ],
      // Lifted or over: the server says none, whatever the result alone would suggest.
      [{ serologia: chagas, diferimiento: null }, null],
      [{ exclusionDefinitiva: 'Definitiva', diferimiento: null }, null],
      [{}, null],
    ];
    for (const [props, texto] of casos) {
      const { unmount } = renderWithProviders(<ResultadoMarcas serologia={negativa} {...props} />);
      if (texto) expect(screen.getByTestId('marca-diferido')).toHaveTextContent(texto);
      else expect(screen.queryByTestId('marca-diferido')).toBeNull();
      unmount();
    }
  });
});

describe('the results screen', () => {
  it("shows the server's refusal when a technician shortens a deferral", async () => {
    signIn(testUsuario({ rol: 'ROL_TECNICO' }));
    renderWithProviders(
      <Routes>
        <Route path="/donacion/:id/donante/:uid" element={<DonacionResultadosPage />} />
      </Routes>,
      {
        route: `/donacion/${definitiva.id}/donante/${DONANTE}`,
        mocks: [
          servicioMock,
          componentesDeLaDonacionMock(),
          {
            request: { query: DonacionDocument, variables: { id: definitiva.id } },
            result: { data: { donacion: definitiva } },
          },
          {
            request: { query: UpdateResultadosDonacionDocument, variables: () => true },
            result: {
              errors: [new GraphQLError(MSG.soloMedicoLevanta, { extensions: { code: 'FORBIDDEN' } })],
            },
          },
        ],
      },
    );
    await screen.findByRole('heading', { name: 'Donación N° 1001' });
    expect(screen.getByTestId('marca-diferido')).toHaveTextContent('Diferido (definitiva)');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar resultados' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MSG.soloMedicoLevanta);
    // A technician is never asked for a reason: the decision is not theirs.
    expect(screen.queryByRole('textbox', { name: /Motivo del levantamiento/ })).toBeNull();
  });

  it('asks a doctor for the reason when the change makes the deferral milder, and sends it', async () => {
    signIn(testUsuario({ rol: 'ROL_MEDICO' }));
    const enviados: Record<string, unknown>[] = [];
    renderWithProviders(
      <Routes>
        <Route path="/donacion/:id/donante/:uid" element={<DonacionResultadosPage />} />
      </Routes>,
      {
        route: `/donacion/${definitiva.id}/donante/${DONANTE}`,
        mocks: [
          servicioMock,
          componentesDeLaDonacionMock(),
          {
            request: { query: DonacionDocument, variables: { id: definitiva.id } },
            result: { data: { donacion: definitiva } },
          },
          {
            request: {
              query: UpdateResultadosDonacionDocument,
              variables: (v: Record<string, unknown>) => {
                enviados.push(v);
                return true;
              },
            },
            result: {
              data: {
                updateResultadosDonacion: {
                  __typename: 'UpdateDonacionPayload',
                  message: MSG.donacionActualizada,
                  donacion: { ...definitiva, exclusionDefinitiva: 'Temporal', exclusionTiempo: 0 },
                },
              },
            },
          },
        ],
      },
    );
    await screen.findByRole('heading', { name: 'Donación N° 1001' });
    // The same results: nothing to ask.
    expect(screen.queryByRole('textbox', { name: /Motivo del levantamiento/ })).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'Temporal' }));
    const motivo = await screen.findByRole('textbox', { name: /Motivo del levantamiento/ });
    await userEvent.click(screen.getByRole('button', { name: 'Guardar resultados' }));
    expect(await screen.findByText(MSG.requerido)).toBeInTheDocument();
    expect(enviados).toEqual([]);
    await userEvent.type(motivo, 'Confirmatoria negativa');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar resultados' }));
    await waitFor(() => expect(enviados).toHaveLength(1));
    expect(enviados[0]).toMatchObject({
      id: definitiva.id,
      input: { exclusionDefinitiva: 'Temporal', motivo: 'Confirmatoria negativa' },
    });
  });
});
