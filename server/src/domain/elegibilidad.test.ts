import { addDays, addYears } from './dates';
import {
  cambioDeResultado,
  type DonacionHistorial,
  esMasLeve,
  diferimientoDeDonacion,
  evaluarElegibilidad,
  type HistorialDonante,
  REGLAS_DEFAULT,
  revisarDiferimientos,
  revisarHistorial,
  textoRechazo,
  validateReglas,
  faltaEdad,
} from './elegibilidad';
import { MSG } from './messages';

let seq = 0;
function donacion(fecha: string, extra: Partial<DonacionHistorial> = {}): DonacionHistorial {
  seq += 1;
  return { id: `d${seq}`, numero: seq, fecha, donacionAferesis: false, ...extra };
}

const hombre = (
  donaciones: DonacionHistorial[],
  extra: Partial<HistorialDonante> = {},
): HistorialDonante => ({
  donante: { sexo: 'Masculino' },
  donaciones,
  ...extra,
});
const mujer = (donaciones: DonacionHistorial[]): HistorialDonante => ({
  donante: { sexo: 'Femenino' },
  donaciones,
});

/** `n` whole-blood donations 8 weeks apart from `desde`. */
const cadaOchoSemanas = (desde: string, n: number) =>
  Array.from({ length: n }, (_, i) => donacion(addDays(desde, i * 56)));

