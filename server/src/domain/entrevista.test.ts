import {
  diferimientoDeEntrevista,
  difiere,
  PREGUNTAS_PREDONACION,
  type PreguntaConId,
  type RespuestaEntrevista,
  validatePregunta,
  validateRespuestas,
} from './entrevista';
import { MSG } from './messages';
import { pasoVisitaNegado, validateFirmas, type VisitaEstado } from './visita';

describe('the default questionnaire', () => {
  it('has the 29 questions of the blank interview form, in its order', () => {
    expect(PREGUNTAS_PREDONACION).toHaveLength(29);
    expect(PREGUNTAS_PREDONACION[0].texto).toBe('¿Se siente bien de salud hoy?');
    expect(PREGUNTAS_PREDONACION.at(-1)?.texto).toBe(
      '¿Viene a donar para conocer el resultado de algún análisis?',
    );
  });

  it('has unique keys, order 1..n, and every deferring question valid', () => {
    expect(new Set(PREGUNTAS_PREDONACION.map((p) => p.clave)).size).toBe(PREGUNTAS_PREDONACION.length);
    PREGUNTAS_PREDONACION.forEach((p, i) => {
      expect(p.orden).toBe(i + 1);
      expect(validatePregunta(p)).toEqual([]);
    });
    const drogas = PREGUNTAS_PREDONACION.find((p) => p.motivoCodigo === 'DROGAS_INYECTABLES');
    expect(drogas).toMatchObject({ confidencial: true, definitivo: true, difiereSi: 'SI' });
  });
});

describe('validatePregunta', () => {
  const base = { texto: '¿Pregunta?', tipo: 'SI_NO', confidencial: false, activa: true };
  it('asks days or definitive and a coded reason of a deferring answer', () => {
    expect(validatePregunta({ ...base, difiereSi: 'SI', diferimientoDias: 0, motivoCodigo: 'X' })).toEqual([
      { field: 'diferimientoDias', msg: MSG.enteroEntre(1, 365) },
    ]);
    expect(
      validatePregunta({ ...base, difiereSi: 'SI', definitivo: true, motivoCodigo: 'mal código' }),
    ).toEqual([{ field: 'motivoCodigo', msg: MSG.motivoCodigoInvalido(40) }]);
    expect(
      validatePregunta({ ...base, difiereSi: 'SI', diferimientoDias: 30, motivoCodigo: 'VACUNA' }),
    ).toEqual([]);
  });
  it('refuses a deferral on a question that is not Sí / No, and unknown kinds', () => {
    expect(
      validatePregunta({ ...base, tipo: 'TEXTO', difiereSi: 'SI', diferimientoDias: 3, motivoCodigo: 'A' }),
    ).toEqual([{ field: 'difiereSi', msg: MSG.preguntaDifiereSoloSiNo }]);
    expect(validatePregunta({ ...base, tipo: 'OTRO', texto: ' ' }, 'p.')).toEqual([
      { field: 'p.texto', msg: MSG.requerido },
      { field: 'p.tipo', msg: MSG.valorNoPermitido },
    ]);
  });
});

const preguntas: PreguntaConId[] = [
  { ...PREGUNTAS_PREDONACION[0], id: 'a' },
  { ...PREGUNTAS_PREDONACION[21], id: 'b' },
  { ...PREGUNTAS_PREDONACION[2], id: 'c', tipo: 'FECHA', difiereSi: null },
  { ...PREGUNTAS_PREDONACION[3], id: 'd', activa: false },
];

describe('validateRespuestas', () => {
  it('asks every active question once, with a value of its kind', () => {
    expect(
      validateRespuestas(preguntas, [
        { preguntaId: 'a', valor: 'SI' },
        { preguntaId: 'b', valor: 'NO' },
        { preguntaId: 'c', valor: '2025-02-30' },
      ]),
    ).toEqual([{ field: 'respuestas.c', msg: MSG.fechaInvalida }]);
    expect(
      validateRespuestas(preguntas, [
        { preguntaId: 'a', valor: 'tal vez' },
        { preguntaId: 'd', valor: 'SI' },
      ]),
    ).toEqual([
      { field: 'respuestas.a', msg: MSG.respuestaSiNo },
      { field: 'respuestas.d', msg: MSG.preguntaNoEncontrada },
      { field: 'respuestas.b', msg: MSG.requerido },
      { field: 'respuestas.c', msg: MSG.requerido },
    ]);
  });
});

