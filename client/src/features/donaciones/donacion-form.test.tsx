import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { Route, Routes } from 'react-router-dom';
import { formatDate, nowTime, todayIso } from '@domain/dates';
import { codigoEtiqueta } from '@domain/etiquetas';
import { MSG } from '@domain/messages';
import {
  CreateDonacionDocument,
  FormatoEtiquetasDocument,
  NextEtiquetaNumeroDocument,
} from '@/generated/graphql';
import { preloadEtiquetas, printEtiquetas } from '@/imprimibles/print';
import type { MockedResponses } from '@/test-utils';
import { renderWithProviders, settle, signIn } from '@/test-utils';
import { DonacionForm } from './donacion-form';
import { donacion, servicioMock } from './test-data';

/** The servicio prints on a 62 x 29 mm label printer. */
const formatoMock = {
  request: { query: FormatoEtiquetasDocument },
  result: {
    data: {
      servicio: {
        __typename: 'Servicio' as const,
        id: '11111111-1111-4111-8111-111111111111',
        etiquetaFormato: 'IMPRESORA' as const,
        etiquetaAnchoMm: 62,
        etiquetaAltoMm: 29,
      },
    },
  },
};

jest.mock('@/imprimibles/print', () => ({
  preloadEtiquetas: jest.fn(),
  printEtiquetas: jest.fn(async () => undefined),
  printHemodonacion: jest.fn(async () => undefined),
  printLibro: jest.fn(async () => undefined),
}));

jest.setTimeout(20000);

function renderForm(mocks: MockedResponses = []) {
  renderWithProviders(
    <Routes>
      <Route path="/donaciones/nueva/:donanteId" element={<DonacionForm donanteId="d1" />} />
      <Route path="/donaciones/hemodos/:donanteId/:donacionId" element={<p>Planilla de hemodonación</p>} />
    </Routes>,
    { route: '/donaciones/nueva/d1/', mocks: [servicioMock, formatoMock, ...mocks] },
  );
}

const input = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;
/** The text of the field around an input (label and error). */
const fieldText = (el: HTMLElement) =>
  el.closest('[data-scope="field"][data-part="root"]')?.textContent ?? '';

/** Types a whole value at once (one change event) and leaves the field. */
async function fill(el: HTMLElement, text: string) {
  fireEvent.focus(el);
  fireEvent.change(el, { target: { value: text } });
  fireEvent.blur(el);
  await settle();
}

beforeEach(() => {
  localStorage.clear();
  jest.mocked(printEtiquetas).mockClear();
});