describe('evaluarElegibilidad', () => {
  it('a donor without history may donate today', () => {
    const e = evaluarElegibilidad(hombre([]), REGLAS_DEFAULT, '2026-01-10');
    expect(e).toEqual({ puedeDonar: true, desde: '2026-01-10', motivos: [], diferimientos: [] });
  });

  it('the interval: day 55 after a donation refused with the specification text, day 56 accepted', () => {
    const h = hombre([donacion('2026-01-01')]);
    const dia55 = evaluarElegibilidad(h, REGLAS_DEFAULT, addDays('2026-01-01', 55));
    expect(dia55.puedeDonar).toBe(false);
    expect(textoRechazo(dia55)).toBe('Este donante dono hace menos de 8 semanas (01/01/2026).');
    expect(dia55.desde).toBe('2026-02-26');
    expect(evaluarElegibilidad(h, REGLAS_DEFAULT, '2026-02-26').puedeDonar).toBe(true);
    // Before a later donation too (a donation recorded late).
    expect(evaluarElegibilidad(h, REGLAS_DEFAULT, addDays('2026-01-01', -55)).puedeDonar).toBe(false);
    expect(evaluarElegibilidad(h, REGLAS_DEFAULT, addDays('2026-01-01', -56)).puedeDonar).toBe(true);
  });

  it("a servicio's longer interval is used, with its weeks in the text", () => {
    const reglas = { ...REGLAS_DEFAULT, semanasEntreDonaciones: 12 };
    const h = hombre([donacion('2026-01-01')]);
    const e = evaluarElegibilidad(h, reglas, addDays('2026-01-01', 83));
    expect(textoRechazo(e)).toBe('Este donante dono hace menos de 12 semanas (01/01/2026).');
    expect(evaluarElegibilidad(h, reglas, addDays('2026-01-01', 84)).puedeDonar).toBe(true);
  });

  it('men: the 4th donation in 12 months accepted, the 5th refused until a year after the 1st', () => {
    const tres = cadaOchoSemanas('2026-01-01', 3);
    expect(evaluarElegibilidad(hombre(tres), REGLAS_DEFAULT, addDays('2026-01-01', 168)).puedeDonar).toBe(
      true,
    );
    const cuatro = cadaOchoSemanas('2026-01-01', 4);
    const unAnio = addYears('2026-01-01', 1);
    const antes = evaluarElegibilidad(hombre(cuatro), REGLAS_DEFAULT, addDays(unAnio, -1));
    expect(antes.puedeDonar).toBe(false);
    expect(antes.motivos.map((m) => m.tipo)).toEqual(['limiteAnual']);
    expect(textoRechazo(antes)).toBe(
      'Alcanzó el límite anual: 4 donaciones de sangre entera en 12 meses para hombres. Puede donar a partir del 01/01/2027.',
    );
    expect(antes.desde).toBe(unAnio);
    expect(evaluarElegibilidad(hombre(cuatro), REGLAS_DEFAULT, unAnio).puedeDonar).toBe(true);
  });

  it('women: the 3rd donation in 12 months accepted, the 4th refused', () => {
    const dos = cadaOchoSemanas('2026-01-01', 2);
    expect(evaluarElegibilidad(mujer(dos), REGLAS_DEFAULT, addDays('2026-01-01', 112)).puedeDonar).toBe(true);
    const tres = cadaOchoSemanas('2026-01-01', 3);
    const e = evaluarElegibilidad(mujer(tres), REGLAS_DEFAULT, addDays('2026-01-01', 168));
    expect(e.puedeDonar).toBe(false);
    expect(textoRechazo(e)).toBe(
      'Alcanzó el límite anual: 3 donaciones de sangre entera en 12 meses para mujeres. Puede donar a partir del 01/01/2027.',
    );
    expect(evaluarElegibilidad(mujer(tres), REGLAS_DEFAULT, '2027-01-01').puedeDonar).toBe(true);
  });

  it('apheresis donations are outside the whole-blood limit, both counted and being recorded', () => {
    const cuatro = cadaOchoSemanas('2026-01-01', 4).map((d, i) => ({ ...d, donacionAferesis: i === 0 }));
    expect(evaluarElegibilidad(hombre(cuatro), REGLAS_DEFAULT, addDays('2026-01-01', 224)).puedeDonar).toBe(
      true,
    );
    const enteras = cadaOchoSemanas('2026-01-01', 4);
    const fecha = addDays('2026-01-01', 224);
    expect(evaluarElegibilidad(hombre(enteras), REGLAS_DEFAULT, fecha).puedeDonar).toBe(false);
    expect(evaluarElegibilidad(hombre(enteras), REGLAS_DEFAULT, fecha, { aferesis: true }).puedeDonar).toBe(
      true,
    );
  });

  it("a servicio's lower limit", () => {
    const reglas = { ...REGLAS_DEFAULT, limiteAnualHombres: 2 };
    const dos = cadaOchoSemanas('2026-01-01', 2);
    expect(evaluarElegibilidad(hombre(dos), reglas, addDays('2026-01-01', 112)).puedeDonar).toBe(false);
  });

  it('29 February: the 12 months end on 28 February', () => {
    const cuatro = cadaOchoSemanas('2028-02-29', 4);
    expect(evaluarElegibilidad(hombre(cuatro), REGLAS_DEFAULT, '2029-02-28').puedeDonar).toBe(false);
    expect(evaluarElegibilidad(hombre(cuatro), REGLAS_DEFAULT, '2029-03-01').puedeDonar).toBe(true);
  });

  it("'Definitiva' defers for good, also a donation dated before it", () => {
    const d = donacion('2026-01-01', { exclusionDefinitiva: 'Definitiva', numero: 123 });
    for (const fecha of ['2030-01-01', '2025-01-01']) {
      const e = evaluarElegibilidad(hombre([d]), REGLAS_DEFAULT, fecha);
      expect(e.puedeDonar).toBe(false);
      expect(e.desde).toBeNull();
      expect(textoRechazo(e)).toContain(
        'Donante diferido: exclusión definitiva (donación N° 123 del 01/01/2026).',
      );
    }
  });

  it("'Temporal' N days: day N-1 refused, day N accepted; 0 days defers nothing", () => {
    const d = donacion('2026-01-01', { exclusionDefinitiva: 'Temporal', exclusionTiempo: 90, numero: 7 });
    const reglas = REGLAS_DEFAULT;
    const dia89 = evaluarElegibilidad(hombre([d]), reglas, addDays('2026-01-01', 89));
    expect(dia89.puedeDonar).toBe(false);
    expect(dia89.motivos.map((m) => m.texto)).toEqual([
      'Donante diferido: exclusión temporal de 90 días (donación N° 7 del 01/01/2026). Puede donar a partir del 01/04/2026.',
    ]);
    expect(dia89.desde).toBe('2026-04-01');
    expect(evaluarElegibilidad(hombre([d]), reglas, addDays('2026-01-01', 90)).puedeDonar).toBe(true);
    const cero = donacion('2025-01-01', { exclusionDefinitiva: 'Temporal', exclusionTiempo: 0 });
    expect(evaluarElegibilidad(hombre([cero]), reglas, '2025-03-01').puedeDonar).toBe(true);
  });

  it('a reactive marker without a decision defers until one is recorded', () => {
    const d = donacion('2026-01-01', { serologia: { hiv: true, chagas: true }, numero: 9 });
    const e = evaluarElegibilidad(hombre([d]), REGLAS_DEFAULT, '2027-06-01');
    expect(e.puedeDonar).toBe(false);
    expect(e.desde).toBeNull();
    expect(e.diferimientos.map((x) => x.tipo)).toEqual(['Pendiente']);
    expect(textoRechazo(e)).toBe(
      'Donante diferido: serología reactiva (HIV, Chagas) en la donación N° 9 del 01/01/2026, a la espera de la decisión de un médico.',
    );
    // The decision: a temporary exclusion of 0 days.
    const decidida = { ...d, exclusionDefinitiva: 'Temporal', exclusionTiempo: 0 };
    expect(evaluarElegibilidad(hombre([decidida]), REGLAS_DEFAULT, '2027-06-01').puedeDonar).toBe(true);
  });

  it('a lifted deferral stops nothing; a result changed after the lift defers again', () => {
    const d = donacion('2026-01-01', { exclusionDefinitiva: 'Definitiva' });
    const dif = diferimientoDeDonacion(d)!;
    const levantamientos = [{ origenId: d.id, clave: dif.clave }];
    expect(
      evaluarElegibilidad(hombre([d], { levantamientos }), REGLAS_DEFAULT, '2026-06-01').puedeDonar,
    ).toBe(true);
    const cambiada = { ...d, exclusionDefinitiva: 'Temporal', exclusionTiempo: 365 };
    expect(
      evaluarElegibilidad(hombre([cambiada], { levantamientos }), REGLAS_DEFAULT, '2026-06-01').puedeDonar,
    ).toBe(false);
  });

  it('a lift covers what the deferral was made of: a marker added later defers again', () => {
    const chagas = donacion('2026-01-01', { serologia: { chagas: true } });
    const levantamientos = [{ origenId: chagas.id, clave: diferimientoDeDonacion(chagas)!.clave }];
    expect(
      evaluarElegibilidad(hombre([chagas], { levantamientos }), REGLAS_DEFAULT, '2026-06-01').puedeDonar,
    ).toBe(true);
    const hiv = { ...chagas, serologia: { chagas: true, hiv: true } };
    const e = evaluarElegibilidad(hombre([hiv], { levantamientos }), REGLAS_DEFAULT, '2026-06-01');
    expect(textoRechazo(e)).toMatch(/serología reactiva \(HIV, Chagas\)/);
    // Another exclusion of the same kind and end, or other days, is another deferral too.
    const t30 = { ...chagas, serologia: null, exclusionDefinitiva: 'Temporal', exclusionTiempo: 30 };
    const clave30 = diferimientoDeDonacion(t30)!.clave;
    expect(diferimientoDeDonacion({ ...t30, serologia: { vdrl: true } })!.clave).not.toBe(clave30);
    expect(diferimientoDeDonacion({ ...t30, exclusionTiempo: 90 })!.clave).not.toBe(clave30);
  });

  it("a deleted donation's deferral stands, with its text; it counts for nothing else", () => {
    const borrada = donacion('2026-01-01', { exclusionDefinitiva: 'Definitiva', numero: 7 });
    const h = hombre([], { eliminadas: [borrada] });
    const e = evaluarElegibilidad(h, REGLAS_DEFAULT, '2026-01-10');
    expect(textoRechazo(e)).toBe(
      'Donante diferido: exclusión definitiva (donación eliminada N° 7 del 01/01/2026).',
    );
    expect(e.diferimientos.map((d) => d.origenId)).toEqual([borrada.id]);
    // Lifted by a doctor, it stops nothing; the interval and the limit never saw it.
    const levantamientos = [{ origenId: borrada.id, clave: e.diferimientos[0].clave }];
    expect(
      evaluarElegibilidad(
        hombre([], { eliminadas: [borrada], levantamientos }),
        REGLAS_DEFAULT,
        '2026-01-10',
      ),
    ).toEqual({
      puedeDonar: true,
      desde: '2026-01-10',
      motivos: [],
      diferimientos: [],
    });
    const sinResultado = hombre([], { eliminadas: cadaOchoSemanas('2025-06-01', 5) });
    expect(evaluarElegibilidad(sinResultado, REGLAS_DEFAULT, '2026-02-01').puedeDonar).toBe(true);
  });

  it("a 'No apto' visit with days defers from its date: day N-1 refused, day N accepted", () => {
    const visitas = [{ id: 'v1', fecha: '2026-03-01', motivo: 'Hemoglobina baja', diferimientoDias: 30 }];
    const h = hombre([], { visitas });
    const e = evaluarElegibilidad(h, REGLAS_DEFAULT, '2026-03-30');
    expect(textoRechazo(e)).toBe(
      'Donante diferido: no apto el 01/03/2026 (Hemoglobina baja), por 30 días. Puede donar a partir del 31/03/2026.',
    );
    expect(evaluarElegibilidad(h, REGLAS_DEFAULT, '2026-03-31').puedeDonar).toBe(true);
    const sinDias = hombre([], { visitas: [{ ...visitas[0], diferimientoDias: 0 }] });
    expect(evaluarElegibilidad(sinDias, REGLAS_DEFAULT, '2026-03-01').puedeDonar).toBe(true);
  });

  it('gives every reason and the first day on which all of them pass', () => {
    const previa = donacion('2026-01-01');
    const visitas = [{ id: 'v1', fecha: '2026-01-20', motivo: 'TAS alta', diferimientoDias: 60 }];
    const e = evaluarElegibilidad(hombre([previa], { visitas }), REGLAS_DEFAULT, '2026-01-21');
    expect(e.motivos.map((m) => m.tipo)).toEqual(['intervalo', 'diferimiento']);
    expect(e.desde).toBe('2026-03-21');
  });
});

