import { siguienteEstado } from './componentes';
import { cierraDespacho, validateDestino, validateUnidadesDespacho } from './despacho';
import { MSG } from './messages';
import { AVISO_VENCIMIENTO, diasDeAviso, enStock, porVencer, validateDiasAviso } from './stock';

const ID = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const DIA = 86_400_000;

describe('validateDestino', () => {
  it('a hospital needs its name; a member its servicio; the own service nothing', () => {
    expect(validateDestino({ tipo: 'HOSPITAL', nombre: 'Hospital Central' })).toEqual([]);
    expect(validateDestino({ tipo: 'HOSPITAL', nombre: '  ' })).toEqual([
      { field: 'destino.nombre', msg: MSG.destinoNombreRequerido },
    ]);
    expect(validateDestino({ tipo: 'MIEMBRO_RED', servicioId: ID })).toEqual([]);
    expect(validateDestino({ tipo: 'MIEMBRO_RED' })).toEqual([
      { field: 'destino.servicioId', msg: MSG.destinoMiembroRequerido },
    ]);
    expect(validateDestino({ tipo: 'SERVICIO_PROPIO' })).toEqual([]);
    expect(validateDestino({ tipo: 'HOSPITAL', nombre: 'H', servicioId: ID })).toEqual([
      { field: 'destino.servicioId', msg: MSG.destinoSinMiembro },
    ]);
    expect(validateDestino({ tipo: 'CAMION' })).toEqual([
      { field: 'destino.tipo', msg: MSG.valorNoPermitido },
    ]);
    expect(validateDestino({ tipo: 'HOSPITAL', nombre: 'x'.repeat(201) })[0].field).toBe('destino.nombre');
  });

  it('a dispatch holds one unit at least, 200 at most, none twice', () => {
    expect(validateUnidadesDespacho([])).toEqual([{ field: 'ids', msg: MSG.despachoVacio }]);
    expect(validateUnidadesDespacho([ID, ID.toUpperCase()])).toEqual([
      { field: 'ids', msg: MSG.despachoRepetido },
    ]);
    expect(validateUnidadesDespacho(Array.from({ length: 201 }, (_, i) => String(i)))[0].msg).toBe(
      MSG.despachoDemasiados(200),
    );
    expect(validateUnidadesDespacho([ID])).toEqual([]);
  });

  it('a unit at its destination or in transit is still open; any other fate closes it', () => {
    expect(['EN_DESTINO', 'EN_TRANSITO'].map((e) => cierraDespacho(e as 'EN_DESTINO'))).toEqual([
      false,
      false,
    ]);
    expect(
      ['RECIBIDO', 'DEVUELTO', 'TRANSFUNDIDO', 'DESCARTADO'].every((e) => cierraDespacho(e as 'RECIBIDO')),
    ).toBe(true);
  });
});

