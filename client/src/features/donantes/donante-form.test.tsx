import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { PROVINCIAS } from '@domain/donante';
import { MSG } from '@domain/messages';
import { toaster } from '@/components/toast';
import { CreateDonanteDocument, DonantesDocument } from '@/generated/graphql';
import { renderWithProviders, settle } from '@/test-utils';
import { DonanteNuevoPage } from './donante-form-page';
import { DonanteForm, nuevoDonante, toDonanteInput } from './donante-form';
import type { DonanteValues } from './donante-form';

const TODAY = '2025-06-15';

async function renderForm(onSubmit = jest.fn().mockResolvedValue(undefined), initialValues = nuevoDonante()) {
  renderWithProviders(
    <DonanteForm
      title="Nuevo donante"
      initialValues={initialValues}
      onSubmit={onSubmit}
      submitLabel="Guardar"
      today={TODAY}
    />,
  );
  await settle();
  return onSubmit;
}

const personales = () => within(screen.getByRole('group', { name: 'Datos personales' }));
const field = (label: string) => personales().getByLabelText(label, { exact: false }) as HTMLInputElement;
/** The text of the field around an input (label and error). */
const errorOf = (input: HTMLElement) =>
  input.closest('[data-scope="field"][data-part="root"]')?.textContent ?? '';

/** Types a whole value at once (one change event) and leaves the field. */
async function fill(input: HTMLElement, text: string) {
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.blur(input);
  await settle();
}

const typeAndBlur = fill;

jest.setTimeout(20000);