describe('esMasLeve: what only a doctor may do to a result', () => {
  const base = donacion('2026-01-01');
  const def = diferimientoDeDonacion({ ...base, exclusionDefinitiva: 'Definitiva' });
  const t90 = diferimientoDeDonacion({ ...base, exclusionDefinitiva: 'Temporal', exclusionTiempo: 90 });
  const t30 = diferimientoDeDonacion({ ...base, exclusionDefinitiva: 'Temporal', exclusionTiempo: 30 });
  const pend = diferimientoDeDonacion({ ...base, serologia: { hiv: true } });
  it('orders none < temporary (by its end) < awaiting a decision < definitive', () => {
    expect(esMasLeve(null, def)).toBe(true);
    expect(esMasLeve(t30, t90)).toBe(true);
    expect(esMasLeve(t90, pend)).toBe(true);
    expect(esMasLeve(pend, def)).toBe(true);
    expect(esMasLeve(def, pend)).toBe(false);
    expect(esMasLeve(t90, t30)).toBe(false);
    expect(esMasLeve(t90, t90)).toBe(false);
    expect(esMasLeve(pend, null)).toBe(false);
  });
});

describe('cambioDeResultado: who may record what on a result', () => {
  const base = donacion('2026-01-01');
  const tecnico = { decide: false };
  const medico = { decide: true };
  const con = (extra: Partial<DonacionHistorial>) => ({ ...base, ...extra });

  it('anyone else: a new reactive marker leaves the donor awaiting a doctor, in one request or in two', () => {
    const temporal0 = con({ exclusionDefinitiva: 'Temporal', exclusionTiempo: 0 });
    const hivYTemporal0 = { ...temporal0, serologia: { hiv: true } };
    expect(cambioDeResultado(base, hivYTemporal0, tecnico)).toEqual({
      rechazo: MSG.reactivoEsperaMedico,
      levanta: null,
    });
    // Two steps: the exclusion first (nothing reactive yet), then the marker.
    expect(cambioDeResultado(base, temporal0, tecnico).rechazo).toBeNull();
    expect(cambioDeResultado(temporal0, hivYTemporal0, tecnico).rechazo).toBe(MSG.reactivoEsperaMedico);
    // Or the marker first: then the exclusion lifts a deferral.
    const hiv = con({ serologia: { hiv: true } });
    expect(cambioDeResultado(base, hiv, tecnico).rechazo).toBeNull();
    expect(cambioDeResultado(hiv, hivYTemporal0, tecnico).rechazo).toBe(MSG.soloMedicoLevanta);
    // A temporary exclusion recorded before the marker does not stand for a decision either.
    const t90 = con({ exclusionDefinitiva: 'Temporal', exclusionTiempo: 90 });
    expect(cambioDeResultado(t90, { ...t90, serologia: { hiv: true } }, tecnico).rechazo).toBe(
      MSG.reactivoEsperaMedico,
    );
  });

  it("anyone else: 'Definitiva', a stricter deferral and the same results again are allowed", () => {
    const hiv = con({ serologia: { hiv: true } });
    expect(
      cambioDeResultado(base, { ...hiv, exclusionDefinitiva: 'Definitiva' }, tecnico).rechazo,
    ).toBeNull();
    const decidido = con({
      serologia: { chagas: true },
      exclusionDefinitiva: 'Temporal',
      exclusionTiempo: 30,
    });
    // The form sends the whole result again (the doctor's decision with it) when it edits the group.
    expect(cambioDeResultado(decidido, { ...decidido }, tecnico)).toEqual({
      rechazo: null,
      levanta: null,
    });
    expect(cambioDeResultado(decidido, { ...decidido, exclusionTiempo: 90 }, tecnico).rechazo).toBeNull();
    expect(cambioDeResultado(decidido, { ...decidido, exclusionTiempo: 15 }, tecnico).rechazo).toBe(
      MSG.soloMedicoLevanta,
    );
  });

  it('a doctor decides; a milder deferral is a lift of the one before, unless already lifted', () => {
    const hiv = con({ serologia: { hiv: true } });
    const decidido = { ...hiv, exclusionDefinitiva: 'Temporal', exclusionTiempo: 30 };
    expect(cambioDeResultado(base, decidido, medico)).toEqual({ rechazo: null, levanta: null });
    const cambio = cambioDeResultado(hiv, decidido, medico);
    expect(cambio.rechazo).toBeNull();
    expect(cambio.levanta).toEqual(diferimientoDeDonacion(hiv));
    expect(cambioDeResultado(hiv, decidido, { ...medico, levantado: true }).levanta).toBeNull();
    expect(
      cambioDeResultado(decidido, { ...decidido, exclusionDefinitiva: 'Definitiva' }, medico).levanta,
    ).toBeNull();
  });
});

