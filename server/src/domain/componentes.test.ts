import {
  type EstadoComponente,
  codigosProducto,
  diferimientosQueImpiden,
  faltaParaLiberar,
  fraccionPredeterminada,
  identificadorLegible,
  identificadorUnidad,
  instanteDeExtraccion,
  leerCodigoInstalacion,
  leerIdentificador,
  siguienteEstado,
  tieneReactivo,
  validateFraccion,
  validateVidaUtil,
  vencimiento,
  vidasUtiles,
  type DonacionParaLiberar,
} from './componentes';
import { caracterControlIso7064 } from './etiquetas';
import { MSG } from './messages';
import type { ResultadoMarcador } from './resultados';

const NEGATIVOS: ResultadoMarcador[] = [
  'HIV',
  'HBSAG',
  'ANTI_HBC',
  'HCV',
  'HTLV',
  'CHAGAS',
  'SIFILIS',
  'BRUCELOSIS',
].map((marcador) => ({ marcador: marcador as ResultadoMarcador['marcador'], estado: 'NO_REACTIVO' }));
const DONACION: DonacionParaLiberar = {
  id: 'd1',
  fecha: '2026-03-10',
  abo: 'O',
  rh: 'POSITIVO',
  eliminada: false,
  grupoDiscordante: false,
};
const AHORA = new Date('2026-03-11T12:00:00-03:00');
const VENCE = new Date('2026-04-21T10:00:00-03:00');
const falta = (over: Partial<Parameters<typeof faltaParaLiberar>[0]> = {}) =>
  faltaParaLiberar({
    donacion: DONACION,
    resultados: NEGATIVOS,
    diferimientos: [],
    venceEn: VENCE,
    ahora: AHORA,
    ...over,
  });

describe('the default split per bag', () => {
  it('Bolsa Doble: red cells and fresh frozen plasma; Bolsa Triple adds platelets', () => {
    expect(fraccionPredeterminada({ tipoBolsa: 'Bolsa Doble', donacionAferesis: false })).toEqual([
      { tipo: 'GLOBULOS_ROJOS', volumen: 280 },
      { tipo: 'PLASMA_FRESCO_CONGELADO', volumen: 250 },
    ]);
    expect(
      fraccionPredeterminada({ tipoBolsa: 'Bolsa Triple', donacionAferesis: false }).map((p) => p.tipo),
    ).toEqual(['GLOBULOS_ROJOS', 'PLASMA_FRESCO_CONGELADO', 'PLAQUETAS']);
  });

  it('an apheresis gives what it collected: platelets, or plasma when plasma was collected', () => {
    expect(fraccionPredeterminada({ tipoBolsa: 'Bolsa Doble', donacionAferesis: true })).toEqual([
      { tipo: 'PLAQUETAS', volumen: 250 },
    ]);
    expect(
      fraccionPredeterminada({ tipoBolsa: 'Bolsa Doble', donacionAferesis: true, plasmaCovid: true }),
    ).toEqual([{ tipo: 'PLASMA_FRESCO_CONGELADO', volumen: 600 }]);
  });

  it('a chosen split: what the bag allows, cryoprecipitate from plasma, volumes within bounds', () => {
    const doble = { tipoBolsa: 'Bolsa Doble', donacionAferesis: false };
    expect(validateFraccion(doble, [{ tipo: 'CRIOPRECIPITADO', volumen: 15 }])).toEqual([]);
    expect(validateFraccion(doble, [{ tipo: 'PLAQUETAS', volumen: 50 }])).toEqual([
      { field: 'componentes.0.tipo', msg: MSG.componenteNoPermitido('plaquetas', 'La Bolsa Doble') },
    ]);
    expect(validateFraccion(doble, [])).toEqual([{ field: 'componentes', msg: MSG.componentesVacio }]);
    expect(validateFraccion(doble, [{ tipo: 'GLOBULOS_ROJOS', volumen: 99 }])).toEqual([
      { field: 'componentes.0.volumen', msg: MSG.volumenFueraDeRango(100, 500) },
    ]);
    const aferesis = { tipoBolsa: 'Bolsa Doble', donacionAferesis: true };
    expect(validateFraccion(aferesis, [{ tipo: 'CRIOPRECIPITADO', volumen: 15 }])).toHaveLength(1);
    expect(
      validateFraccion(aferesis, [
        { tipo: 'PLAQUETAS', volumen: 250 },
        { tipo: 'PLAQUETAS', volumen: 250 },
      ]),
    ).toEqual([]);
    expect(codigosProducto(['PLAQUETAS', 'PLAQUETAS', 'PLASMA_FRESCO_CONGELADO'])).toEqual([
      'PQ1',
      'PQ2',
      'PF1',
    ]);
  });
});