describe('the deferral of an interview', () => {
  const r = (over: Partial<RespuestaEntrevista>): RespuestaEntrevista => ({
    texto: 'x',
    confidencial: false,
    difiere: true,
    diferimientoDias: 7,
    definitivo: false,
    motivoCodigo: 'MEDICAMENTOS',
    ...over,
  });
  it('only the answer that defers defers', () => {
    expect(difiere(PREGUNTAS_PREDONACION[0], 'NO')).toBe(true);
    expect(difiere(PREGUNTAS_PREDONACION[0], 'SI')).toBe(false);
    expect(difiere(PREGUNTAS_PREDONACION[2], 'SI')).toBe(false);
  });
  it('is none without a deferring answer, the longest days, or for good', () => {
    expect(diferimientoDeEntrevista([r({ difiere: false })])).toBeNull();
    expect(diferimientoDeEntrevista([r({}), r({ diferimientoDias: 28, motivoCodigo: 'VACUNA' })])).toEqual({
      dias: 28,
      definitivo: false,
      codigos: ['MEDICAMENTOS', 'VACUNA'],
      motivo: 'Entrevista predonación: MEDICAMENTOS, VACUNA',
    });
    expect(diferimientoDeEntrevista([r({}), r({ definitivo: true, motivoCodigo: 'CHAGAS' })])).toMatchObject({
      dias: 0,
      definitivo: true,
    });
  });
  it('never names a confidential answer in the reason everyone reads', () => {
    const d = diferimientoDeEntrevista([
      r({ confidencial: true, motivoCodigo: 'DROGAS_INYECTABLES', definitivo: true }),
    ]);
    expect(d?.motivo).toBe('Entrevista predonación: respuesta confidencial');
    expect(d?.codigos).toEqual(['DROGAS_INYECTABLES']);
  });
});

describe('the steps of a visit', () => {
  const v = (over: Partial<VisitaEstado> = {}): VisitaEstado => ({
    estado: 'EN_CURSO',
    respondida: true,
    confirmada: false,
    declaracionFirmada: false,
    consentimientoFirmado: false,
    ...over,
  });
  it('a doctor confirms an answered interview once; answers are fixed after it', () => {
    expect(pasoVisitaNegado(v(), 'confirmar', 'ROL_TECNICO')).toBe(MSG.soloMedicoConfirmaEntrevista);
    expect(pasoVisitaNegado(v(), 'confirmar', 'ROL_SERVICIO')).toBe(MSG.soloMedicoConfirmaEntrevista);
    expect(pasoVisitaNegado(v({ respondida: false }), 'confirmar', 'ROL_MEDICO')).toBe(
      MSG.entrevistaSinRespuestas,
    );
    expect(pasoVisitaNegado(v(), 'confirmar', 'ROL_MEDICO')).toBeNull();
    expect(pasoVisitaNegado(v({ confirmada: true }), 'responder', 'ROL_MEDICO')).toBe(
      MSG.entrevistaYaConfirmada,
    );
  });
  it('a donation needs the confirmed interview and both signatures; a closed visit takes no step', () => {
    expect(pasoVisitaNegado(v(), 'donar', 'ROL_TECNICO')).toBe(MSG.entrevistaSinConfirmar);
    expect(pasoVisitaNegado(v({ confirmada: true, declaracionFirmada: true }), 'donar', 'ROL_TECNICO')).toBe(
      MSG.visitaSinFirmas,
    );
    expect(
      pasoVisitaNegado(
        v({ confirmada: true, declaracionFirmada: true, consentimientoFirmado: true }),
        'donar',
        'x',
      ),
    ).toBeNull();
    expect(pasoVisitaNegado(v({ estado: 'NO_APTO' }), 'donar', 'ROL_MEDICO')).toBe(
      MSG.visitaCerrada('No apto'),
    );
  });
  it('a signature names its witness', () => {
    expect(validateFirmas({ declaracionFirmada: true, consentimientoFirmado: false })).toEqual([
      { field: 'testigoDeclaracion', msg: MSG.testigoRequerido },
    ]);
    expect(
      validateFirmas({
        declaracionFirmada: true,
        testigoDeclaracion: 'Ana',
        consentimientoFirmado: true,
        testigoConsentimiento: 'Ana',
      }),
    ).toEqual([]);
  });
});