describe('revisarDiferimientos', () => {
  it('names each donation made while another record of the history deferred the donor', () => {
    const definitiva = donacion('2026-01-01', { exclusionDefinitiva: 'Definitiva' });
    const despues = donacion('2026-04-01');
    const antes = donacion('2025-10-01');
    const visita = { id: 'v1', fecha: '2026-06-01', motivo: 'Hemoglobina baja', diferimientoDias: 30 };
    const enLaVisita = donacion('2026-06-15');
    const h = hombre([antes, definitiva, despues, enLaVisita], { visitas: [visita] });
    const textoDef = diferimientoDeDonacion(definitiva)!.texto;
    expect(revisarDiferimientos(h)).toEqual([
      MSG.donacionDuranteDiferimiento(despues.numero, '01/04/2026', textoDef),
      MSG.donacionDuranteDiferimiento(enLaVisita.numero, '15/06/2026', textoDef),
    ]);
    // Of a deleted donation too; a lifted deferral is no warning.
    const borrada = { ...definitiva, eliminada: true };
    expect(revisarDiferimientos(hombre([despues], { eliminadas: [borrada] }))).toHaveLength(1);
    const levantamientos = [{ origenId: definitiva.id, clave: diferimientoDeDonacion(definitiva)!.clave }];
    expect(revisarDiferimientos(hombre([definitiva, despues], { levantamientos }))).toEqual([]);
  });
});

