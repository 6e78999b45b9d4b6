/** @jest-environment node */
import { renderToBuffer } from '@react-pdf/renderer';
import { donaciones, servicio } from '../../../test/pdf/fixtures';
import { readPdf } from '../../../test/pdf/pdf-reader';
import { LibroPdf } from './libro-pdf';

/** Any page or sheet numbering a page may print: 'Página 1 de 2', 'Hoja 1 de 1', 'pág. 3/4'... */
const NUMERACION = /\b(p[aá]gina|p[aá]g\.?|hoja|folio)\s*\d+\s*(de|\/)\s*\d+/gi;

describe('the register book numbers its pages once, one way', () => {
  it.each([1, 9, 10, 50])(
    '%i donations: each page says only "Página N de M", at its foot, counting every page',
    async (n) => {
      const pages = await readPdf(
        await renderToBuffer(<LibroPdf donaciones={donaciones(n)} servicio={servicio} />),
      );
      pages.forEach((page, i) => {
        const todo = page.texts.map((t) => t.text).join('\n');
        expect(todo.match(NUMERACION)).toEqual([`Página ${i + 1} de ${pages.length}`]);
        expect(todo).not.toMatch(/hoja/i);
        const [numero] = page.texts.filter((t) => t.text === `Página ${i + 1} de ${pages.length}`);
        expect(numero.y).toBeGreaterThan(page.height * 0.9);
      });
    },
  );
});