describe('siguienteEstado: what becomes of a dispatched unit', () => {
  const rol = 'ROL_TECNICO';
  it('devolver: to stock with the cold chain kept, else discarded; only a dispatched unit without a final destination', () => {
    expect(
      siguienteEstado({ estado: 'DESPACHADO' }, { tipo: 'devolver', cadenaFrio: true }, { rol }),
    ).toMatchObject({
      ok: true,
      estado: 'LIBERADO',
    });
    expect(
      siguienteEstado({ estado: 'DESPACHADO' }, { tipo: 'devolver', cadenaFrio: false }, { rol }),
    ).toMatchObject({
      estado: 'DESCARTADO',
      motivo: 'CADENA_FRIO',
    });
    expect(
      siguienteEstado(
        { estado: 'DESPACHADO' },
        { tipo: 'devolver', cadenaFrio: true },
        { rol, vencido: true },
      ),
    ).toMatchObject({ estado: 'DESCARTADO', motivo: 'VENCIMIENTO' });
    expect(
      siguienteEstado({ estado: 'LIBERADO' }, { tipo: 'devolver', cadenaFrio: true }, { rol }),
    ).toMatchObject({
      ok: false,
      errores: [{ msg: MSG.componenteNoDespachado }],
    });
    expect(
      siguienteEstado({ estado: 'DESPACHADO' }, { tipo: 'devolver', cadenaFrio: true }, { rol, final: true }),
    ).toMatchObject({ ok: false, errores: [{ msg: MSG.destinoFinalYaRegistrado }] });
  });

  it('destinoFinal: transfused keeps DESPACHADO; discarded there needs a coded reason; not in transit, not twice', () => {
    const despachado = { estado: 'DESPACHADO' as const };
    expect(
      siguienteEstado(despachado, { tipo: 'destinoFinal', destino: 'TRANSFUNDIDO' }, { rol }),
    ).toMatchObject({
      ok: true,
      estado: 'DESPACHADO',
      cambia: true,
    });
    expect(
      siguienteEstado(despachado, { tipo: 'destinoFinal', destino: 'DESCARTADO' }, { rol }),
    ).toMatchObject({
      ok: false,
      errores: [{ field: 'motivo', msg: MSG.destinoFinalMotivoRequerido }],
    });
    expect(
      siguienteEstado(despachado, { tipo: 'destinoFinal', destino: 'DESCARTADO', motivo: 'OTRO' }, { rol }),
    ).toMatchObject({ ok: false, errores: [{ msg: MSG.detalleDescarteRequerido }] });
    expect(
      siguienteEstado(
        despachado,
        { tipo: 'destinoFinal', destino: 'DESCARTADO', motivo: 'HEMOLIZADO' },
        { rol },
      ),
    ).toMatchObject({ ok: true, estado: 'DESCARTADO', motivo: 'HEMOLIZADO' });
    expect(
      siguienteEstado(
        despachado,
        { tipo: 'destinoFinal', destino: 'TRANSFUNDIDO' },
        { rol, enTransito: true },
      ),
    ).toMatchObject({ ok: false, errores: [{ msg: MSG.componenteEnTransito }] });
    expect(
      siguienteEstado(despachado, { tipo: 'destinoFinal', destino: 'TRANSFUNDIDO' }, { rol, final: true }),
    ).toMatchObject({ ok: false, errores: [{ msg: MSG.destinoFinalYaRegistrado }] });
    expect(siguienteEstado(despachado, { tipo: 'destinoFinal', destino: 'PERDIDO' }, { rol })).toMatchObject({
      ok: false,
      errores: [{ field: 'destino' }],
    });
  });

  it('recibir: only a unit in transit to the caller; vencer: only a unit still in stock or quarantine, once expired', () => {
    expect(
      siguienteEstado({ estado: 'DESPACHADO' }, { tipo: 'recibir' }, { rol, enTransito: true }),
    ).toMatchObject({
      ok: true,
      estado: 'LIBERADO',
    });
    expect(siguienteEstado({ estado: 'DESPACHADO' }, { tipo: 'recibir' }, { rol })).toMatchObject({
      ok: false,
    });
    expect(
      siguienteEstado({ estado: 'LIBERADO' }, { tipo: 'vencer' }, { rol: null, vencido: true }),
    ).toMatchObject({
      estado: 'DESCARTADO',
      motivo: 'VENCIMIENTO',
      cambia: true,
    });
    expect(
      siguienteEstado({ estado: 'CUARENTENA' }, { tipo: 'vencer' }, { rol: null, vencido: true }),
    ).toMatchObject({ estado: 'DESCARTADO', cambia: true });
    expect(
      siguienteEstado({ estado: 'LIBERADO' }, { tipo: 'vencer' }, { rol: null, vencido: false }),
    ).toMatchObject({
      cambia: false,
    });
    expect(
      siguienteEstado({ estado: 'DESPACHADO' }, { tipo: 'vencer' }, { rol: null, vencido: true }),
    ).toMatchObject({ estado: 'DESPACHADO', cambia: false });
  });
});

describe('stock', () => {
  const ahora = new Date('2026-03-10T12:00:00-03:00');
  it('warning days: the defaults, and the servicio’s within bounds', () => {
    expect(AVISO_VENCIMIENTO).toEqual({
      GLOBULOS_ROJOS: 7,
      PLAQUETAS: 2,
      PLASMA_FRESCO_CONGELADO: 30,
      CRIOPRECIPITADO: 30,
    });
    expect(diasDeAviso({ PLAQUETAS: 3, GLOBULOS_ROJOS: 999 })).toMatchObject({
      PLAQUETAS: 3,
      GLOBULOS_ROJOS: 7,
    });
    expect(validateDiasAviso('PLAQUETAS', 0)).toEqual([]);
    expect(validateDiasAviso('PLAQUETAS', 1.5)).toEqual([
      { field: 'dias', msg: MSG.diasAvisoFueraDeRango(0, 365) },
    ]);
    expect(validateDiasAviso('SANGRE', 3)).toEqual([{ field: 'tipo', msg: MSG.valorNoPermitido }]);
  });

  it('a released unit is stock until the instant it expires, and expiring soon within the days', () => {
    const vence = new Date(ahora.getTime() + 2 * DIA);
    expect(enStock({ estado: 'LIBERADO', venceEn: vence }, ahora)).toBe(true);
    expect(enStock({ estado: 'LIBERADO', venceEn: ahora }, ahora)).toBe(false);
    expect(enStock({ estado: 'CUARENTENA', venceEn: vence }, ahora)).toBe(false);
    expect(porVencer(vence, ahora, 2)).toBe(true);
    expect(porVencer(vence, ahora, 1)).toBe(false);
    expect(porVencer(ahora, ahora, 7)).toBe(false);
  });
});
