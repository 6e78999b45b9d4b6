/** @jest-environment node */
import { renderToBuffer } from '@react-pdf/renderer';
import { donacion, servicio } from '../../../test/pdf/fixtures';
import { readPdf } from '../../../test/pdf/pdf-reader';
import { ConstanciaPdf, LICENCIA_LEY_22990 } from './constancia-pdf';
import { constanciaFileName } from './format';
import { huellaDonaciones } from './huella';
import type { ConstanciaPdfData } from './types';

const A5 = { w: 419.53, h: 595.28 };

const medico = { nombre: 'Ana', apellido: 'Gómez', matricula: 'MP 12345' };
const d = donacion(0);
const donante = { nombre: d.donante.nombre, apellido: d.donante.apellido, dni: d.donante.dni };

async function leer(data: ConstanciaPdfData) {
  const pages = await readPdf(await renderToBuffer(<ConstanciaPdf data={data} />));
  expect(pages).toHaveLength(1);
  // The text as one line, so wrapped sentences read whole (a label and its value are two runs).
  return { page: pages[0], plano: pages[0].text.replace(/\s+/g, ' ').replace(/ :/g, ':') };
}

describe('ConstanciaPdf', () => {
  it("a donation's certificate: servicio, donor, DNI, date and time, kind, leave, doctor and fingerprint", async () => {
    const huella = { ...d, aferesis: false };
    const { page, plano } = await leer({
      tipo: 'donacion',
      servicio,
      donante,
      medico,
      donacion: huella,
      emitida: new Date(2025, 7, 10),
    });
    expect(page.width).toBeCloseTo(A5.w, 0);
    expect(page.height).toBeCloseTo(A5.h, 0);
    expect(plano).toContain('Constancia de donación');
    expect(plano).toContain(servicio.nombre);
    expect(plano).toContain('Donante: Muñoz Pérez, José María');
    expect(plano).toContain(`DNI: ${donante.dni}`);
    const [y, m, dd] = d.fecha.split('-');
    expect(plano).toContain(`Fecha: ${dd}/${m}/${y}`);
    expect(plano).toContain(`Hora: ${d.hora}`);
    expect(plano).toContain('Tipo de donación: Sangre entera');
    expect(plano).toContain(LICENCIA_LEY_22990);
    expect(plano).toContain('24 horas, incluido el día de la donación');
    expect(plano).toContain('Ana Gómez');
    expect(plano).toContain('Matrícula MP 12345');
    expect(plano).toContain(`Huella: ${huellaDonaciones([d])}`);
  });

  it('an apheresis donation says so; its fingerprint is the register book one of that donation', async () => {
    const { plano } = await leer({
      tipo: 'donacion',
      servicio,
      donante,
      medico,
      donacion: { ...d, aferesis: true },
      emitida: new Date(),
    });
    expect(plano).toContain('Tipo de donación: Aféresis');
    // The same records give the same fingerprint; a changed result another.
    expect(plano).toContain(`Huella: ${huellaDonaciones([{ ...d }])}`);
    expect(huellaDonaciones([{ ...d, rh: 'negativo' }])).not.toBe(
      huellaDonaciones([{ ...d, rh: 'positivo' }]),
    );
  });

  it("a 'No apto' visit's certificate states attendance only: no donation, no leave, no fingerprint", async () => {
    const { plano } = await leer({
      tipo: 'asistencia',
      servicio,
      donante,
      medico,
      visita: { fecha: '2025-08-09', hora: '08:15' },
      emitida: new Date(),
    });
    expect(plano).toContain('Constancia de asistencia');
    expect(plano).toContain('concurrió a este servicio el 09/08/2025 a las 08:15');
    expect(plano).toContain(`DNI: ${donante.dni}`);
    expect(plano).toContain('Matrícula MP 12345');
    expect(plano).not.toContain('Constancia de donación');
    expect(plano).not.toContain('Ley 22.990');
    expect(plano).not.toContain('Huella');
    expect(plano).not.toContain('Tipo de donación');
  });

  it('is saved as constancia-<dni>-<fecha>.pdf', () => {
    expect(constanciaFileName('20000000', '2025-08-09')).toBe('constancia-20000000-2025-08-09.pdf');
  });
});

describe('the donation sheet with donor reactions', () => {
  it('prints each recorded reaction in words, with its treatment and outcome', async () => {
    const { HemodonacionPdf } = await import('./hemodonacion-pdf');
    const pages = await readPdf(
      await renderToBuffer(
        <HemodonacionPdf
          data={{
            donacion: d,
            anteriores: [],
            servicio,
            reacciones: [
              {
                tipo: 'VASOVAGAL_CON_PERDIDA_CONCIENCIA',
                severidad: 'SEVERA',
                hora: '08:20',
                tratamiento: 'Trendelenburg',
                evolucion: 'Recuperado',
                detalle: null,
              },
            ],
          }}
        />,
      ),
    );
    const plano = pages
      .map((p) => p.text)
      .join(' ')
      .replace(/\s+/g, ' ');
    expect(plano).toContain('Reacciones del donante');
    expect(plano).toContain('Vasovagal con pérdida de conciencia (Severa), 08:20');
    expect(plano).toContain('Tratamiento: Trendelenburg');
    expect(plano).toContain('Evolución: Recuperado');
    expect(plano).not.toContain('Reacción adversa:');
  });
});