describe('expiry and shelf life', () => {
  it('is the collection (Argentina time) plus the type shelf life', () => {
    const extraccion = instanteDeExtraccion('2026-03-10', '10:00');
    expect(extraccion.toISOString()).toBe('2026-03-10T13:00:00.000Z');
    expect(vencimiento(extraccion, 42).toISOString()).toBe('2026-04-21T13:00:00.000Z');
    const vidas = vidasUtiles({});
    expect(vidas.map((v) => [v.tipo, v.dias])).toEqual([
      ['GLOBULOS_ROJOS', 42],
      ['PLASMA_FRESCO_CONGELADO', 365],
      ['PLAQUETAS', 5],
      ['CRIOPRECIPITADO', 365],
    ]);
  });

  it('a servicio sets it within the bounds of each type', () => {
    expect(validateVidaUtil('GLOBULOS_ROJOS', 49)).toEqual([]);
    expect(validateVidaUtil('GLOBULOS_ROJOS', 50)).toEqual([
      { field: 'dias', msg: MSG.vidaUtilFueraDeRango(1, 49) },
    ]);
    expect(validateVidaUtil('PLAQUETAS', 8)).toEqual([
      { field: 'dias', msg: MSG.vidaUtilFueraDeRango(1, 7) },
    ]);
    expect(validateVidaUtil('PLAQUETAS', 0)).toHaveLength(1);
    expect(validateVidaUtil('PLAQUETAS', 2.5)).toHaveLength(1);
    expect(validateVidaUtil('SANGRE', 5)).toEqual([{ field: 'tipo', msg: MSG.valorNoPermitido }]);
    expect(validateVidaUtil('PLASMA_FRESCO_CONGELADO', 730)).toEqual([]);
    // A stored value outside the bounds (never written by the rule) reads as the default.
    expect(vidasUtiles({ PLAQUETAS: 3, GLOBULOS_ROJOS: 400 }).map((v) => v.dias)).toEqual([42, 365, 3, 365]);
  });
});

describe('unit identifiers', () => {
  it('facility code, year, number to 6 digits, product code and the ISO 7064 check character', () => {
    const codigo = identificadorUnidad('90001', '2026-11-26', 4, 'GR1');
    expect(codigo.slice(0, -1)).toBe('9000126000004GR1');
    expect(codigo.slice(-1)).toBe(caracterControlIso7064('9000126000004GR1'));
    expect(identificadorUnidad('90001', '2026-11-26', 1234567).slice(0, -1)).toBe('90001261234567');
    expect(identificadorLegible(codigo)).toBe(`90001 26 000004 GR1 ${codigo.slice(-1)}`);
  });

  it('differ between two facilities for the same label number', () => {
    expect(identificadorUnidad('90001', '2026-01-01', 7, 'PF1')).not.toBe(
      identificadorUnidad('90002', '2026-01-01', 7, 'PF1'),
    );
    expect(identificadorUnidad('A1234', '2026-01-01', 7)).not.toBe(
      identificadorUnidad('90002', '2026-01-01', 7),
    );
  });

  it('are read with blanks and hyphens, in either case, and a wrong check character is refused', () => {
    const codigo = identificadorUnidad('A1234', '2026-05-01', 42, 'PQ2');
    const leido = leerIdentificador(` ${identificadorLegible(codigo).toLowerCase().replace(/ /g, '-')} `);
    expect(leido).toEqual({
      ok: true,
      value: { codigo, codigoInstalacion: 'A1234', anio: '26', numero: 42, codigoProducto: 'PQ2' },
    });
    const control = codigo.slice(-1);
    const otro = control === '0' ? '1' : '0';
    expect(leerIdentificador(codigo.slice(0, -1) + otro)).toEqual({
      ok: false,
      error: MSG.codigoUnidadControl,
    });
    // One digit mistyped is caught by the check character.
    const tipeado = codigo.slice(0, 8) + (codigo[8] === '9' ? '8' : '9') + codigo.slice(9);
    expect(leerIdentificador(tipeado)).toEqual({ ok: false, error: MSG.codigoUnidadControl });
    expect(leerIdentificador('123')).toEqual({ ok: false, error: MSG.codigoUnidadInvalido });
    expect(leerIdentificador(null)).toEqual({ ok: false, error: MSG.codigoUnidadInvalido });
  });

  it('the facility code the administrator sets is an ICCBBA FIN', () => {
    expect(leerCodigoInstalacion(' a1234 ')).toEqual({ ok: true, value: 'A1234' });
    for (const malo of ['91234', 'AB123', 'A123', 'A12345', ''])
      expect(leerCodigoInstalacion(malo)).toEqual({ ok: false, error: MSG.codigoInstalacionInvalido });
  });
});

