/**
 * The OpenAPI section of the visit routes (modules/visita/visita.rest.ts): their schemas and paths,
 * built with the document's own helpers (openapi.ts hands them over).
 */
import { RESPUESTAS_SI_NO, TIPOS_PREGUNTA } from '../domain/entrevista';
import { MSG } from '../domain/messages';
import { ESTADOS_VISITA } from '../domain/visita';
import type { Ayudas } from './openapi-despacho';

type Schema = Record<string, unknown>;

const soloMedico = '(de una pregunta confidencial, solo ROL_MEDICO; null para los demás roles)';

/** The schemas: a question of the questionnaire, a visit with its answers. */
export function esquemasVisita(h: Ayudas): Record<string, Schema> {
  const { str, bool, int, obj, nullStr } = h;
  const nullInt = (description: string): Schema => ({ type: 'integer', nullable: true, description });
  const nullBool = (description: string): Schema => ({ type: 'boolean', nullable: true, description });
  const pregunta = obj(
    {
      id: str('Id de la pregunta'),
      clave: str('Código estable (las del formulario: P01, P02…)'),
      texto: str(),
      tipo: str(undefined, { enum: [...TIPOS_PREGUNTA] }),
      confidencial: bool('Su respuesta la ve solo ROL_MEDICO'),
      orden: int(),
      activa: bool(),
      difiereSi: str('La respuesta que difiere', { enum: [...RESPUESTAS_SI_NO, null], nullable: true }),
      diferimientoDias: int('Días de diferimiento (si no es definitivo)'),
      definitivo: bool(),
      motivoCodigo: nullStr('Motivo codificado del diferimiento'),
    },
    [
      'id',
      'clave',
      'texto',
      'tipo',
      'confidencial',
      'orden',
      'activa',
      'difiereSi',
      'diferimientoDias',
      'definitivo',
      'motivoCodigo',
    ],
  );
  const respuesta = obj(
    {
      preguntaId: nullStr('Id de la pregunta'),
      orden: int(),
      texto: str('La pregunta como se hizo'),
      tipo: str(undefined, { enum: [...TIPOS_PREGUNTA] }),
      confidencial: bool(),
      valor: nullStr(`El valor ${soloMedico}`),
      difiere: nullBool(`Difiere al donante ${soloMedico}`),
      motivoCodigo: nullStr(`Motivo codificado ${soloMedico}`),
    },
    ['preguntaId', 'orden', 'texto', 'tipo', 'confidencial', 'valor', 'difiere', 'motivoCodigo'],
  );
  const visita = obj(
    {
      id: str('Id de la visita'),
      donanteId: str('Id del donante'),
      fecha: str('Fecha de llegada (YYYY-MM-DD)'),
      hora: str('Hora de llegada (HH:mm)'),
      recibidoPorId: nullStr('Id de quien lo recibió'),
      estado: str(undefined, { enum: [...ESTADOS_VISITA] }),
      entrevistadorId: nullStr('Id de quien cargó la entrevista'),
      respondidaEn: nullStr('ISO 8601'),
      confirmadaPorId: nullStr('Id del médico que confirmó la entrevista'),
      confirmadaEn: nullStr('ISO 8601'),
      declaracionFirmada: bool(),
      testigoDeclaracion: nullStr(),
      consentimientoFirmado: bool(),
      testigoConsentimiento: nullStr(),
      donacionId: nullStr('La donación en que terminó'),
      donacionNumero: nullInt('El número de esa donación'),
      noAptoId: nullStr("La visita 'No apto' en que terminó"),
      motivoNoApto: nullStr("El motivo del 'No apto'"),
      cerradaEn: nullStr('ISO 8601'),
      respuestas: { type: 'array', items: respuesta },
      diferimiento: {
        ...obj({ dias: int(), definitivo: bool(), motivo: str() }, ['dias', 'definitivo', 'motivo']),
        nullable: true,
        description: 'El diferimiento que imponen las respuestas que el rol puede leer',
      },
    },
    [
      'id',
      'donanteId',
      'fecha',
      'hora',
      'recibidoPorId',
      'estado',
      'entrevistadorId',
      'respondidaEn',
      'confirmadaPorId',
      'confirmadaEn',
      'declaracionFirmada',
      'testigoDeclaracion',
      'consentimientoFirmado',
      'testigoConsentimiento',
      'donacionId',
      'donacionNumero',
      'noAptoId',
      'motivoNoApto',
      'cerradaEn',
      'respuestas',
      'diferimiento',
    ],
  );
  return { PreguntaCuestionario: pregunta, Visita: visita };
}

