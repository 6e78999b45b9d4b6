import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { addDays, todayIso } from '@domain/dates';
import { MSG } from '@domain/messages';
import { AgentesCphDocument, DonanteDocument, DonantesDocument, ServicioDocument } from '@/generated/graphql';
import type { MockedResponses } from '@/test-utils';
import { renderWithProviders } from '@/test-utils';
import { printCph } from '@/imprimibles/print';
import { CphPage } from './cph-page';

jest.mock('@/imprimibles/print', () => ({
  printCph: jest.fn(async () => undefined),
}));

jest.setTimeout(30000);

const page = { offset: 0, limit: 20 };
const DNI = '30123456';

/** 'YYYY-MM-DD' of someone who turns `years` today (plusDays > 0: turns it in plusDays days). */
function nacido(years: number, plusDays = 0): string {
  const [y, m, d] = todayIso().split('-');
  return addDays(`${Number(y) - years}-${m}-${d === '29' && m === '02' ? '28' : d}`, plusDays);
}

type Cambios = { email?: string; emailContacto1?: string };

function donanteDatos(fechaNacimiento: string, cambios: Cambios = {}) {
  const contacto = (o: Record<string, string>) => ({
    __typename: 'DonanteCphContacto',
    Nombre: '',
    Apellido: '',
    Telefono: '',
    Relacion: '',
    Email: '',
    ...o,
  });
  return {
    __typename: 'Donante',
    id: 'd1',
    nombre: 'Begoña',
    apellido: 'Núñez',
    dni: DNI,
    ultimaDonacion: null,
    puedeDonar: true,
    proximaDonacion: null,
    fechaNacimiento,
    sexo: 'Femenino',
    domActual: 'Av. Colón',
    domActualAltura: '1500',
    domActualPiso: null,
    domActualDepto: null,
    localidadActual: 'Córdoba',
    ProvinciaActual: 'Córdoba',
    domDni: null,
    localidadDni: null,
    codPostal: null,
    telefono: '351 555-1234',
    telefono2: null,
    email: cambios.email ?? 'begona@example.com',
    lugarNacimiento: 'Río Cuarto',
    ProvinciaNacimiento: 'Córdoba',
    nacionalidad: 'Argentina',
    ocupacion: null,
    convocado: false,
    donacionAferesis: false,
    donacionAnterior: false,
    esVoluntario: 'Si',
    cph: {
      __typename: 'DonanteCph',
      establecimientoLaboral: 'Escuela N° 5',
      telefonoLaboral: '351 444-0000',
      emailLaboral: 'escuela@example.com',
      contacto1: contacto({
        Nombre: 'Ana',
        Apellido: 'Núñez',
        Telefono: '351 111-2222',
        Relacion: 'Hermana',
        Email: cambios.emailContacto1 ?? '',
      }),
      contacto2: contacto({}),
    },
  };
}

function mocks(fechaNacimiento: string | null, cambios: Cambios = {}): MockedResponses {
  const donante = fechaNacimiento ? donanteDatos(fechaNacimiento, cambios) : null;
  const resumen = donante
    ? [
        {
          __typename: 'Donante',
          id: donante.id,
          nombre: donante.nombre,
          apellido: donante.apellido,
          dni: donante.dni,
          ultimaDonacion: null,
          puedeDonar: true,
          proximaDonacion: null,
        },
      ]
    : [];
  return [
    {
      request: { query: DonantesDocument, variables: { filter: { dni: DNI }, page } },
      result: {
        data: {
          donantes: {
            __typename: 'DonantePage',
            total: resumen.length,
            totalExacto: true,
            ...page,
            items: resumen,
          },
        },
      },
    },
    ...(donante
      ? [{ request: { query: DonanteDocument, variables: { id: 'd1' } }, result: { data: { donante } } }]
      : []),
    {
      request: { query: AgentesCphDocument },
      result: {
        data: {
          agentesCph: [
            { __typename: 'Usuario', id: 'u1', nombre: 'Tomás', apellido: 'Ibáñez', matricula: 'MP 1234' },
          ],
        },
      },
    },
    {
      request: { query: ServicioDocument },
      result: {
        data: {
          servicio: {
            __typename: 'Servicio',
            id: 's1',
            nombre: 'Servicio de Hemoterapia Central',
            direccion: 'Av. Siempreviva 742',
            email: null,
            telefono: '011 4444-5555',
          },
        },
      },
    },
  ];
}

async function buscarCon(fechaNacimiento: string | null, cambios: Cambios = {}) {
  renderWithProviders(
    <Routes>
      <Route path="/cph" element={<CphPage />} />
    </Routes>,
    { route: '/cph', mocks: mocks(fechaNacimiento, cambios) },
  );
  const dni = screen.getByRole('textbox', { name: 'DNI' });
  await userEvent.type(dni, `${DNI}{Enter}`);
}

const printButtons = () => screen.queryAllByRole('button', { name: /^Página [123]$/ });

