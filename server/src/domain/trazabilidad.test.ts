import { siguienteEstado } from './componentes';
import { MSG } from './messages';
import {
  accionDeUnidad,
  causaEnTexto,
  causaInfecciosa,
  enVentana,
  faltaNotificar,
  inicioVentana,
  validateNotificacion,
  validateVentanaTrazabilidad,
} from './trazabilidad';

describe('trazabilidad inversa', () => {
  it('the window starts the same day months before, or the last day of a shorter month', () => {
    expect(inicioVentana('2026-11-26', 12)).toBe('2025-11-26');
    expect(inicioVentana('2026-03-31', 1)).toBe('2026-02-28');
    expect(inicioVentana('2024-03-31', 1)).toBe('2024-02-29');
    expect(inicioVentana('2026-01-15', 3)).toBe('2025-10-15');
    expect(inicioVentana('2026-12-31', 60)).toBe('2021-12-31');
    expect(enVentana('2025-11-26', '2025-11-26', '2026-11-26')).toBe(true);
    expect(enVentana('2025-11-25', '2025-11-26', '2026-11-26')).toBe(false);
    expect(validateVentanaTrazabilidad(12)).toEqual([]);
    expect(validateVentanaTrazabilidad(61)).toEqual([
      { field: 'meses', msg: MSG.ventanaTrazabilidadFueraDeRango(1, 60) },
    ]);
  });

  it('withdraws what is in stock, in quarantine or in transit; notifies what left; nothing for a discarded unit', () => {
    expect(accionDeUnidad({ estado: 'LIBERADO', enTransito: false })).toBe('RETIRADA');
    expect(accionDeUnidad({ estado: 'CUARENTENA', enTransito: false })).toBe('RETIRADA');
    expect(accionDeUnidad({ estado: 'DESPACHADO', enTransito: true })).toBe('RETIRADA');
    expect(accionDeUnidad({ estado: 'DESPACHADO', enTransito: false })).toBe('NOTIFICAR');
    expect(accionDeUnidad({ estado: 'DESCARTADO', enTransito: false })).toBe('SIN_ACCION');
    const detalle = MSG.retiroPorTrazabilidad(7);
    expect(siguienteEstado({ estado: 'LIBERADO' }, { tipo: 'retirar', detalle }, { rol: null })).toEqual({
      ok: true,
      estado: 'DESCARTADO',
      cambia: true,
      motivo: 'SEROLOGIA_REACTIVA',
      detalle,
    });
    expect(
      siguienteEstado({ estado: 'DESPACHADO' }, { tipo: 'retirar', detalle }, { rol: null }),
    ).toMatchObject({
      estado: 'DESPACHADO',
      cambia: false,
    });
  });

  it('a notification says whom and how; a look-back closes once each unit that left was notified', () => {
    expect(validateNotificacion({ notificado: 'Hospital', medio: 'TELEFONO' })).toEqual([]);
    expect(
      validateNotificacion({ notificado: '', medio: 'FAX', respuesta: 'x'.repeat(1001) }).map((e) => e.field),
    ).toEqual(['notificado', 'medio', 'respuesta']);
    const unidades = [
      { componenteId: 'a', accion: 'NOTIFICAR' as const, codigo: 'A1' },
      { componenteId: 'b', accion: 'RETIRADA' as const, codigo: 'B1' },
      { componenteId: 'c', accion: 'NOTIFICAR' as const, codigo: 'C1' },
    ];
    expect(faltaNotificar(unidades, new Set(['a']))).toEqual(['C1']);
    expect(faltaNotificar(unidades, new Set(['a', 'c']))).toEqual([]);
  });

  it('a definitive deferral opens a look-back only for a cause that may affect earlier blood', () => {
    // A reactive marker of the donation's serology names the cause.
    expect(causaInfecciosa({ definitiva: true, serologia: { chagas: true }, textos: ['C12'] })).toBe(
      'CHAGAS',
    );
    // The code or the reason, accents and case aside, as whole words; the specific first.
    expect(causaInfecciosa({ definitiva: true, textos: ['VIH'] })).toBe('HIV');
    expect(causaEnTexto('Hepatitis C crónica')).toBe('HEPATITIS_C');
    expect(causaEnTexto('antecedente de hepatitis')).toBe('HEPATITIS');
    expect(causaEnTexto('SÍFILIS tratada')).toBe('SIFILIS');
    expect(causaEnTexto('Refiere conducta de riesgo sexual')).toBe('CONDUCTA_DE_RIESGO');
    expect(causaEnTexto('Familiar con Creutzfeldt-Jakob')).toBe('ECJ');
    expect(causaEnTexto('HTLV-1')).toBe('HTLV');
    // Not inside another word; not for other causes; not when the deferral is not definitive.
    expect(causaEnTexto('Archivo')).toBeNull();
    expect(causaInfecciosa({ definitiva: true, textos: ['Cardiopatía isquémica', null, ''] })).toBeNull();
    expect(causaInfecciosa({ definitiva: true, textos: ['T-12'] })).toBeNull();
    expect(causaInfecciosa({ definitiva: false, serologia: { hiv: true }, textos: ['HIV'] })).toBeNull();
  });
});