describe('DonacionForm', () => {
  it('starts with today, now, Bolsa Doble and nothing measured', () => {
    signIn();
    renderForm();
    expect(input('Fecha')).toHaveValue(formatDate(todayIso()));
    const hora = input('Hora').value;
    expect(hora).toMatch(/^\d{2}:\d{2}$/);
    // Within a minute of now (the test may cross a minute boundary).
    const [h, m] = nowTime().split(':').map(Number);
    const [fh, fm] = hora.split(':').map(Number);
    expect(Math.abs(h * 60 + m - (fh * 60 + fm)) % (24 * 60)).toBeLessThanOrEqual(1);
    expect(input('Tipo de bolsa')).toHaveValue('Bolsa Doble');
    expect(input('Lote de bolsa')).toHaveValue('');
    for (const label of ['TAS', 'TAD', 'FC', 'Peso', 'Temperatura', 'Hemoglobina', 'Hematocrito']) {
      expect(input(label)).toHaveValue('');
    }
    expect(input('Número')).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: 'Plasma COVID' })).not.toBeChecked();
  });

  it("starts loading the label sheet's code as it opens, before 'Generar Etiquetas'", () => {
    signIn();
    jest.mocked(preloadEtiquetas).mockClear();
    renderForm();
    expect(preloadEtiquetas).toHaveBeenCalledTimes(1);
  });

  it('prefills the bag type and lot last used on this browser', () => {
    localStorage.setItem('tipoBolsa', 'Bolsa Triple');
    localStorage.setItem('loteBolsa', 'LT-2025-09');
    signIn();
    renderForm();
    expect(input('Tipo de bolsa')).toHaveValue('Bolsa Triple');
    expect(input('Lote de bolsa')).toHaveValue('LT-2025-09');
  });

  it.each([
    ['FC', '59', 'FC baja', '60'],
    ['FC', '101', 'FC alta', '100'],
    ['Hematocrito', '34', 'Hto bajo', '35'],
    ['TAS', '89', 'TAS baja', '90'],
    ['TAS', '181', 'TAS alta', '180'],
    ['TAD', '59', 'TAD baja', '60'],
    ['TAD', '101', 'TAD alta', '100'],
    ['Peso', '49', 'Peso bajo', '50'],
    ['Hemoglobina', '11.9', 'Hemoglobina baja', '12'],
  ])('%s %s shows "%s" once touched, and %s clears it', async (label, bad, msg, good) => {
    signIn();
    renderForm();
    const el = input(label);
    fireEvent.focus(el);
    fireEvent.change(el, { target: { value: bad } });
    // Not touched yet: no message.
    expect(fieldText(el)).not.toContain(msg);
    fireEvent.blur(el);
    expect(fieldText(el)).toContain(msg);
    fireEvent.change(el, { target: { value: good } });
    expect(fieldText(el)).not.toContain(msg);
    // Emptied: not measured, no error.
    await fill(el, '');
    expect(fieldText(el)).not.toMatch(/baja|alta|bajo/);
  });

  it("applies the servicio's screening thresholds by the donor's sex, with the spec's messages", async () => {
    signIn();
    const umbrales = {
      __typename: 'UmbralesTamizaje',
      hbMinMujer: 12.5,
      hbMinHombre: 13.5,
      hbMax: null,
      hctoMinMujer: null,
      hctoMinHombre: null,
      hctoMax: null,
    };
    const conUmbrales = {
      ...servicioMock,
      result: { data: { servicio: { ...servicioMock.result.data.servicio, umbralesTamizaje: umbrales } } },
    };
    renderWithProviders(
      <Routes>
        <Route
          path="/donaciones/nueva/:donanteId"
          element={<DonacionForm donanteId="d1" sexo="Femenino" />}
        />
      </Routes>,
      { route: '/donaciones/nueva/d1/', mocks: [conUmbrales, formatoMock] },
    );
    const el = input('Hemoglobina');
    // The thresholds come with the servicio's query: on a loaded machine it may answer after the
    // first keystrokes, so the low value is typed again until the form knows them.
    await waitFor(async () => {
      await fill(el, '12.3');
      expect(fieldText(el)).toContain(MSG.hemoglobinaBaja);
    });
    await fill(el, '12.6');
    expect(fieldText(el)).not.toContain(MSG.hemoglobinaBaja);
  });

  it('requires numero and loteBolsa once touched', async () => {
    signIn();
    renderForm();
    await fill(input('Lote de bolsa'), '');
    await fill(input('Número'), '');
    expect(fieldText(input('Lote de bolsa'))).toContain('Requerido');
    expect(fieldText(input('Número'))).toContain('Requerido');
  });

  it('Número reads a label code: a wrong check character is refused, a right one is the number', async () => {
    signIn();
    renderForm();
    const numero = input('Número');
    await fill(numero, '123H');
    expect(fieldText(numero)).toContain(MSG.codigoEtiquetaInvalido);
    expect(fieldText(numero)).not.toContain(MSG.numeroEtiquetaFueraDeRango);
    // 39's check character is the digit 8: set apart, it is verified too.
    await fill(numero, '39-7');
    expect(fieldText(numero)).toContain(MSG.codigoEtiquetaInvalido);
    for (const bueno of ['123G', '123g', '39-8', '39 8', '398']) {
      await fill(numero, bueno);
      expect({ bueno, text: fieldText(numero) }).toEqual({
        bueno,
        text: expect.not.stringMatching(/válido|entero/),
      });
    }
    await fill(numero, '12.5');
    expect(fieldText(numero)).toContain(MSG.numeroEtiquetaFueraDeRango);
  });

  it('fecha is typed DD/MM/AAAA: an impossible day or a future one is refused with the Spanish text', async () => {
    signIn();
    renderForm();
    const fecha = input('Fecha');
    expect(fecha).toHaveAttribute('placeholder', 'DD/MM/AAAA');
    await fill(fecha, '31/02/2025');
    expect(fieldText(fecha)).toContain('Debe proporcionar una fecha válida');
    await fill(fecha, '01/01/2100');
    expect(fieldText(fecha)).toContain('La fecha no puede ser posterior a hoy');
    await fill(fecha, '01/01/2025');
    expect(fecha).toHaveValue('01/01/2025');
    expect(fieldText(fecha)).not.toMatch(/válida|posterior/);
    await fill(fecha, '');
    expect(fieldText(fecha)).toContain('Requerido');
  });

  const paraD1 = { donanteId: 'd1', aferesis: false };

  it("'Generar Etiquetas' asks for this donor's number, fills numero with it and prints the label sheet", async () => {
    signIn();
    renderForm([
      {
        request: { query: NextEtiquetaNumeroDocument, variables: paraD1 },
        result: { data: { nextEtiquetaNumero: 4521 } },
      },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Generar Etiquetas' }));
    await waitFor(() => expect(input('Número')).toHaveValue('4521'));
    await waitFor(() => expect(printEtiquetas).toHaveBeenCalledTimes(1));
    expect(jest.mocked(printEtiquetas).mock.calls[0][0]).toMatchObject({
      numero: '4521',
      fecha: todayIso(),
      servicio: { nombre: 'Servicio de Hemoterapia Central' },
      // The servicio's label format goes to the document.
      formato: { formato: 'IMPRESORA', anchoMm: 62, altoMm: 29 },
    });
  });

  it("shows 'Error al generar número de etiqueta' when the request fails", async () => {
    signIn();
    renderForm([
      { request: { query: NextEtiquetaNumeroDocument, variables: paraD1 }, error: new Error('red caída') },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Generar Etiquetas' }));
    expect(await screen.findByText('Error al generar número de etiqueta')).toBeInTheDocument();
    expect(input('Número')).toHaveValue('');
    expect(printEtiquetas).not.toHaveBeenCalled();
  });

  it('a donor who may not donate today: no number, no labels, and every reason the server gave', async () => {
    signIn();
    const motivos = [
      MSG.etiquetasDonanteNoPuedeDonar,
      'Este donante dono hace menos de 8 semanas (01/08/2025).',
      'Puede donar a partir del 26/09/2025',
    ];
    renderForm([
      {
        request: { query: NextEtiquetaNumeroDocument, variables: { donanteId: 'd1', aferesis: true } },
        result: {
          errors: [
            new GraphQLError(motivos.join('\n'), {
              extensions: { code: 'BAD_USER_INPUT', errors: motivos.map((msg) => ({ field: '', msg })) },
            }),
          ],
        },
      },
    ]);
    // An apheresis donation is asked for as such (the yearly limit does not count it).
    await userEvent.click(screen.getByRole('checkbox', { name: 'Donación por aféresis' }));
    await userEvent.click(screen.getByRole('button', { name: 'Generar Etiquetas' }));
    const alerta = await screen.findByRole('alert');
    await waitFor(() => expect(alerta).toHaveTextContent('Error al generar número de etiqueta'));
    for (const m of motivos) expect(alerta).toHaveTextContent(m);
    expect(input('Número')).toHaveValue('');
    expect(printEtiquetas).not.toHaveBeenCalled();
  });

  it("shows 'Usuario no autenticado' without a user", async () => {
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Generar Etiquetas' }));
    expect(await screen.findByText('Usuario no autenticado')).toBeInTheDocument();
  });

  const input1 = {
    donanteId: 'd1',
    numero: 1001,
    fecha: todayIso(),
    plasmaCovid: false,
    sv: { tas: 120, tad: 80, fc: 72, peso: null, temp: null, hb: null, hto: null },
    tipoBolsa: 'Bolsa Triple',
    loteBolsa: 'L-9',
    donacionAferesis: false,
  };

  async function fillValid() {
    await fill(input('TAS'), '120');
    await fill(input('TAD'), '80');
    await fill(input('FC'), '72');
    fireEvent.change(input('Tipo de bolsa'), { target: { value: 'Bolsa Triple' } });
    await fill(input('Lote de bolsa'), 'L-9');
    await fill(input('Número'), '1001');
  }

  it('saves, remembers the bag and goes to the donation sheet', async () => {
    signIn();
    renderForm([
      {
        request: {
          query: CreateDonacionDocument,
          variables: (v: { input: Record<string, unknown> }) => {
            const { hora, ...rest } = v.input;
            return /^\d{2}:\d{2}$/.test(String(hora)) && JSON.stringify(rest) === JSON.stringify(input1);
          },
        },
        result: { data: { createDonacion: donacion({ id: 'nueva', numero: 1001 }) } },
      },
    ]);
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar donación' }));
    expect(await screen.findByText('Planilla de hemodonación')).toBeInTheDocument();
    expect(localStorage.getItem('tipoBolsa')).toBe('Bolsa Triple');
    expect(localStorage.getItem('loteBolsa')).toBe('L-9');
  });

  it('a code in Número is sent as its number', async () => {
    signIn();
    renderForm([
      {
        request: {
          query: CreateDonacionDocument,
          variables: (v: { input: Record<string, unknown> }) => {
            const { hora: _hora, ...rest } = v.input;
            return JSON.stringify(rest) === JSON.stringify(input1);
          },
        },
        result: { data: { createDonacion: donacion({ id: 'nueva', numero: 1001 }) } },
      },
    ]);
    await fillValid();
    await fill(input('Número'), codigoEtiqueta(1001).toLowerCase());
    await userEvent.click(screen.getByRole('button', { name: 'Guardar donación' }));
    expect(await screen.findByText('Planilla de hemodonación')).toBeInTheDocument();
  });

  it("shows 'Error al crear donación' with the server's messages, each field error beside its field", async () => {
    signIn();
    renderForm([
      {
        request: { query: CreateDonacionDocument, variables: () => true },
        result: {
          errors: [
            new GraphQLError('Datos inválidos', {
              extensions: {
                code: 'BAD_USER_INPUT',
                errors: [
                  { field: 'numero', msg: 'El número 1001 ya corresponde a otra donación del servicio' },
                  { field: '', msg: 'Este donante dono hace menos de 8 semanas (01/06/2025).' },
                ],
              },
            }),
          ],
        },
      },
    ]);
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar donación' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error al crear donación');
    expect(alert).toHaveTextContent('El número 1001 ya corresponde a otra donación del servicio');
    expect(alert).toHaveTextContent('Este donante dono hace menos de 8 semanas (01/06/2025).');
    expect(fieldText(input('Número'))).toContain(
      'El número 1001 ya corresponde a otra donación del servicio',
    );
    expect(localStorage.getItem('loteBolsa')).toBeNull();
  });
});
