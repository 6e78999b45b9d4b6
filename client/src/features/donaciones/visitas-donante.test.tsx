import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation, useParams } from 'react-router-dom';
import { addDays, formatDate, todayIso } from '@domain/dates';
import { MSG } from '@domain/messages';
import { DonacionesDeDonanteDocument, VisitasDeDonanteDocument } from '@/generated/graphql';
import { renderWithProviders, signIn, testUsuario } from '@/test-utils';
import type { MockedResponses } from '@/test-utils';
import { DonacionesDonantePage } from './donaciones-donante-page';
import {
  componentesDeLaDonacionMock,
  paginaDonanteMocks,
  servicioMock,
  visitaDeDonante,
  visitasDonanteMock,
} from './test-data';
import { VISITAS_DONANTE_PAGE_SIZE } from './visitas-donante';

jest.setTimeout(30000);

const hoy = todayIso();

/** One visit of each ending, newest first, as the server lists them. */
const VISITAS = [
  visitaDeDonante({ id: 'v-abierta', fecha: hoy, hora: '09:30', recibidoPor: 'Ana Ruiz' }),
  visitaDeDonante({
    id: 'v-donacion',
    fecha: addDays(hoy, -5),
    hora: '10:00',
    estado: 'DONACION',
    recibidoPor: 'Luis Sosa',
    donacionNumero: 1001,
  }),
  visitaDeDonante({
    id: 'v-abandonada',
    fecha: addDays(hoy, -10),
    hora: '11:45',
    estado: 'ABANDONADA',
    recibidoPor: null,
  }),
  visitaDeDonante({
    id: 'v-no-apto',
    fecha: addDays(hoy, -30),
    hora: '08:15',
    estado: 'NO_APTO',
    motivoNoApto: 'Hemoglobina baja',
  }),
];

/** The visit's page, as far as these tests need it: where the link led. */
function VisitaDestino() {
  const { id } = useParams();
  const { pathname } = useLocation();
  return <p data-testid="destino">{`${pathname} ${id ?? ''}`}</p>;
}

/** The donor's page of donor d1, with no donations and the given answers to its 'Visitas'. */
function renderPagina(visitas: MockedResponses, route = '/donaciones/donante/d1') {
  signIn(testUsuario({ rol: 'ROL_TECNICO' }));
  renderWithProviders(
    <Routes>
      <Route path="/donaciones/donante/:donanteId" element={<DonacionesDonantePage />} />
      <Route path="/visitas/:id" element={<VisitaDestino />} />
    </Routes>,
    {
      route,
      mocks: [
        servicioMock,
        componentesDeLaDonacionMock(),
        {
          request: { query: DonacionesDeDonanteDocument, variables: { donanteId: 'd1' } },
          result: { data: { donacionesDeDonante: [] } },
        },
        ...paginaDonanteMocks('d1').filter((m) => m.request.query !== VisitasDeDonanteDocument),
        ...visitas,
      ],
    },
  );
}

/**
 * The visits' table once the whole page has loaded. The donations' blocking overlay (a modal while
 * they load, lazily shown) hides the rest of the page from the user and from role queries: when
 * the visits answered first, the table could be found and its rows gone a moment later.
 */
async function tabla() {
  expect(await screen.findByText(MSG.sinDonaciones)).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).not.toBeInTheDocument());
  return screen.findByRole('table', { name: 'Visitas del donante' });
}

afterEach(() => localStorage.clear());