describe('what keeps a component in quarantine', () => {
  it('nothing when group, factor and the seven markers are recorded non-reactive and it has not expired', () => {
    expect(falta()).toEqual([]);
  });

  it('each missing or blocking item, in words', () => {
    expect(falta({ donacion: { ...DONACION, abo: '' } })).toEqual([MSG.faltaAbo]);
    expect(falta({ donacion: { ...DONACION, rh: '' } })).toEqual([MSG.faltaRh]);
    expect(falta({ donacion: { ...DONACION, eliminada: true } })).toEqual([
      MSG.donacionDelComponenteEliminada,
    ]);
    expect(falta({ donacion: { ...DONACION, grupoDiscordante: true } })).toEqual([
      MSG.grupoDiscordantePendiente,
    ]);
    expect(falta({ resultados: NEGATIVOS.filter((r) => r.marcador !== 'ANTI_HBC') })).toEqual([
      MSG.faltaSerologia('Hepatitis B'),
    ]);
    expect(falta({ resultados: [] })).toHaveLength(7);
    const reactivo = NEGATIVOS.map((r) =>
      r.marcador === 'CHAGAS' ? { ...r, estado: 'REACTIVO' as const } : r,
    );
    expect(falta({ resultados: reactivo })).toEqual([MSG.marcadorReactivo('Chagas')]);
    expect(tieneReactivo(reactivo)).toBe(true);
    expect(tieneReactivo(NEGATIVOS)).toBe(false);
    expect(falta({ ahora: new Date('2026-04-21T10:00:00-03:00') })).toEqual([
      MSG.componenteVencido('21/04/2026'),
    ]);
  });

  it("the donor's deferrals in force on the collection day, whenever recorded; not the donation's own markers", () => {
    const historial = {
      donante: { sexo: 'Masculino' },
      donaciones: [
        { id: 'd1', numero: 1, fecha: '2026-03-10', donacionAferesis: false, serologia: { hiv: true } },
        {
          id: 'd0',
          numero: 0,
          fecha: '2025-12-01',
          donacionAferesis: false,
          exclusionDefinitiva: 'Temporal',
          exclusionTiempo: 30,
        },
      ],
      visitas: [
        {
          id: 'v1',
          fecha: '2026-03-20',
          motivo: 'Informe posdonación',
          diferimientoDias: 0,
          definitivo: true,
        },
        { id: 'v2', fecha: '2026-03-20', motivo: 'Tatuaje', diferimientoDias: 180 },
      ],
    };
    const impiden = diferimientosQueImpiden(historial, 'd1', '2026-03-10');
    expect(impiden.map((d) => d.origenId)).toEqual(['v1']);
    const items = falta({ diferimientos: impiden });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatch(/^Donante diferido: .*Informe posdonación/);
    // A lifted deferral no longer stops it.
    const levantado = diferimientosQueImpiden(
      { ...historial, levantamientos: [{ origenId: 'v1', clave: impiden[0].clave }] },
      'd1',
      '2026-03-10',
    );
    expect(levantado).toEqual([]);
  });
});