describe('revisarHistorial', () => {
  it('names the donations closer than the interval and the windows over the limit', () => {
    const h = [
      { numero: 1, fecha: '2026-01-01', donacionAferesis: false },
      { numero: 2, fecha: '2026-01-20', donacionAferesis: false },
    ];
    expect(revisarHistorial({ sexo: 'Masculino' }, h, REGLAS_DEFAULT)).toEqual([
      MSG.donacionesCercanas(1, '01/01/2026', 2, '20/01/2026', 8),
    ]);
    const cuatro = cadaOchoSemanas('2026-01-01', 4);
    expect(revisarHistorial({ sexo: 'Femenino' }, cuatro, REGLAS_DEFAULT)).toEqual([
      MSG.limiteAnualExcedido(4, '01/01/2026', '18/06/2026', 3),
    ]);
    expect(revisarHistorial({ sexo: 'Masculino' }, cuatro, REGLAS_DEFAULT)).toEqual([]);
  });
});

describe('validateReglas', () => {
  it('accepts the norm and stricter rules, refuses looser ones', () => {
    expect(validateReglas(REGLAS_DEFAULT)).toEqual([]);
    expect(
      validateReglas({ semanasEntreDonaciones: 52, limiteAnualHombres: 1, limiteAnualMujeres: 1 }),
    ).toEqual([]);
    expect(
      validateReglas({ semanasEntreDonaciones: 7, limiteAnualHombres: 5, limiteAnualMujeres: 4 }),
    ).toEqual([
      { field: 'semanasEntreDonaciones', msg: 'Debe ser un número entero entre 8 y 52' },
      { field: 'limiteAnualHombres', msg: 'Debe ser un número entero entre 1 y 4' },
      { field: 'limiteAnualMujeres', msg: 'Debe ser un número entero entre 1 y 3' },
    ]);
    expect(
      validateReglas({ semanasEntreDonaciones: 8.5, limiteAnualHombres: 0, limiteAnualMujeres: 0 }),
    ).toHaveLength(3);
  });
});

describe("the donor's age on the donation's day", () => {
  it('agrees with faltaEdad on every day around the 16th and 66th birthdays, 29 February included', () => {
    for (const nacimiento of ['2008-02-29', '1990-05-10', '1960-12-31']) {
      for (const cumple of [16, 66]) {
        const centro = addYears(nacimiento, cumple);
        for (let d = -3; d <= 3; d += 1) {
          const dia = addDays(centro, d);
          const e = evaluarElegibilidad(
            { donante: { sexo: 'Femenino', fechaNacimiento: nacimiento }, donaciones: [] },
            REGLAS_DEFAULT,
            dia,
          );
          expect([nacimiento, dia, e.puedeDonar]).toEqual([
            nacimiento,
            dia,
            faltaEdad(nacimiento, dia) === null,
          ]);
        }
      }
    }
  });
});
