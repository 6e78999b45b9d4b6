/** @jest-environment node */
import { renderToBuffer } from '@react-pdf/renderer';
import { MSG } from '@domain/messages';
import { ReportePdf } from '@/imprimibles/reporte-pdf';
import { cifrasPrincipales } from '@/imprimibles/reporte-format';
import type { IndicadoresImprimible } from '@/imprimibles/types';
import { buildReporteCsv } from './reporte-csv';
import { indicadores } from '../../../../test/pdf/reporte-fixtures';
import { servicio } from '../../../../test/pdf/fixtures';
import { readPdf } from '../../../../test/pdf/pdf-reader';

const conReacciones: IndicadoresImprimible = {
  ...indicadores,
  reacciones: {
    total: 5,
    porMil: 4.1,
    porTipo: [{ tipo: 'HEMATOMA', cantidad: 5 }],
  },
};

describe("the report's donor reactions per 1,000 donations", () => {
  it('the screen, the CSV and the PDF show the count and the rate', async () => {
    const cifras = cifrasPrincipales(conReacciones);
    expect(cifras.find((c) => c.label === 'Reacciones por 1.000 donaciones')?.valor).toBe('4,1');
    expect(cifras.find((c) => c.label === 'Reacciones del donante')?.valor).toBe('5');
    const csv = buildReporteCsv(conReacciones, servicio.nombre, new Date(2026, 3, 1));
    expect(csv).toContain('Reacciones por 1.000 donaciones;4,1');
    expect(csv).toContain('Reacciones del donante;5');
    const pages = await readPdf(
      await renderToBuffer(
        <ReportePdf data={{ indicadores: conReacciones, servicio, generado: new Date(2026, 3, 1) }} />,
      ),
    );
    const texto = pages
      .map((p) => p.text)
      .join(' ')
      .replace(/\s+/g, ' ');
    expect(texto).toContain('Reacciones por 1.000 donaciones');
    expect(texto).toContain('4,1');
  });

  it('not published outside the servicio: the count says so, the rate is reserved', () => {
    const fuera = cifrasPrincipales({
      ...indicadores,
      reacciones: { total: null, porMil: null, porTipo: [] },
    });
    expect(fuera.find((c) => c.label === 'Reacciones del donante')?.valor).toBe(MSG.menosDeCinco);
    expect(fuera.find((c) => c.label === 'Reacciones por 1.000 donaciones')?.valor).toBe(
      MSG.porcentajeReservado,
    );
  });
});