describe('the state machine', () => {
  const enCuarentena = { estado: 'CUARENTENA' as const };

  it('releases from quarantine, by a doctor or a technician, when nothing is missing', () => {
    expect(siguienteEstado(enCuarentena, { tipo: 'liberar' }, { rol: 'ROL_TECNICO', falta: [] })).toEqual({
      ok: true,
      estado: 'LIBERADO',
      cambia: true,
    });
    expect(
      siguienteEstado(enCuarentena, { tipo: 'liberar' }, { rol: 'ROL_MEDICO', falta: [MSG.faltaAbo] }),
    ).toEqual({
      ok: false,
      tipo: 'requisitos',
      errores: [{ field: '', msg: MSG.faltaAbo }],
    });
    for (const rol of ['ROL_SERVICIO', 'ROL_ADMINISTRATIVO', 'ROL_RED', null])
      expect(siguienteEstado(enCuarentena, { tipo: 'liberar' }, { rol, falta: [] })).toMatchObject({
        ok: false,
        tipo: 'permiso',
      });
    for (const estado of ['LIBERADO', 'DESPACHADO', 'DESCARTADO'] as const)
      expect(
        siguienteEstado({ estado }, { tipo: 'liberar' }, { rol: 'ROL_MEDICO', falta: [] }),
      ).toMatchObject({
        ok: false,
        tipo: 'estado',
      });
  });

  it('discards by hand with a coded reason, Otro with a text, while in stock', () => {
    expect(
      siguienteEstado(
        { estado: 'LIBERADO' },
        { tipo: 'descartar', motivo: 'HEMOLIZADO' },
        { rol: 'ROL_SERVICIO' },
      ),
    ).toEqual({ ok: true, estado: 'DESCARTADO', cambia: true, motivo: 'HEMOLIZADO', detalle: null });
    expect(
      siguienteEstado(
        enCuarentena,
        { tipo: 'descartar', motivo: 'OTRO', detalle: '  ' },
        { rol: 'ROL_TECNICO' },
      ),
    ).toEqual({
      ok: false,
      tipo: 'datos',
      errores: [{ field: 'detalle', msg: MSG.detalleDescarteRequerido }],
    });
    expect(
      siguienteEstado(enCuarentena, { tipo: 'descartar', motivo: 'PERDIDO' }, { rol: 'ROL_TECNICO' }),
    ).toMatchObject({
      ok: false,
      tipo: 'datos',
    });
    expect(
      siguienteEstado(enCuarentena, { tipo: 'descartar', motivo: 'LIPEMICO' }, { rol: 'ROL_ADMINISTRATIVO' }),
    ).toMatchObject({
      ok: false,
      tipo: 'permiso',
    });
    expect(
      siguienteEstado(
        { estado: 'DESPACHADO' },
        { tipo: 'descartar', motivo: 'LIPEMICO' },
        { rol: 'ROL_TECNICO' },
      ),
    ).toMatchObject({
      ok: false,
      tipo: 'estado',
    });
  });

  it('a reactive result discards every unit not dispatched nor discarded, and leaves those alone', () => {
    for (const estado of ['CUARENTENA', 'LIBERADO'] as const)
      expect(siguienteEstado({ estado }, { tipo: 'descartarPorSerologia' }, { rol: null })).toEqual({
        ok: true,
        estado: 'DESCARTADO',
        cambia: true,
        motivo: 'SEROLOGIA_REACTIVA',
        detalle: null,
      });
    for (const estado of ['DESPACHADO', 'DESCARTADO'] as const)
      expect(siguienteEstado({ estado }, { tipo: 'descartarPorSerologia' }, { rol: null })).toEqual({
        ok: true,
        estado,
        cambia: false,
      });
  });

  it('dispatches a released unit that has not expired', () => {
    expect(
      siguienteEstado({ estado: 'LIBERADO' }, { tipo: 'despachar' }, { rol: 'ROL_TECNICO' }),
    ).toMatchObject({
      ok: true,
      estado: 'DESPACHADO',
    });
    expect(
      siguienteEstado({ estado: 'LIBERADO' }, { tipo: 'despachar' }, { rol: 'ROL_TECNICO', vencido: true }),
    ).toMatchObject({
      ok: false,
    });
    expect(siguienteEstado(enCuarentena, { tipo: 'despachar' }, { rol: 'ROL_TECNICO' })).toMatchObject({
      ok: false,
    });
  });

  it('says why a unit cannot be dispatched', () => {
    const motivo = (estado: EstadoComponente, vencido = false) => {
      const paso = siguienteEstado({ estado }, { tipo: 'despachar' }, { rol: 'ROL_TECNICO', vencido });
      return paso.ok ? null : paso.errores.map((e) => e.msg);
    };
    expect(motivo('DESPACHADO')).toEqual([MSG.componenteDespachado]);
    expect(motivo('DESCARTADO')).toEqual([MSG.componenteDescartado]);
    expect(motivo('CUARENTENA')).toEqual([MSG.componenteNoLiberado]);
    expect(motivo('LIBERADO', true)).toEqual([MSG.componenteVencidoNoSeDespacha]);
  });
});
