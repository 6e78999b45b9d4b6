import { type DonacionHuella, huellaCanonica, huellaDonaciones, sha256Hex } from './huella';

const base: DonacionHuella[] = [
  {
    id: '5b0c6f1e-8a43-4f3e-9d1e-000000000001',
    numero: '001001',
    fecha: '2025-08-09',
    hora: '08:15',
    donanteId: '7d1e2f3a-0b4c-4d5e-8f60-000000000001',
    donante: { dni: '20000001', apellido: 'Muñoz Pérez', nombre: 'José María' },
    abo: 'A',
    rh: 'positivo',
    serologia: {
      hiv: false,
      hepB: false,
      hepC: false,
      vdrl: false,
      brucelosis: false,
      chagas: false,
      htlv: false,
    },
    exclusionDefinitiva: null,
    exclusionTiempo: null,
    exclusionCodigo: null,
  },
  {
    id: '5b0c6f1e-8a43-4f3e-9d1e-000000000002',
    numero: '001002',
    fecha: '2025-08-09',
    hora: '09:40',
    donanteId: '7d1e2f3a-0b4c-4d5e-8f60-000000000002',
    donante: { dni: '30111222', apellido: 'Sosa', nombre: 'Ana' },
    abo: 'O',
    rh: 'negativo',
    serologia: {
      hiv: false,
      hepB: false,
      hepC: false,
      vdrl: false,
      brucelosis: false,
      chagas: true,
      htlv: false,
    },
    exclusionDefinitiva: 'Temporal',
    exclusionTiempo: 180,
    exclusionCodigo: 'CH',
  },
];

/** FIPS 180-4 examples and edge lengths (checked against Node's crypto: client/src/imprimibles/libro-huella.test.tsx). */
const VECTORS: [string, string, string][] = [
  ['empty', '', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
  ['abc', 'abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
  [
    '448 bits',
    'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq',
    '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
  ],
  ['a million a', 'a'.repeat(1_000_000), 'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0'],
  ['UTF-8', 'ñandú — 血液 🩸', '27b1436fcbc20d7b7b7225df62cfbb366d042c0098016f0ce601cba13dd01d25'],
  ['55 bytes: one block', 'x'.repeat(55), 'd5e285683cd4efc02d021a5c62014694958901005d6f71e89e0989fac77e4072'],
  [
    '56 bytes: two blocks',
    'x'.repeat(56),
    '04c26261370ee7541549d16dee320c723e3fd14671e66a099afe0a377c16888e',
  ],
  ['64 bytes', 'y'.repeat(64), 'ffbf30ab94107b2c14d75cfb455ec94f200400ddc5ce304e0c21894090db055f'],
];

describe('sha256Hex', () => {
  it.each(VECTORS)('%s', (_, text, expected) => {
    expect(sha256Hex(text)).toBe(expected);
  });
});

/** v1's fingerprint of `base` (see the test that pins it). */
const PINNED = '3016C9582F';

describe('huellaDonaciones', () => {
  it('is 10 upper-case hex characters', () => {
    expect(huellaDonaciones(base)).toMatch(/^[0-9A-F]{10}$/);
  });

  it('is stable: same donations, whatever the order of the list or of the keys of each object', () => {
    const reordered = base
      .map((d) => {
        const entries = Object.entries(d).reverse();
        const copy = Object.fromEntries(entries) as DonacionHuella;
        copy.serologia = Object.fromEntries(Object.entries(d.serologia ?? {}).reverse());
        copy.donante = Object.fromEntries(Object.entries(d.donante).reverse()) as DonacionHuella['donante'];
        return copy;
      })
      .reverse();
    expect(huellaDonaciones(reordered)).toBe(huellaDonaciones(base));
    // A number as a number, an absent value as undefined: the same donation.
    expect(huellaDonaciones([{ ...base[0], numero: 1001 }])).toBe(
      huellaDonaciones([{ ...base[0], numero: '1001' }]),
    );
    expect(huellaDonaciones([{ ...base[0], exclusionCodigo: undefined }])).toBe(huellaDonaciones([base[0]]));
  });

  it('changes when a listed donation’s number or any result changes, or one is added or removed', () => {
    const h = huellaDonaciones(base);
    const changed = (i: number, patch: Partial<DonacionHuella>) =>
      huellaDonaciones(base.map((d, j) => (j === i ? { ...d, ...patch } : d)));
    const variants = [
      changed(0, { numero: '001003' }),
      changed(0, { abo: 'B' }),
      changed(0, { rh: 'negativo' }),
      changed(1, { serologia: { ...base[1].serologia, chagas: false } }),
      changed(0, { serologia: { ...base[0].serologia, hiv: null } }),
      changed(0, { serologia: null }),
      changed(1, { exclusionDefinitiva: 'Definitiva' }),
      changed(1, { exclusionTiempo: 90 }),
      changed(1, { exclusionCodigo: 'XX' }),
      changed(1, { id: '5b0c6f1e-8a43-4f3e-9d1e-000000000003' }),
      changed(0, { fecha: '2025-08-10' }),
      changed(0, { hora: '08:16' }),
      // A merge of duplicate donors moves the donation to another donor: another fingerprint,
      // even when the person printed is the same.
      changed(0, { donanteId: '7d1e2f3a-0b4c-4d5e-8f60-000000000009' }),
      changed(0, { donante: { ...base[0].donante, dni: '20000009' } }),
      changed(0, { donante: { ...base[0].donante, apellido: 'Muñoz' } }),
      changed(0, { donante: { ...base[0].donante, nombre: 'José' } }),
      huellaDonaciones(base.slice(0, 1)),
      huellaDonaciones([...base, { ...base[0], id: 'otra', numero: '001009' }]),
    ];
    for (const v of variants) expect(v).not.toBe(h);
    expect(new Set(variants).size).toBe(variants.length);
  });

  it('v1: the canonical text starts with its version and is pinned, so a page printed today checks next year', () => {
    expect(huellaCanonica([base[0]])).toBe(
      'v1[["5b0c6f1e-8a43-4f3e-9d1e-000000000001","001001","2025-08-09","08:15",' +
        '"7d1e2f3a-0b4c-4d5e-8f60-000000000001","20000001","Muñoz Pérez","José María","A","positivo",' +
        '[false,false,false,false,false,false,false],null,null,null]]',
    );
    // The fingerprint of v1 for these donations: a change to the canonical text must come with a
    // new version tag, never alter this.
    expect(huellaDonaciones(base)).toBe(PINNED);
  });

  it('two donations swapping their donors is a change', () => {
    const swapped = [
      { ...base[0], donanteId: base[1].donanteId, donante: base[1].donante },
      { ...base[1], donanteId: base[0].donanteId, donante: base[0].donante },
    ];
    expect(huellaDonaciones(swapped)).not.toBe(huellaDonaciones(base));
  });

  it('two donations swapping their results is a change', () => {
    const swapped = [
      { ...base[0], abo: base[1].abo, rh: base[1].rh },
      { ...base[1], abo: base[0].abo, rh: base[0].rh },
    ];
    expect(huellaDonaciones(swapped)).not.toBe(huellaDonaciones(base));
  });
});
