import { cphData, donacion, servicio } from '../../../test/pdf/fixtures';
import { printCph, printHemodonacion, printEtiquetas } from './print';

// The documents themselves are tested in documents.test.tsx: here only what the browser is asked to do.
jest.mock('@react-pdf/renderer', () => ({
  pdf: () => ({ toBlob: async () => new Blob(['%PDF-1.3'], { type: 'application/pdf' }) }),
}));
jest.mock('./etiquetas-pdf', () => ({ EtiquetasPdf: () => null }));
jest.mock('./hemodonacion-pdf', () => ({ HemodonacionPdf: () => null }));
jest.mock('./cph-pdf', () => ({ CphPdf: () => null }));

describe('printed files have names', () => {
  let downloads: { name: string; href: string }[];
  let opened: (string | URL | undefined)[];
  let open: jest.SpyInstance;
  let click: jest.SpyInstance;

  beforeEach(() => {
    downloads = [];
    opened = [];
    let n = 0;
    URL.createObjectURL = () => `blob:http://localhost/id-${++n}`;
    URL.revokeObjectURL = () => undefined;
    click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push({ name: this.download, href: this.href });
    });
    open = jest.spyOn(window, 'open').mockImplementation((url) => {
      opened.push(url);
      return null;
    });
  });

  afterEach(() => {
    click.mockRestore();
    open.mockRestore();
  });

  it('saves the label sheet as etiquetas-<numero>.pdf and shows the same PDF in a tab', async () => {
    await printEtiquetas({ numero: '004217', codigo: '004217E', fecha: '2025-08-09', servicio });
    expect(downloads).toEqual([{ name: 'etiquetas-004217.pdf', href: 'blob:http://localhost/id-1' }]);
    expect(opened).toEqual(['blob:http://localhost/id-1']);
  });

  it('saves the donation sheet as hemodonacion-<numero>.pdf', async () => {
    await printHemodonacion({ donacion: donacion(0), anteriores: [], servicio });
    expect(downloads.map((d) => d.name)).toEqual(['hemodonacion-001000.pdf']);
    expect(opened).toHaveLength(1);
  });

  it.each([1, 2, 3] as const)('saves CPH page %i as cph-<dni>-pagina-%i.pdf', async (n) => {
    await printCph(cphData, n);
    expect(downloads.map((d) => d.name)).toEqual([`cph-20000000-pagina-${n}.pdf`]);
  });

  it('saves the three CPH pages together as cph-<dni>.pdf', async () => {
    await printCph(cphData);
    expect(downloads.map((d) => d.name)).toEqual(['cph-20000000.pdf']);
  });

  it('keeps to letters, digits and dashes in a name', async () => {
    await printEtiquetas({ numero: 'Ñ/17 b', codigo: 'Ñ/17 b', fecha: '2025-08-09', servicio });
    expect(downloads.map((d) => d.name)).toEqual(['etiquetas-N-17-b.pdf']);
  });

  it('still saves the file when the browser blocks the new tab', async () => {
    open.mockImplementation(() => null);
    await printEtiquetas({ numero: '7', codigo: '7O', fecha: '2025-08-09', servicio });
    expect(downloads.map((d) => d.name)).toEqual(['etiquetas-7.pdf']);
  });
});
