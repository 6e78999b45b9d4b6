import {
  citacionDeResultados,
  siguienteCitacion,
  validateInformePostdonacion,
  validateNuevaCitacion,
  veMotivoCitacion,
} from './citacion';
import { MSG } from './messages';
import type { ResultadoMarcador } from './resultados';

const HOY = '2026-11-26';
const reactivo: ResultadoMarcador = { marcador: 'HIV', estado: 'REACTIVO', fecha: HOY };
const repetido: ResultadoMarcador = { ...reactivo, repeticion1: 'REACTIVO', repeticion2: 'NO_REACTIVO' };

describe('citacionDeResultados', () => {
  it('a reactive screening, before or after its repeat, asks for a confirmatory sample', () => {
    expect(citacionDeResultados([reactivo]).motivo).toBe('RESULTADO_REACTIVO_CONFIRMATORIO');
    expect(citacionDeResultados([repetido]).motivo).toBe('RESULTADO_REACTIVO_CONFIRMATORIO');
    expect(citacionDeResultados([{ ...reactivo, estado: 'INDETERMINADO' }]).motivo).toBe(
      'RESULTADO_REACTIVO_CONFIRMATORIO',
    );
  });

  it('a confirmed positive asks to tell the donor, whatever else is pending', () => {
    const positivo = { ...repetido, confirmatorioResultado: 'POSITIVO' as const };
    expect(citacionDeResultados([positivo, { ...reactivo, marcador: 'HCV' }]).motivo).toBe(
      'RESULTADO_CONFIRMADO',
    );
  });

  it('nothing reactive left closes, naming a negative confirmatory or a negative repeat', () => {
    expect(citacionDeResultados([{ ...repetido, confirmatorioResultado: 'NEGATIVO' }])).toEqual({
      motivo: null,
      cierre: MSG.cierreConfirmatorioNegativo,
    });
    expect(
      citacionDeResultados([{ ...reactivo, repeticion1: 'NO_REACTIVO', repeticion2: 'NO_REACTIVO' }]),
    ).toEqual({ motivo: null, cierre: MSG.cierreSinReactivo });
    expect(citacionDeResultados([]).motivo).toBeNull();
  });
});

describe('siguienteCitacion', () => {
  const medico = 'ROL_MEDICO';
  it('attempts keep the state; an appointment makes it CITADO; attendance ASISTIO; closing CERRADA', () => {
    expect(
      siguienteCitacion(
        { estado: 'PENDIENTE' },
        { tipo: 'intento', fecha: HOY, medio: 'TELEFONO' },
        'ROL_ADMINISTRATIVO',
        HOY,
      ),
    ).toEqual({ ok: true, estado: 'PENDIENTE' });
    expect(
      siguienteCitacion({ estado: 'PENDIENTE' }, { tipo: 'cita', fecha: HOY }, 'ROL_TECNICO', HOY),
    ).toEqual({
      ok: true,
      estado: 'CITADO',
    });
    expect(
      siguienteCitacion(
        { estado: 'CITADO' },
        { tipo: 'asistencia', informado: 'Se le informó' },
        medico,
        HOY,
      ),
    ).toEqual({ ok: true, estado: 'ASISTIO' });
    expect(
      siguienteCitacion({ estado: 'ASISTIO' }, { tipo: 'cerrar', motivo: 'Derivado' }, medico, HOY),
    ).toEqual({
      ok: true,
      estado: 'CERRADA',
    });
  });

  it('refuses bad data, a closed citación and the doctor steps to other roles', () => {
    const futuro = siguienteCitacion(
      { estado: 'PENDIENTE' },
      { tipo: 'intento', fecha: '2026-12-31', medio: 'PALOMA' },
      medico,
      HOY,
    );
    expect(futuro).toEqual({
      ok: false,
      tipo: 'datos',
      errores: [
        { field: 'fecha', msg: MSG.intentoFechaFutura },
        { field: 'medio', msg: MSG.valorNoPermitido },
      ],
    });
    expect(
      siguienteCitacion({ estado: 'PENDIENTE' }, { tipo: 'cita', fecha: '2020-01-01' }, medico, HOY),
    ).toMatchObject({
      ok: false,
      errores: [{ field: 'fecha', msg: MSG.citaFechaPasada }],
    });
    expect(siguienteCitacion({ estado: 'CERRADA' }, { tipo: 'cita', fecha: HOY }, medico, HOY)).toMatchObject(
      {
        ok: false,
        tipo: 'estado',
      },
    );
    for (const rol of ['ROL_SERVICIO', 'ROL_TECNICO', 'ROL_ADMINISTRATIVO']) {
      expect(
        siguienteCitacion({ estado: 'CITADO' }, { tipo: 'cerrar', motivo: 'x' }, rol, HOY),
      ).toMatchObject({
        ok: false,
        tipo: 'permiso',
      });
    }
    expect(
      siguienteCitacion({ estado: 'CITADO' }, { tipo: 'asistencia', informado: ' ' }, medico, HOY),
    ).toMatchObject({
      ok: false,
      errores: [{ field: 'informado', msg: MSG.requerido }],
    });
  });
});

describe('who sees and what is added by hand', () => {
  it('only a doctor reads the reason', () => {
    expect(
      ['ROL_MEDICO', 'ROL_SERVICIO', 'ROL_TECNICO', 'ROL_ADMINISTRATIVO', 'ROL_RED'].map(veMotivoCitacion),
    ).toEqual([true, false, false, false, false]);
  });

  it("a citación by hand is 'OTRO' with its detail", () => {
    expect(validateNuevaCitacion('OTRO', 'Control')).toEqual([]);
    expect(validateNuevaCitacion('RESULTADO_CONFIRMADO', 'x')).toEqual([
      { field: 'motivo', msg: MSG.citacionMotivoManual },
    ]);
    expect(validateNuevaCitacion('OTRO', '')).toEqual([{ field: 'detalle', msg: MSG.requerido }]);
  });

  it('a post-donation report needs who, a date between the donation and today, and a text', () => {
    const bien = { informante: 'DONANTE', fecha: HOY, descripcion: 'Fiebre al día siguiente' };
    expect(validateInformePostdonacion(bien, '2026-11-20', HOY)).toEqual([]);
    expect(validateInformePostdonacion({ ...bien, fecha: '2026-11-19' }, '2026-11-20', HOY)).toEqual([
      { field: 'fecha', msg: MSG.informeAntesDeDonacion },
    ]);
    expect(
      validateInformePostdonacion(
        { informante: 'VECINO', fecha: '2026-12-31', descripcion: '' },
        '2026-11-20',
        HOY,
      ),
    ).toEqual([
      { field: 'informante', msg: MSG.valorNoPermitido },
      { field: 'fecha', msg: MSG.informeFechaFutura },
      { field: 'descripcion', msg: MSG.requerido },
    ]);
  });
});
