/** @jest-environment node */
import { createHash } from 'node:crypto';
import { renderToBuffer } from '@react-pdf/renderer';
import { huellaDonaciones, sha256Hex } from './huella';
import { donacion, donaciones, servicio } from '../../../test/pdf/fixtures';
import { readPdf } from '../../../test/pdf/pdf-reader';
import { chronological, chunk } from './format';
import { DONORS_PER_SHEET, LibroPdf } from './libro-pdf';
import type { DonacionImprimible } from './types';

async function huellasImpresas(list: DonacionImprimible[]): Promise<string[]> {
  const pages = await readPdf(await renderToBuffer(<LibroPdf donaciones={list} servicio={servicio} />));
  return pages.map((p) => p.texts.find((t) => t.text.startsWith('Huella: '))?.text ?? '(sin huella)');
}

describe('the register book page fingerprint', () => {
  it("each sheet's two sides print 'Huella: ' and the fingerprint of the donations they list", async () => {
    const list = donaciones(12);
    const sheets = chunk(chronological(list), DONORS_PER_SHEET).map(huellaDonaciones);
    expect(sheets).toHaveLength(2);
    expect(sheets[0]).not.toBe(sheets[1]);
    expect(await huellasImpresas(list)).toEqual(sheets.flatMap((h) => [`Huella: ${h}`, `Huella: ${h}`]));
  });

  it('reprinting the same donations gives the same fingerprint; a changed result changes its page only', async () => {
    const list = donaciones(12);
    const before = await huellasImpresas(list);
    expect(await huellasImpresas([...list].reverse())).toEqual(before);
    // A donation of the second sheet typed again with another Rh.
    const id = chunk(chronological(list), DONORS_PER_SHEET)[1][0].id;
    const changed = list.map((d) =>
      d.id === id ? { ...d, rh: d.rh === 'negativo' ? 'positivo' : 'negativo' } : d,
    );
    const after = await huellasImpresas(changed);
    expect(after.slice(0, 2)).toEqual(before.slice(0, 2));
    expect(after[2]).not.toBe(before[2]);
    expect(after[2]).toBe(after[3]);
    // A donation of the first sheet moved to another donor (a merge of duplicates): that sheet's
    // fingerprint changes, the person printed with it too.
    const primera = chunk(chronological(list), DONORS_PER_SHEET)[0][0].id;
    const otroDonante = donacion(40);
    const movida = list.map((d) =>
      d.id === primera ? { ...d, donanteId: otroDonante.donanteId, donante: otroDonante.donante } : d,
    );
    const fusion = await huellasImpresas(movida);
    expect(fusion[0]).not.toBe(before[0]);
    expect(fusion.slice(2)).toEqual(before.slice(2));
  });

  it('one donation: its id, number, date, donor and results make the fingerprint', async () => {
    const d = donacion(0);
    const [printed] = await huellasImpresas([d]);
    expect(printed).toBe(`Huella: ${huellaDonaciones([d])}`);
    expect(printed).toMatch(/^Huella: [0-9A-F]{10}$/);
  });
});

describe('sha256Hex (the fingerprint’s hash, shared with the server)', () => {
  it("equals Node's crypto for every length up to 300 bytes and for multi-byte text", () => {
    const sha = (t: string) => createHash('sha256').update(t, 'utf8').digest('hex');
    for (let n = 0; n <= 300; n += 1) {
      const text = Array.from({ length: n }, (_, i) => String.fromCharCode(32 + ((i * 7) % 300))).join('');
      expect([n, sha256Hex(text)]).toEqual([n, sha(text)]);
    }
  });
});