describe('DonanteForm', () => {
  it('starts with the defaults of a new donor and the 24 jurisdictions', async () => {
    await renderForm();
    expect(personales().getByRole('radio', { name: 'Masculino' })).toBeChecked();
    expect(personales().getByRole('radio', { name: 'Femenino' })).not.toBeChecked();
    expect(field('Nacionalidad')).toHaveValue('Argentina');
    const domicilio = within(screen.getByRole('group', { name: 'Domicilio actual' }));
    const provincia = domicilio.getByLabelText('Provincia') as HTMLSelectElement;
    expect(provincia).toHaveValue('Buenos Aires');
    expect([...provincia.options].map((o) => o.value)).toEqual([...PROVINCIAS]);
    const donacion = within(screen.getByRole('group', { name: 'Donación' }));
    expect(donacion.getByRole('radio', { name: 'Si' })).toBeChecked();
    expect(donacion.getByRole('checkbox', { name: 'Donó anteriormente' })).not.toBeChecked();
  });

  it('shows an error only once the field is touched', async () => {
    await renderForm();
    expect(screen.queryByText('Requerido')).not.toBeInTheDocument();
    const nombre = field('Nombre');
    await userEvent.type(nombre, 'J');
    await userEvent.clear(nombre);
    // Changed but not yet left: no error shown.
    expect(screen.queryByText('Requerido')).not.toBeInTheDocument();
    fireEvent.blur(nombre);
    expect(screen.getAllByText('Requerido')).toHaveLength(1);
    expect(errorOf(nombre)).toContain('Requerido');
    // Validation also runs on change: typing fixes it at once.
    fireEvent.change(nombre, { target: { value: 'Juan' } });
    expect(screen.queryByText('Requerido')).not.toBeInTheDocument();
  });

  it('shows every required message when submitted empty, and does not submit', async () => {
    const onSubmit = await renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(screen.getAllByText('Requerido')).toHaveLength(3);
    expect(screen.getByText('La fecha de nacimiento es requerida')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it.each([
    ['31/02/1990', 'Debe proporcionar una fecha válida'],
    ['1990-13-01', 'Debe proporcionar una fecha válida'],
    ['ayer', 'Debe proporcionar una fecha válida'],
    ['16/06/2009', 'Debe tener entre 16 y 65 años'], // 16th birthday is tomorrow
    ['15/06/1959', 'Debe tener entre 16 y 65 años'], // 66th birthday today
    ['01/01/2030', 'Debe tener entre 16 y 65 años'],
  ])('birth date %s: %s', async (typed, message) => {
    await renderForm();
    const fecha = field('Fecha de nacimiento');
    await typeAndBlur(fecha, typed);
    expect(screen.getByText(message)).toBeInTheDocument();
  });

  it.each([
    ['15/06/2009'], // 16 today
    ['16/06/1959'], // 66th birthday tomorrow: still 65
    ['2009-06-15'],
  ])('birth date %s is accepted', async (typed) => {
    await renderForm();
    const fecha = field('Fecha de nacimiento');
    await typeAndBlur(fecha, typed);
    expect(errorOf(fecha)).not.toMatch(/Debe|requerida/);
    expect(screen.queryByText('Debe tener entre 16 y 65 años')).not.toBeInTheDocument();
  });

  it('checks the email only when given', async () => {
    await renderForm();
    const email = within(screen.getByRole('group', { name: 'Contacto' })).getByLabelText('Email');
    await typeAndBlur(email, 'juan@');
    expect(screen.getByText('No es un email válido')).toBeInTheDocument();
    await typeAndBlur(email, '');
    expect(screen.queryByText('No es un email válido')).not.toBeInTheDocument();
    await typeAndBlur(email, 'juan@correo.com');
    expect(screen.queryByText('No es un email válido')).not.toBeInTheDocument();
  });

  it('opens the CPH section and checks its emails', async () => {
    await renderForm();
    const toggle = screen.getByRole('button', { name: 'Datos del registro CPH' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Ocultar datos del registro CPH' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const contacto1 = within(screen.getByRole('group', { name: 'Contacto 1' }));
    await typeAndBlur(contacto1.getByLabelText('Email'), 'mal');
    expect(screen.getByText('No es un email válido')).toBeInTheDocument();
  });

  it('submits valid data; the API input has the ISO birth date and every field', async () => {
    const onSubmit = await renderForm();
    await fill(field('Apellido'), 'Pérez');
    await fill(field('Nombre'), 'Juan');
    await fill(field('DNI'), '30123456');
    await fill(field('Fecha de nacimiento'), '17/05/1990');
    await userEvent.click(personales().getByRole('radio', { name: 'Femenino' }));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const values = onSubmit.mock.calls[0][0] as DonanteValues;
    expect(toDonanteInput(values)).toMatchObject({
      apellido: 'Pérez',
      nombre: 'Juan',
      dni: '30123456',
      fechaNacimiento: '1990-05-17',
      sexo: 'Femenino',
      ProvinciaActual: 'Buenos Aires',
      nacionalidad: 'Argentina',
      esVoluntario: 'Si',
      convocado: false,
      cph: { emailLaboral: '', contacto1: { Nombre: '', Email: '' } },
    });
  });
});

describe('DonanteNuevoPage', () => {
  const values = { apellido: 'Pérez', nombre: 'Juan', dni: '30123456', fechaNacimiento: '17/05/1990' };
  const input = toDonanteInput({ ...nuevoDonante(), ...values });

  async function fillAndSave() {
    await fill(field('Apellido'), values.apellido);
    await fill(field('Nombre'), values.nombre);
    await fill(field('DNI'), values.dni);
    await fill(field('Fecha de nacimiento'), values.fechaNacimiento);
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
  }

  afterEach(() => {
    act(() => {
      toaster.remove();
    });
  });

  it('shows "Error al crear donante" with the server messages one per line, beside the button, scrolled to', async () => {
    // jsdom lays nothing out and has no scrollIntoView: record whom the page scrolls to.
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    renderWithProviders(
      <Routes>
        <Route path="/donantes/nuevo" element={<DonanteNuevoPage />} />
      </Routes>,
      {
        route: '/donantes/nuevo',
        mocks: [
          {
            request: { query: CreateDonanteDocument, variables: { input } },
            result: {
              errors: [
                {
                  message: 'x',
                  extensions: {
                    code: 'BAD_USER_INPUT',
                    errors: [
                      { field: 'dni', msg: 'Ya existe un donante con DNI 30123456: Pérez, Juan' },
                      { field: 'email', msg: 'No es un email válido' },
                    ],
                  },
                },
              ],
            },
          },
        ],
      },
    );
    await fillAndSave();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error al crear donante');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Ya existe un donante con DNI 30123456: Pérez, Juan', 'No es un email válido']);
    // The server's message also shows next to its field.
    expect(errorOf(field('DNI'))).toContain('Ya existe un donante con DNI 30123456');
    // Not at the top of the long form: after its last section, right before the buttons.
    const guardar = screen.getByRole('button', { name: 'Guardar' });
    const cph = screen.getByRole('button', { name: 'Datos del registro CPH' });
    expect(cph.compareDocumentPosition(alert) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(alert.compareDocumentPosition(guardar) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Nuevo donante' })).toContainElement(alert);
    // And brought into view.
    await waitFor(() => expect(scrolled.some((el) => el.contains(alert))).toBe(true));
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  it('returns to / on the search that finds the saved donor, with a toast', async () => {
    renderWithProviders(
      <Routes>
        <Route path="/donantes/nuevo" element={<DonanteNuevoPage />} />
        <Route path="/" element={<Ubicacion />} />
      </Routes>,
      {
        route: '/donantes/nuevo',
        mocks: [
          {
            request: { query: CreateDonanteDocument, variables: { input } },
            result: { data: { createDonante: savedDonante() } },
          },
          {
            request: { query: DonantesDocument, variables: () => true },
            result: { data: { donantes: { total: 0, offset: 0, limit: 20, items: [] } } },
          },
        ],
      },
    );
    await fillAndSave();
    expect(await screen.findByTestId('ubicacion')).toHaveTextContent('/?dni=30123456');
    expect(await screen.findByText(MSG.donanteAgregado)).toBeInTheDocument();
  });
});

function Ubicacion() {
  const { pathname, search } = useLocation();
  return <p data-testid="ubicacion">{pathname + search}</p>;
}

function savedDonante() {
  const contacto = {
    __typename: 'DonanteCphContacto',
    Nombre: '',
    Apellido: '',
    Telefono: '',
    Relacion: '',
    Email: '',
  };
  return {
    __typename: 'Donante',
    id: 'd1',
    nombre: 'Juan',
    apellido: 'Pérez',
    dni: '30123456',
    ultimaDonacion: null,
    puedeDonar: true,
    proximaDonacion: null,
    fechaNacimiento: '1990-05-17',
    sexo: 'Masculino',
    domActual: null,
    domActualAltura: null,
    domActualPiso: null,
    domActualDepto: null,
    localidadActual: null,
    ProvinciaActual: 'Buenos Aires',
    domDni: null,
    localidadDni: null,
    codPostal: null,
    telefono: null,
    telefono2: null,
    email: null,
    lugarNacimiento: null,
    ProvinciaNacimiento: null,
    nacionalidad: 'Argentina',
    ocupacion: null,
    convocado: false,
    donacionAferesis: false,
    donacionAnterior: false,
    esVoluntario: 'Si',
    cph: {
      __typename: 'DonanteCph',
      establecimientoLaboral: '',
      telefonoLaboral: '',
      emailLaboral: '',
      contacto1: contacto,
      contacto2: contacto,
    },
  };
}