/** The paths of the visits and the questionnaire. */
export function rutasVisita(h: Ayudas) {
  const { str, bool, int, obj, ref, ok, body, idParam, queryParam, pageParams, secured } = h;
  const { E400, E401, E403, E403_RED, E404 } = h;
  const visitaId = idParam('id', 'Id de la visita');
  const preguntas = { type: 'array', items: ref('PreguntaCuestionario') };
  const paso = (summary: string, requestBody: Schema | null, description?: string, roles = false) => ({
    post: {
      ...secured,
      summary,
      ...(description ? { description } : {}),
      parameters: [visitaId],
      ...(requestBody ? { requestBody: body(requestBody) } : {}),
      responses: {
        '200': ok('La visita', ref('Visita')),
        '400': E400,
        '401': E401,
        '403': roles ? E403 : E403_RED,
        '404': E404,
      },
    },
  });
  return {
    '/cuestionario': {
      get: {
        ...secured,
        summary:
          'El cuestionario de la entrevista predonación del servicio (al principio, el del formulario)',
        responses: { '200': ok('Las preguntas, en orden', preguntas), '401': E401, '403': E403_RED },
      },
      put: {
        ...secured,
        summary: 'Reemplaza el cuestionario (ROL_MEDICO o ROL_SERVICIO)',
        description:
          'Las preguntas con id se editan, las nuevas se agregan y las que faltan se desactivan; las respuestas ya ' +
          'registradas conservan la pregunta como se hizo.',
        requestBody: body(
          obj(
            {
              preguntas: {
                type: 'array',
                items: obj(
                  {
                    id: str('Id de una pregunta existente; sin id, una nueva'),
                    texto: str(),
                    tipo: str(undefined, { enum: [...TIPOS_PREGUNTA] }),
                    confidencial: bool(),
                    activa: bool(),
                    difiereSi: str('SI o NO (solo Sí / No)'),
                    diferimientoDias: int('1 a 365, si no es definitivo'),
                    definitivo: bool(),
                    motivoCodigo: str('MAYUSCULAS_Y_GUIONES'),
                  },
                  ['texto', 'tipo'],
                ),
              },
            },
            ['preguntas'],
          ),
        ),
        responses: {
          '200': ok('Las preguntas, en orden', preguntas),
          '400': E400,
          '401': E401,
          '403': E403,
        },
      },
    },
    '/visita': {
      get: {
        ...secured,
        summary:
          'Las visitas del servicio de un día (hoy si no se indica) o de un donante, las más nuevas primero',
        parameters: [
          queryParam('fecha', 'YYYY-MM-DD'),
          queryParam('donanteId', 'Id del donante'),
          queryParam('estado', ESTADOS_VISITA.join(', ')),
          ...pageParams,
        ],
        responses: {
          '200': ok(
            'Una página de visitas',
            obj(
              { items: { type: 'array', items: ref('Visita') }, total: int(), offset: int(), limit: int() },
              ['items', 'total', 'offset', 'limit'],
            ),
          ),
          '400': E400,
          '401': E401,
          '403': E403_RED,
          '404': E404,
        },
      },
      post: {
        ...secured,
        summary: 'Registra la llegada del donante: una visita en curso',
        description: `Una sola visita en curso por donante y día ("${MSG.visitaEnCurso}").`,
        requestBody: body(obj({ donanteId: str('Id del donante') }, ['donanteId'])),
        responses: {
          '200': ok('La visita', ref('Visita')),
          '400': E400,
          '401': E401,
          '403': E403_RED,
          '404': E404,
        },
      },
    },
    '/visita/{id}': {
      get: {
        ...secured,
        summary: 'Una visita, con la entrevista (las respuestas confidenciales, solo ROL_MEDICO)',
        parameters: [visitaId],
        responses: { '200': ok('La visita', ref('Visita')), '401': E401, '403': E403_RED, '404': E404 },
      },
    },
    '/visita/{id}/entrevista': paso(
      'Registra las respuestas de la entrevista (todas las preguntas activas)',
      obj(
        {
          respuestas: {
            type: 'array',
            items: obj({ preguntaId: str(), valor: str('SI / NO, un número, una fecha o un texto') }, [
              'preguntaId',
              'valor',
            ]),
          },
        },
        ['respuestas'],
      ),
      `Hasta que un médico la confirma ("${MSG.entrevistaYaConfirmada}").`,
    ),
    '/visita/{id}/confirmar': paso(
      "El médico confirma la entrevista; una respuesta que difiere termina la visita 'No apto' (solo ROL_MEDICO)",
      null,
      'El diferimiento es el más estricto de las respuestas; la donación de ese día se rechaza en ambas APIs.',
      true,
    ),
    '/visita/{id}/firmas': paso(
      'Registra la firma de la declaración jurada y del consentimiento, y sus testigos',
      obj(
        {
          declaracionFirmada: bool(),
          testigoDeclaracion: str(),
          consentimientoFirmado: bool(),
          testigoConsentimiento: str(),
        },
        ['declaracionFirmada', 'consentimientoFirmado'],
      ),
      `Un documento firmado nombra a su testigo ("${MSG.testigoRequerido}").`,
    ),
    '/visita/{id}/no-apto': paso(
      "Termina la visita 'No apto', con el motivo, los valores medidos y el diferimiento",
      obj(
        {
          motivo: str('Requerido'),
          sv: str('Signos vitales (JSON, como en POST /donacion)'),
          diferimientoDias: int('0 a 365'),
          definitivo: bool('Solo un médico'),
        },
        ['motivo'],
      ),
    ),
    '/visita/{id}/abandonar': paso('El donante se fue sin donar: la visita termina abandonada', null),
  };
}