describe("the donor's visits", () => {
  it('lists each visit, newest first, with its state and how it ended, and no answer', async () => {
    renderPagina([visitasDonanteMock('d1', VISITAS)]);
    expect(await screen.findByRole('heading', { name: 'Visitas' })).toBeInTheDocument();
    const filas = within(await tabla())
      .getAllByRole('row')
      .slice(1);
    expect(filas.map((f) => f.textContent)).toEqual([
      expect.stringMatching(new RegExp(`${formatDate(hoy)}.*09:30.*En curso.*Ana Ruiz.*—`)),
      expect.stringMatching(
        new RegExp(`${formatDate(addDays(hoy, -5))}.*10:00.*Donó.*Luis Sosa.*Donación N° 1001`),
      ),
      expect.stringMatching(
        new RegExp(`${formatDate(addDays(hoy, -10))}.*11:45.*Abandonada.*—.*Se fue sin donar`),
      ),
      expect.stringMatching(new RegExp(`${formatDate(addDays(hoy, -30))}.*08:15.*No apto.*Hemoglobina baja`)),
    ]);
    // The list never shows the interview: no answer is asked for (the mock has none).
    expect(screen.queryByText(/Respuesta/)).toBeNull();
    // Nothing to page through: a single page.
    expect(screen.getByText('Mostrando 1–4 de 4')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Páginas' })).toBeNull();
  });

  it("links each visit to the visit's page", async () => {
    renderPagina([visitasDonanteMock('d1', VISITAS)]);
    await tabla();
    const link = screen.getByRole('link', {
      name: `Abrir la visita del ${formatDate(addDays(hoy, -30))} 08:15`,
    });
    expect(link).toHaveAttribute('href', '/visitas/v-no-apto');
    await userEvent.click(link);
    expect(await screen.findByTestId('destino')).toHaveTextContent('/visitas/v-no-apto v-no-apto');
  });

  it('pages through the visits', async () => {
    const total = VISITAS_DONANTE_PAGE_SIZE + 2;
    const primeras = Array.from({ length: VISITAS_DONANTE_PAGE_SIZE }, (_, i) =>
      visitaDeDonante({ id: `v${i}`, fecha: addDays(hoy, -i), estado: 'DONACION', donacionNumero: 2000 - i }),
    );
    const ultimas = [
      visitaDeDonante({ id: 'v-penultima', fecha: addDays(hoy, -40), estado: 'ABANDONADA' }),
      visitaDeDonante({
        id: 'v-ultima',
        fecha: addDays(hoy, -50),
        estado: 'NO_APTO',
        motivoNoApto: 'TA alta',
      }),
    ];
    renderPagina([
      visitasDonanteMock('d1', primeras, { total }),
      visitasDonanteMock('d1', ultimas, { pagina: 2, total }),
    ]);
    expect(within(await tabla()).getAllByRole('row')).toHaveLength(VISITAS_DONANTE_PAGE_SIZE + 1);
    expect(screen.getByText(`Mostrando 1–${VISITAS_DONANTE_PAGE_SIZE} de ${total}`)).toBeInTheDocument();
    const paginas = screen.getByRole('navigation', { name: 'Páginas' });
    expect(within(paginas).getByText('Página 1 de 2')).toBeInTheDocument();
    await userEvent.click(within(paginas).getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('TA alta')).toBeInTheDocument();
    const filas = within(await tabla())
      .getAllByRole('row')
      .slice(1);
    expect(filas).toHaveLength(2);
    expect(filas[0]).toHaveTextContent('Se fue sin donar');
    expect(
      screen.getByText(`Mostrando ${VISITAS_DONANTE_PAGE_SIZE + 1}–${total} de ${total}`),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(await screen.findByText('Donación N° 2000')).toBeInTheDocument();
  });

  it('opens on the page the address names', async () => {
    renderPagina(
      [
        visitasDonanteMock('d1', [visitaDeDonante({ id: 'v-vieja', estado: 'ABANDONADA' })], {
          pagina: 2,
          total: 11,
        }),
      ],
      '/donaciones/donante/d1?paginaVisitas=2',
    );
    expect(within(await tabla()).getAllByRole('row')).toHaveLength(2);
    expect(screen.getByText('Página 2 de 2')).toBeInTheDocument();
  });

  it('says so when the donor has no visits', async () => {
    renderPagina([visitasDonanteMock('d1', [])]);
    expect(await screen.findByText('El donante no tiene visitas registradas.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Visitas del donante' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Páginas' })).toBeNull();
  });
});