beforeEach(() => jest.mocked(printCph).mockClear());

describe('CphPage', () => {
  it('searches on Enter and says so when no donor has the DNI', async () => {
    await buscarCon(null);
    expect(await screen.findByText(MSG.sinDonantes)).toBeInTheDocument();
    expect(printButtons()).toHaveLength(0);
  });

  it.each([
    ['17 (18 mañana)', nacido(18, 1)],
    ['41 hoy', nacido(41)],
  ])('warns and offers no printing for a donor aged %s', async (_edad, fecha) => {
    await buscarCon(fecha);
    expect(await screen.findByText(MSG.edadCph)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Núñez/ })).toBeInTheDocument();
    expect(printButtons()).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Imprimir todo' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Agente de captación/)).not.toBeInTheDocument();
  });

  it.each([
    ['18 hoy', nacido(18), '18 años'],
    ['40 (41 mañana)', nacido(41, 1), '40 años'],
  ])('shows the card and prints for a donor aged %s once an agent is chosen', async (_edad, fecha, edad) => {
    await buscarCon(fecha);
    expect(await screen.findByText(edad)).toBeInTheDocument();
    expect(screen.queryByText(MSG.edadCph)).not.toBeInTheDocument();
    expect(screen.getByText(DNI)).toBeInTheDocument();
    const [y, m, d] = fecha.split('-');
    expect(screen.getByText(`${d}/${m}/${y}`)).toBeInTheDocument();
    expect(screen.getByText('Av. Colón 1500')).toBeInTheDocument();
    expect(screen.getByText('Escuela N° 5')).toBeInTheDocument();
    expect(screen.getByText('Hermana')).toBeInTheDocument();

    expect(printButtons()).toHaveLength(3);
    for (const b of printButtons()) expect(b).toBeDisabled();

    const select = screen.getByLabelText(/Agente de captación/);
    await screen.findByRole('option', { name: 'Tomás Ibáñez - MP 1234' });
    await userEvent.selectOptions(select, 'u1');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Página 2' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    await waitFor(() => expect(printCph).toHaveBeenCalledTimes(1));
    const [data, pagina] = jest.mocked(printCph).mock.calls[0];
    expect(pagina).toBe(2);
    expect(data.agente).toEqual({ nombre: 'Tomás', apellido: 'Ibáñez', matricula: 'MP 1234' });
    expect(data.donante).toMatchObject({ dni: DNI, apellido: 'Núñez', fechaNacimiento: fecha });
    expect(data.donante.cph?.contacto1).toMatchObject({ nombre: 'Ana', relacion: 'Hermana', email: null });
    expect(data.servicio.nombre).toBe('Servicio de Hemoterapia Central');
    expect(data.fecha).toBe(todayIso());
  });

  it('lists before the print buttons each field longer than its boxes, with the box count', async () => {
    const email = 'begona.nunez.de.la.fuente@example.com.ar'; // 40 characters, 33 boxes
    const emailContacto1 = 'ana.nunez.de.la.fuente@example.com.ar'; // 37
    await buscarCon(nacido(30), { email, emailContacto1 });
    const lista = await screen.findByRole('list', { name: 'Datos que se imprimirán cortados' });
    const avisos = Array.from(lista.querySelectorAll('li')).map((li) => li.textContent);
    expect(avisos).toEqual([
      'Correo electrónico (Domicilio actual, página 1): tiene 40 caracteres y el formulario tiene 33 ' +
        'casilleros; se imprimirán solo los primeros 33.',
      'Correo electrónico (Contacto 1, página 2): tiene 37 caracteres y el formulario tiene 33 ' +
        'casilleros; se imprimirán solo los primeros 33.',
    ]);
    expect(
      screen.getByText('Estos datos no entran en los casilleros del formulario y se imprimirán cortados:'),
    ).toBeInTheDocument();
    // read before printing: above the buttons
    const boton = screen.getByRole('button', { name: 'Página 1' });
    expect(lista.compareDocumentPosition(boton) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('warns from one character over the boxes on: 33 fit the 33 boxes, 34 do not', async () => {
    const fits = `${'a'.repeat(21)}@example.com`; // 33
    await buscarCon(nacido(30), { email: fits, emailContacto1: `b${fits}` });
    const lista = await screen.findByRole('list', { name: 'Datos que se imprimirán cortados' });
    expect(lista.querySelectorAll('li')).toHaveLength(1);
    expect(lista).toHaveTextContent(/^Correo electrónico \(Contacto 1, página 2\): tiene 34 caracteres/);
  });

  it('shows no warning when every value fits its boxes', async () => {
    await buscarCon(nacido(30));
    await screen.findByRole('button', { name: 'Página 1' });
    expect(screen.queryByRole('list', { name: 'Datos que se imprimirán cortados' })).not.toBeInTheDocument();
    expect(screen.queryByText(/se imprimirán cortados/)).not.toBeInTheDocument();
  });
});
