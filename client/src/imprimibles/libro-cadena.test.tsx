/** @jest-environment node */
import { renderToBuffer } from '@react-pdf/renderer';
import { donaciones, servicio } from '../../../test/pdf/fixtures';
import { readPdf, type PdfPage } from '../../../test/pdf/pdf-reader';
import { CADENA_IMPRESA, mm } from './format';
import { LibroPdf } from './libro-pdf';
import type { CadenaAuditoriaImprimible } from './types';

const HASH = '3f9a1c27b0d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4';

async function paginas(cadenaAuditoria?: CadenaAuditoriaImprimible): Promise<PdfPage[]> {
  return readPdf(
    await renderToBuffer(
      <LibroPdf donaciones={donaciones(12)} servicio={{ ...servicio, cadenaAuditoria }} />,
    ),
  );
}

const lineasDeCadena = (p: PdfPage) => p.texts.filter((t) => t.text.startsWith('Cadena de auditoría'));

describe('the register book prints the audit chain head', () => {
  it("every page prints 'Cadena de auditoría: <first 16 hex> (entrada N)', in the header band", async () => {
    const pages = await paginas({ entrada: '1234', hash: HASH });
    expect(pages).toHaveLength(4);
    for (const page of pages) {
      const lineas = lineasDeCadena(page);
      expect(lineas.map((t) => t.text)).toEqual([`Cadena de auditoría: ${HASH.slice(0, 16)} (entrada 1234)`]);
      // Above the table's column head (9 mm margin + 13 mm header), right of the title.
      expect(lineas[0].y).toBeLessThan(mm(9 + 13));
      expect(lineas[0].x).toBeGreaterThan(page.width / 2);
    }
    // What is printed is the start of the head's hash: 16 hex characters, an anchor for verificarAuditoria.
    expect(CADENA_IMPRESA).toBe(16);
    const impreso = /: ([0-9a-f]+) \(/.exec(lineasDeCadena(pages[0])[0].text)![1];
    expect(HASH.startsWith(impreso)).toBe(true);
    expect(impreso).toHaveLength(16);
  });

  it("a servicio with no entries yet prints 'sin entradas'", async () => {
    const pages = await paginas({ entrada: null, hash: null });
    expect(pages.map((p) => lineasDeCadena(p).map((t) => t.text))).toEqual(
      pages.map(() => ['Cadena de auditoría: sin entradas']),
    );
  });
});
