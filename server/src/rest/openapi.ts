/**
 * OpenAPI 3 description of the REST compatibility shim at /api (SPEC section 7).
 * A test checks that it lists exactly the routes the router registers, and the test harness checks
 * every /api answer the suites receive against it (test-utils/openapi-check.ts).
 */
import { TOKEN_TTL_SECONDS } from '../auth/jwt';
import { APP_VERSION } from '../domain/app-info';
import {
  ABO,
  EXCLUSION_TIEMPOS,
  EXCLUSION_TIPOS,
  SEROLOGIA_KEYS,
  TIPOS_BOLSA,
  UMBRALES_TAMIZAJE_KEYS,
} from '../domain/donacion';
import { CPH_CONTACTO_FIELDS, CPH_FIELDS } from '../domain/donante';
import {
  ESTADOS_REPETICION,
  ESTADOS_RESULTADO,
  ETAPAS,
  MARCADORES,
  MARCADORES_ADICIONALES,
  MARCADORES_NAT,
  RESULTADOS_CONFIRMATORIO,
} from '../domain/resultados';
import {
  CLAVE_MIN,
  DONANTES_ELEGIBILIDAD_REVISADOS_MAX,
  DONANTES_TOTAL_MAX,
  EDAD_DONANTE_MAX,
  EDAD_DONANTE_MIN,
  SEMANAS_ENTRE_DONACIONES,
  SV_LIMITES,
} from '../domain/limites';
import { MSG } from '../domain/messages';
import { PAGE_MAX } from '../graphql/pagination';
import { REACCION_TEXTO_MAX, SEVERIDADES_REACCION, TIPOS_REACCION } from '../domain/reacciones';
import { ROLES, ROLES_INTEGRANTE } from '../domain/roles';
import {
  ESTADOS_COMPONENTE,
  LIBERAR_POR_VEZ_MAX,
  MOTIVOS_DESCARTE,
  TIPOS_COMPONENTE,
  VIDA_UTIL,
  VOLUMEN,
} from '../domain/componentes';
import {
  ESTADOS_CITACION,
  INFORMANTES_POSTDONACION,
  MEDIOS_INTENTO,
  MOTIVOS_CITACION,
} from '../domain/citacion';

import { type Ayudas, esquemasDespacho, rutasDespacho } from './openapi-despacho';
import { esquemasRegistro, rutasRegistro } from './openapi-registro';
import { esquemasVisita, rutasVisita } from './openapi-visita';

type Schema = Record<string, unknown>;

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const str = (description?: string, extra: Schema = {}): Schema => ({
  type: 'string',
  ...(description ? { description } : {}),
  ...extra,
});
const bool = (description?: string): Schema => ({ type: 'boolean', ...(description ? { description } : {}) });
const int = (description?: string): Schema => ({ type: 'integer', ...(description ? { description } : {}) });
const obj = (properties: Record<string, Schema>, required: string[] = [], description?: string): Schema => ({
  type: 'object',
  properties,
  ...(required.length ? { required } : {}),
  ...(description ? { description } : {}),
});

const json = (schema: Schema) => ({ 'application/json': { schema } });
const ok = (description: string, schema: Schema) => ({ description, content: json(schema) });
const error = (description: string) => ({ description, content: json(ref('Errores')) });

const E400 = error(
  'Datos inválidos: una entrada por regla incumplida, con los textos de la especificación (los mismos que la API GraphQL)',
);
const E401 = error(
  'Falta el token o no es válido (vencido, de un usuario eliminado o anterior a un cambio de clave)',
);
const E403 = error('El cuerpo o la ruta nombran otro servicio, o el rol no alcanza');
const E404 = error('No existe, está eliminado, es de otro servicio o el id no es un uuid');
const E403_RED = error(MSG.redSoloIndicadores);
const E503 = error('La base de datos no está disponible en este momento');

type Answer = { description: string; content: ReturnType<typeof json> };

/**
 * What any request under /api may answer besides its route's own answers: the layers before the
 * router (app.ts: API keys, body parsing, the input guard) and an unexpected error. A path or
 * method no route takes answers these and 404.
 */
const ANSWERS_OF_EVERY_ROUTE: Record<string, Answer> = {
  '400': error(
    'El cuerpo no es JSON válido, o el cuerpo o la consulta traen texto que no se puede guardar o datos anidados de más',
  ),
  '403': error('Una clave de API: sirve solo para leer los indicadores por GraphQL'),
  '413': error('El cuerpo es demasiado grande'),
  '415': error('Codificación o juego de caracteres del cuerpo no admitidos'),
  '500': error('Error inesperado, con un código para el registro; nunca detalles internos'),
};
export const ANSWERS_OF_ANY_REQUEST: Record<string, Answer> = {
  ...ANSWERS_OF_EVERY_ROUTE,
  '404': error('Ninguna ruta toma esa ruta y método'),
};

/**
 * Adds to every operation the answers any route may give (and 503 to those that read the
 * database), in status order; where the operation documents that status, both descriptions.
 */
function withCommonAnswers<
  const P extends Record<string, Record<string, { responses: Record<string, Answer> }>>,
>(paths: P): P {
  const out: Record<string, Record<string, { responses: Record<string, Answer> }>> = {};
  for (const [path, item] of Object.entries(paths)) {
    const common =
      path === '/openapi.json' ? ANSWERS_OF_EVERY_ROUTE : { ...ANSWERS_OF_EVERY_ROUTE, '503': E503 };
    out[path] = {};
    for (const [method, op] of Object.entries(item)) {
      const responses: Record<string, Answer> = { ...op.responses };
      for (const [status, answer] of Object.entries(common)) {
        const own = responses[status];
        responses[status] = own
          ? { ...own, description: `${own.description}. ${answer.description}` }
          : answer;
      }
      const sorted = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
      out[path][method] = { ...op, responses: sorted };
    }
  }
  return out as P;
}

const idParam = (name: string, description: string) => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string' },
});
const queryParam = (name: string, description: string, schema: Schema = { type: 'string' }) => ({
  name,
  in: 'query',
  required: false,
  description,
  schema,
});
const pageParams = [
  queryParam('offset', 'Resultados a saltear (por defecto 0)', { type: 'integer', minimum: 0 }),
  queryParam('limit', `Cantidad máxima de resultados (por defecto 20, máximo ${PAGE_MAX})`, {
    type: 'integer',
    minimum: 1,
    maximum: PAGE_MAX,
  }),
];

/** A list's order: `orden` (one of `campos`) and `direccion`; without `orden`, the list's own order. */
const ordenParams = (campos: string[], porDefecto: string) => [
  queryParam('orden', `Columna por la que se ordena (sin ella: ${porDefecto}); el id desempata`, {
    type: 'string',
    enum: campos,
  }),
  queryParam('direccion', 'ASC (por defecto) o DESC', { type: 'string', enum: ['ASC', 'DESC'] }),
];

const secured = { security: [{ token: [] }] };
const body = (schema: Schema, description?: string) => ({
  required: true,
  ...(description ? { description } : {}),
  content: json(schema),
});

const fechaCompacta = str('Fecha YYYYMMDD', { pattern: '^\\d{8}$', example: '20251123' });
const hora = str('Hora HH:mm', { pattern: '^\\d{2}:\\d{2}$', example: '09:30' });

const SV_DESC =
  'Signos vitales como texto JSON: {"ta":"120/80","fc":"70","peso":"72","temp":"36.5","hb":"13","hto":"40"}. ' +
  'Cada valor puede ser número o texto numérico (coma o punto decimal); vacío o con guiones bajos ("___") ' +
  'significa "no medido". También se aceptan tas y tad por separado. ' +
  `Límites: FC ${SV_LIMITES.fc.min}-${SV_LIMITES.fc.max}, TAS ${SV_LIMITES.tas.min}-${SV_LIMITES.tas.max}, ` +
  `TAD ${SV_LIMITES.tad.min}-${SV_LIMITES.tad.max}, Hto >= ${SV_LIMITES.hto.min}, peso >= ${SV_LIMITES.peso.min}, ` +
  `hemoglobina >= ${SV_LIMITES.hb.min}. En las respuestas, lo no medido viaja como "".`;
const CLAVE_DESC = `Al menos ${CLAVE_MIN} caracteres`;
const SEMANAS = `${SEMANAS_ENTRE_DONACIONES} semanas`;
const SEROLOGIA_DESC =
  `Serología como texto JSON de booleanos (${SEROLOGIA_KEYS.join(', ')}); true = reactivo (+), ` +
  'false o ausente = no reactivo (-); se aceptan también "true"/"false". Un texto que no se puede leer da ' +
  '400 "Error al leer serología". En las respuestas: las siete claves, o null si todavía no se cargaron resultados. ' +
  'Es una vista de los resultados por marcador (GraphQL Donacion.resultados): un marcador que cambia queda como ' +
  'tamizaje de hoy, reactivo o no reactivo (hepB: HBsAg y anti-HBc); uno sin cambios conserva sus pruebas. ' +
  'Se lee true si el marcador no es negativo (reactivo o indeterminado a repetir, repetidamente reactivo, ' +
  'confirmado o no) y false si es no reactivo o no se realizó todavía (la vista detallada los distingue).';
const RH_DESC =
  'Factor Rh. Se guarda y se responde como "POSITIVO", "NEGATIVO" o "" (sin determinar). Al escribir se aceptan ' +
  'también, sin distinguir mayúsculas: positivo/negativo, positive/negative, +/-, Rh+/Rh-, (+)/(-) y true/false.';
const ABO_DESC = `Grupo ABO: ${ABO.map((a) => `"${a}"`).join(', ')} ("" = sin determinar); se acepta en minúsculas y "0" por "O".`;
const EXCLUSION_DESC =
  `${EXCLUSION_TIPOS.join(' o ')} (sin distinguir mayúsculas; true = Definitiva, false = Temporal); ` +
  'vacío = sin exclusión.';
const CPH_DESC =
  `Datos CPH como texto JSON: ${CPH_FIELDS.join(', ')}, y contacto1 / contacto2 con ` +
  `${CPH_CONTACTO_FIELDS.join(', ')}. Un texto JSON inválido da 400.`;

const UMBRALES_DESC: Record<(typeof UMBRALES_TAMIZAJE_KEYS)[number], string> = {
  hbMinMujer: `Hemoglobina mínima de las mujeres, g/dl (${SV_LIMITES.hb.min} o más)`,
  hbMinHombre: `Hemoglobina mínima de los hombres, g/dl (${SV_LIMITES.hb.min} o más)`,
  hbMax: 'Hemoglobina máxima, g/dl',
  hctoMinMujer: `Hematocrito mínimo de las mujeres, % (${SV_LIMITES.hto.min} o más)`,
  hctoMinHombre: `Hematocrito mínimo de los hombres, % (${SV_LIMITES.hto.min} o más)`,
  hctoMax: 'Hematocrito máximo, %',
};
const UMBRALES_BODY: Record<string, Schema> = Object.fromEntries(
  UMBRALES_TAMIZAJE_KEYS.map((k) => [
    k,
    { type: 'number', nullable: true, description: `${UMBRALES_DESC[k]}; también como texto ("12,5")` },
  ]),
);
const umbrales = obj(
  Object.fromEntries(
    UMBRALES_TAMIZAJE_KEYS.map((k) => [
      k,
      { type: 'number', nullable: true, description: `${UMBRALES_DESC[k]}; null: la norma` },
    ]),
  ),
  [...UMBRALES_TAMIZAJE_KEYS],
);

const integrante = obj(
  {
    _id: str('Id del integrante'),
    uid: str('Id del integrante (igual a _id)'),
    username: str(),
    rol: str(undefined, { enum: [...ROLES] }),
    servicio: str('Id del servicio'),
    opciones: obj({
      nombre: str(),
      apellido: str(),
      matricula: str(),
      email: str(),
      telefono: str(),
      agentecph: bool('Agente de captación CPH'),
    }),
  },
  ['_id', 'uid', 'rol', 'opciones'],
);

const opciones = obj(
  {
    nombre: str(),
    direccion: str(),
    email: str(),
    telefono: str(),
    integrantes: {
      type: 'array',
      items: ref('Integrante'),
      description:
        'Para ROL_SERVICIO, todo el personal; para el personal, los agentes de captación CPH (los únicos que puede ver)',
    },
  },
  ['nombre', 'direccion', 'email', 'telefono', 'integrantes'],
);

const sesion = obj(
  {
    token: str(
      `JWT para el encabezado Authorization (solo o como "Bearer <token>"); vence a las ${TOKEN_TTL_SECONDS / 3600} horas`,
    ),
    usuario: obj(
      {
        uid: str('Id del usuario (para ROL_SERVICIO, igual al id del servicio)'),
        rol: str(undefined, { enum: [...ROLES] }),
        servicio: str('Id del servicio'),
        opciones: ref('Opciones'),
      },
      ['uid', 'rol', 'servicio', 'opciones'],
    ),
  },
  ['token', 'usuario'],
);

const donanteTexts: Record<string, Schema> = Object.fromEntries(
  [
    'domActual',
    'domActualAltura',
    'domActualPiso',
    'domActualDepto',
    'localidadActual',
    'domDni',
    'localidadDni',
    'codPostal',
    'telefono',
    'telefono2',
    'lugarNacimiento',
    'ProvinciaNacimiento',
    'ocupacion',
  ].map((f) => [f, str()]),
);

const donanteInput = obj(
  {
    nombre: str('Requerido'),
    apellido: str('Requerido'),
    dni: str(
      'Requerido; de 6 a 10 letras o dígitos, único en el servicio (se guarda sin puntos, espacios, guiones ni caracteres invisibles)',
    ),
    fechaNacimiento: str(
      `YYYY-MM-DD (también DD/MM/YYYY o YYYYMMDD); edad de ${EDAD_DONANTE_MIN} a ${EDAD_DONANTE_MAX} años`,
    ),
    sexo: str('Masculino (por defecto) o Femenino'),
    email: str('Opcional; debe ser un email válido'),
    ProvinciaActual: str('Por defecto Buenos Aires'),
    nacionalidad: str('Por defecto Argentina'),
    ...donanteTexts,
    convocado: bool(),
    donacionAferesis: bool(),
    donacionAnterior: bool(),
    esVoluntario: str('Si (por defecto) o No'),
    cph: str(CPH_DESC),
    servicio: str('Opcional; si viene, debe ser el servicio del usuario (si no, 403)'),
  },
  ['nombre', 'apellido', 'dni', 'fechaNacimiento'],
  'Un donante con todos sus datos (reemplaza el registro completo al editar)',
);

const donacion = obj(
  {
    _id: str('Id de la donación'),
    uid: str('Id del donante'),
    numero: int('Número de etiqueta, único en el servicio'),
    fecha: fechaCompacta,
    hora,
    servicio: str('Id del servicio'),
    nombre: str('Nombre del donante'),
    apellido: str('Apellido del donante'),
    plasmaCovid: bool(),
    sv: str(SV_DESC),
    tipoBolsa: str(undefined, { enum: [...TIPOS_BOLSA] }),
    loteBolsa: str(),
    donacionAferesis: bool(),
    abo: str(ABO_DESC),
    rh: str(RH_DESC),
    grupoYFactor: str('ABO y signo del Rh juntos, por ejemplo "A+"'),
    serologia: str(SEROLOGIA_DESC, { nullable: true }),
    exclusionDefinitiva: str(EXCLUSION_DESC),
    exclusionTiempo: { ...int(`Días: ${EXCLUSION_TIEMPOS.join(', ')}; null sin exclusión`), nullable: true },
    exclusionCodigo: str(),
    dni: str('Datos del donante que usa el libro de donaciones'),
    domActual: str(),
    domActualAltura: str(),
    domActualPiso: str(),
    domActualDepto: str(),
    telefono: str(),
    fechaNacimiento: str('YYYY-MM-DD'),
    lugarNacimiento: str(),
    esVoluntario: str(),
    donacionAnterior: bool(),
  },
  ['_id', 'uid', 'numero', 'fecha', 'hora', 'servicio', 'nombre', 'apellido', 'sv'],
);

const nullStr = (description?: string, extra: Schema = {}): Schema =>
  str(description, { nullable: true, ...extra });
const fechaIsoDesc = 'YYYY-MM-DD; null si no se registró';

const resultado = obj(
  {
    marcador: str(undefined, { enum: [...MARCADORES] }),
    nombre: str('El nombre del marcador, por ejemplo "HBsAg"'),
    estado: str('Tamizaje', { enum: [...ESTADOS_RESULTADO] }),
    etapa: str('Dónde está: el paso que espera o su resultado', { enum: [...ETAPAS] }),
    signo: str("Como se imprime: '(+)', '(-)', 'sin realizar' o 'indeterminado'"),
    tecnica: nullStr(),
    fecha: nullStr(fechaIsoDesc),
    registradoPor: nullStr('Id del usuario que registró el tamizaje'),
    repeticion1: nullStr('Repetición por duplicado: primer resultado', {
      enum: [...ESTADOS_REPETICION, null],
    }),
    repeticion2: nullStr('Repetición por duplicado: segundo resultado', {
      enum: [...ESTADOS_REPETICION, null],
    }),
    repeticionTecnica: nullStr(),
    repeticionFecha: nullStr(fechaIsoDesc),
    repeticionPor: nullStr('Id del usuario que registró la repetición'),
    confirmatorioResultado: nullStr(undefined, { enum: [...RESULTADOS_CONFIRMATORIO, null] }),
    confirmatorioTecnica: nullStr(),
    confirmatorioFecha: nullStr(fechaIsoDesc),
    confirmatorioLaboratorio: nullStr(),
    confirmatorioPor: nullStr('Id del usuario que registró la prueba confirmatoria'),
  },
  ['marcador', 'nombre', 'estado', 'etapa', 'signo'],
  'El resultado de laboratorio de un marcador',
);

const donacionConResultados = {
  allOf: [
    donacion,
    obj(
      {
        resultados: {
          type: 'array',
          items: ref('Resultado'),
          description:
            'Un resultado por marcador del panel del servicio (el tamizaje nacional y los NAT que agregó), ' +
            'NO_REALIZADO donde no se cargó nada; la serología de la donación es su vista',
        },
      },
      ['resultados'],
    ),
  ],
};

const MARCADOR_DESC =
  `Un marcador del panel del servicio: ${MARCADORES.filter((m) => !(MARCADORES_NAT as readonly string[]).includes(m)).join(', ')}, ` +
  `o ${MARCADORES_NAT.join(', ')} si el servicio los agregó; otro da 400 "${MSG.marcadorFueraDelPanel}"`;
const FECHA_RESULTADO_DESC = 'YYYY-MM-DD (también YYYYMMDD); no futura';

const reaccionBody = obj(
  {
    tipo: str(`Tipo de reacción (también en minúsculas); REACCION_CITRATO solo en aféresis`, {
      enum: [...TIPOS_REACCION],
    }),
    severidad: str(undefined, { enum: [...SEVERIDADES_REACCION] }),
    hora: hora,
    tratamiento: str(`Hasta ${REACCION_TEXTO_MAX} caracteres`),
    evolucion: str(`Hasta ${REACCION_TEXTO_MAX} caracteres`),
    detalle: str(`Requerido con OTRA; hasta ${REACCION_TEXTO_MAX} caracteres`),
  },
  ['tipo', 'severidad', 'hora'],
);

const reaccion = obj(
  {
    _id: str('Id de la reacción'),
    tipo: str(undefined, { enum: [...TIPOS_REACCION] }),
    severidad: str(undefined, { enum: [...SEVERIDADES_REACCION] }),
    hora: str('HH:mm'),
    tratamiento: str('"" si no se indicó'),
    evolucion: str('"" si no se indicó'),
    detalle: str('"" si no se indicó'),
    registradaEn: str('Cuándo se registró (ISO 8601)'),
  },
  ['_id', 'tipo', 'severidad', 'hora', 'tratamiento', 'evolucion', 'detalle', 'registradaEn'],
  'Una reacción del donante en la donación',
);

const reaccionesDeDonacion = ok(
  'Las reacciones de la donación, en el orden en que se registraron',
  obj({ donacionId: str('Id de la donación'), reacciones: { type: 'array', items: ref('Reaccion') } }, [
    'donacionId',
    'reacciones',
  ]),
);

/** A laboratory step: POST with its body, the donation with its results in the answer. */
const pasoLaboratorio = (summary: string, description: string, schema: Schema) => ({
  post: {
    ...secured,
    summary,
    description,
    parameters: [idParam('id', 'Id de la donación')],
    requestBody: body(schema),
    responses: {
      '200': ok('La donación con sus resultados por marcador', ref('DonacionConResultados')),
      '400': E400,
      '401': E401,
      '403': E403,
      '404': E404,
    },
  },
});

const donante = {
  allOf: [
    donanteInput,
    obj(
      {
        _id: str('Id del donante'),
        uid: str('Id del donante (igual a _id)'),
        servicio: str('Id del servicio'),
        fechaNacimiento: str('YYYY-MM-DD'),
        cph: str(CPH_DESC),
        ultimaDonacion: str('Fecha de la última donación (YYYYMMDD) o ""'),
        puedeDonar: bool(`Sin donaciones en las últimas ${SEMANAS}`),
        proximaDonacion: str('Primer día en que puede volver a donar (YYYYMMDD) o ""'),
        donacion: {
          type: 'array',
          items: ref('Donacion'),
          description:
            'Sus donaciones, de la más antigua a la más nueva (solo en GET /donante/{id} y POST /donacion/)',
        },
      },
      ['_id', 'uid'],
    ),
  ],
};

const TIPO_COMPONENTE_DESC =
  `${TIPOS_COMPONENTE.join(', ')} (también en minúsculas); volúmenes en ml: ` +
  TIPOS_COMPONENTE.map((t) => `${t} ${VOLUMEN[t].minimo} a ${VOLUMEN[t].maximo}`).join(', ');

const componente = obj(
  {
    id: str('Id del componente'),
    donacionId: str('Id de su donación'),
    codigo: str(
      'Identificador de la unidad, único en la red: código de instalación (5), año (2), número de etiqueta ' +
        '(6 o más dígitos), código de producto y carácter de control ISO 7064 MOD 37-2, sin separadores',
    ),
    codigoLegible: str("El identificador agrupado para leer: '90001 26 000004 GR1 K'"),
    codigoProducto: str("'GR1', 'PF1', 'PQ1', 'CR1'"),
    tipo: str(undefined, { enum: [...TIPOS_COMPONENTE] }),
    estado: str(undefined, { enum: [...ESTADOS_COMPONENTE] }),
    volumen: int('ml'),
    producidoEn: str('Fecha y hora de producción (ISO 8601)'),
    venceEn: str('Vencimiento (ISO 8601): la extracción más la vida útil del tipo en el servicio'),
    vencido: bool(),
    faltaParaLiberar: {
      type: 'array',
      items: str(),
      description: 'Todo lo que falta o impide liberarlo; vacío si puede liberarse o no está en cuarentena',
    },
    motivoDescarte: str('Motivo del descarte; null si no está descartado', {
      enum: [...MOTIVOS_DESCARTE, null],
      nullable: true,
    }),
    detalleDescarte: nullStr('El detalle del motivo (requerido con OTRO)'),
    liberadoEn: nullStr('Cuándo se liberó (ISO 8601)'),
    descartadoEn: nullStr('Cuándo se descartó (ISO 8601)'),
  },
  [
    'id',
    'donacionId',
    'codigo',
    'codigoLegible',
    'codigoProducto',
    'tipo',
    'estado',
    'volumen',
    'producidoEn',
    'venceEn',
    'vencido',
    'faltaParaLiberar',
    'motivoDescarte',
    'detalleDescarte',
    'liberadoEn',
    'descartadoEn',
  ],
);

const vidaUtil = obj(
  {
    tipo: str(undefined, { enum: [...TIPOS_COMPONENTE] }),
    dias: int('Días desde la extracción'),
    minimo: int(),
    maximo: int(),
    predeterminado: int(),
    fuente: str('De dónde sale el valor predeterminado'),
  },
  ['tipo', 'dias', 'minimo', 'maximo', 'predeterminado', 'fuente'],
);

const componenteId = idParam('id', 'Id del componente');

const soloMedico = '(solo ROL_MEDICO; null para los demás roles)';
const citacion = obj(
  {
    id: str('Id de la citación'),
    donanteId: str('Id del donante a citar'),
    donacionId: nullStr(`La donación de la que surge ${soloMedico}`),
    motivo: str(`El motivo ${soloMedico}`, { enum: [...MOTIVOS_CITACION, null], nullable: true }),
    detalle: nullStr(`El detalle del motivo ${soloMedico}`),
    motivoTexto: str(`El motivo en palabras; '${MSG.citacionPendiente}' para quien no es ROL_MEDICO`),
    estado: str(undefined, { enum: [...ESTADOS_CITACION] }),
    cita: nullStr('Fecha de la cita (YYYY-MM-DD)'),
    asistioEn: nullStr('Cuándo asistió (ISO 8601)'),
    informado: nullStr(`Lo informado al donante ${soloMedico}`),
    derivacion: nullStr(`La derivación ${soloMedico}`),
    cerradaEn: nullStr('Cuándo se cerró (ISO 8601)'),
    motivoCierre: nullStr(`Por qué se cerró ${soloMedico}`),
    creadaEn: str('Cuándo se abrió (ISO 8601)'),
    intentos: {
      type: 'array',
      items: obj(
        {
          id: str(),
          fecha: str('YYYY-MM-DD'),
          medio: str(undefined, { enum: [...MEDIOS_INTENTO] }),
          resultado: nullStr('Qué pasó'),
          registradoPorId: nullStr('Id de quien lo registró'),
        },
        ['id', 'fecha', 'medio', 'resultado', 'registradoPorId'],
      ),
    },
  },
  [
    'id',
    'donanteId',
    'donacionId',
    'motivo',
    'detalle',
    'motivoTexto',
    'estado',
    'cita',
    'asistioEn',
    'informado',
    'derivacion',
    'cerradaEn',
    'motivoCierre',
    'creadaEn',
    'intentos',
  ],
);

const informePostdonacion = obj(
  {
    id: str('Id del informe'),
    donacionId: str('Id de la donación'),
    informante: str(undefined, { enum: [...INFORMANTES_POSTDONACION] }),
    fecha: str('YYYY-MM-DD'),
    descripcion: nullStr('Lo informado (solo ROL_MEDICO y ROL_SERVICIO)'),
    componentesBloqueados: int('Cuántos componentes no despachados bloqueó (descartados)'),
    creadoEn: str('Cuándo se registró (ISO 8601)'),
  },
  ['id', 'donacionId', 'informante', 'fecha', 'descripcion', 'componentesBloqueados', 'creadoEn'],
);

const citacionId = idParam('id', 'Id de la citación');
const pasoCitacion = (
  summary: string,
  requestBody: Record<string, Schema>,
  required: string[],
  description?: string,
) => ({
  post: {
    ...secured,
    summary,
    ...(description ? { description } : {}),
    parameters: [citacionId],
    requestBody: body(obj(requestBody, required)),
    responses: {
      '200': ok('La citación', ref('Citacion')),
      '400': E400,
      '401': E401,
      '403': E403,
      '404': E404,
    },
  },
});
/** What the stock and dispatch section (openapi-despacho.ts) builds its schemas and paths with. */
const ayudas: Ayudas = {
  ...{ ref, str, nullStr, bool, int, obj, ok, body, idParam, queryParam, pageParams, secured },
  ...{ E400, E401, E403, E403_RED, E404 },
};

const okMsg = (extra: Record<string, Schema> = {}) =>
  obj({ ok: bool(), msg: str('Texto para mostrar'), ...extra }, ['ok', 'msg']);

export const openApiDocument = {
  openapi: '3.0.3',
  info: {
    title: 'Hemoterapia: API REST de compatibilidad',
    version: APP_VERSION,
    description:
      'Las rutas del producto original (SPEC sección 7), sobre los mismos servicios que la API GraphQL. ' +
      'Éxito = HTTP 200. Errores: { "errors": [ { "msg": "..." } ] } con 400 (validación), 401 (sin token ' +
      'válido), 403 (otro servicio o rol), 404 (no encontrado), 429 (demasiados intentos de ingreso) y 500 ' +
      '(inesperado, con un código para el registro; nunca detalles internos). Todo queda dentro del servicio del token.',
  },
  servers: [{ url: '/api' }],
  components: {
    securitySchemes: {
      token: {
        type: 'apiKey',
        in: 'header',
        name: 'Authorization',
        description: 'El JWT de login/register, solo o como "Bearer <token>"',
      },
    },
    schemas: {
      Errores: obj(
        {
          errors: {
            type: 'array',
            items: obj({ msg: str('Texto en castellano'), param: str('Campo, cuando lo hay') }, ['msg']),
          },
        },
        ['errors'],
      ),
      Sesion: sesion,
      Opciones: opciones,
      Integrante: integrante,
      DonanteInput: donanteInput,
      Donante: donante,
      Donacion: donacion,
      Componente: componente,
      Citacion: citacion,
      InformePostdonacion: informePostdonacion,
      VidaUtilComponente: vidaUtil,
      Resultado: resultado,
      DonacionConResultados: donacionConResultados,
      Reaccion: reaccion,
      ...esquemasDespacho(ayudas),
      ...esquemasRegistro(ayudas),
      ...esquemasVisita(ayudas),
    },
  },
  paths: withCommonAnswers({
    '/openapi.json': {
      get: {
        summary: 'Este documento',
        responses: { '200': { description: 'Documento OpenAPI 3', content: json({ type: 'object' }) } },
      },
    },
    '/auth/login': {
      post: {
        summary: 'Ingreso con usuario y clave',
        requestBody: body(obj({ username: str(), password: str() }, ['username', 'password'])),
        responses: {
          '200': ok('Sesión', ref('Sesion')),
          '400': E400,
          '401': error('Usuario o contraseña incorrectos'),
          '429': error('Demasiados intentos fallidos para el usuario o la dirección'),
        },
      },
    },
    '/auth/register': {
      post: {
        summary: 'Registra un servicio y su administrador (ROL_SERVICIO)',
        requestBody: body(
          obj(
            {
              nombre: str('Nombre del servicio; requerido'),
              username: str('Requerido; único'),
              email: str('Requerido; "El email es invalido" si no es válido'),
              password: str(CLAVE_DESC),
              password2: str(
                'Opcional: el cliente original no envía repetición; por defecto igual a password',
              ),
              rol: str('Solo ROL_SERVICIO', { enum: ['ROL_SERVICIO'] }),
            },
            ['nombre', 'username', 'email', 'password'],
          ),
        ),
        responses: {
          '200': ok('Sesión del nuevo servicio', ref('Sesion')),
          '400': E400,
          '429': error('Demasiados intentos'),
        },
      },
    },
    '/auth/opciones': {
      post: {
        ...secured,
        summary: 'Guarda las opciones del servicio (solo ROL_SERVICIO)',
        requestBody: body(
          obj(
            {
              uid: str('Id del servicio; otro servicio da 403'),
              nombre: str('Requerido'),
              direccion: str(),
              email: str('Opcional; debe ser válido'),
              telefono: str(),
              integrantes: {
                type: 'array',
                items: { type: 'object' },
                description: 'Se ignora (opciones existentes)',
              },
            },
            ['nombre'],
          ),
        ),
        responses: {
          '200': ok('Las opciones guardadas', ref('Opciones')),
          '400': E400,
          '401': E401,
          '403': E403,
        },
      },
    },
    '/auth/opciones/panel': {
      post: {
        ...secured,
        summary:
          'Guarda las pruebas NAT que el servicio agrega a su panel de laboratorio (solo ROL_SERVICIO)',
        description:
          'La lista reemplaza a la anterior; vacía deja solo el tamizaje nacional. Los resultados ya cargados ' +
          'de una prueba que se quita quedan con sus donaciones.',
        requestBody: body(
          obj(
            {
              uid: str('Id del servicio; otro servicio da 403'),
              marcadores: {
                type: 'array',
                items: str(undefined, { enum: [...MARCADORES_ADICIONALES] }),
                description: `${MARCADORES_ADICIONALES.join(', ')} (también en minúsculas o con espacio: "nat hiv"); otro valor da 400`,
              },
            },
            ['marcadores'],
          ),
        ),
        responses: {
          '200': ok(
            'El panel guardado',
            obj(
              {
                marcadoresAdicionales: {
                  type: 'array',
                  items: str(undefined, { enum: [...MARCADORES_ADICIONALES] }),
                  description: 'Las pruebas agregadas, en el orden del panel',
                },
                panel: {
                  type: 'array',
                  items: str(undefined, { enum: [...MARCADORES] }),
                  description: 'Todo el panel: el tamizaje nacional y las pruebas agregadas',
                },
              },
              ['marcadoresAdicionales', 'panel'],
            ),
          ),
          '400': E400,
          '401': E401,
          '403': E403,
        },
      },
    },
    '/auth/opciones/vida-util': {
      post: {
        ...secured,
        summary:
          'Fija la vida útil de un tipo de componente, en días desde la extracción (solo ROL_SERVICIO)',
        description:
          'Dentro de los límites de cada tipo: ' +
          TIPOS_COMPONENTE.map((t) => `${t} ${VIDA_UTIL[t].minimo} a ${VIDA_UTIL[t].maximo}`).join(', ') +
          '. Vale para los componentes que se produzcan desde entonces.',
        requestBody: body(
          obj(
            {
              uid: str('Id del servicio; otro servicio da 403'),
              tipo: str(undefined, { enum: [...TIPOS_COMPONENTE] }),
              dias: int('Días (también como texto)'),
            },
            ['tipo', 'dias'],
          ),
        ),
        responses: {
          '200': ok(
            'La vida útil de cada tipo',
            obj({ vidaUtil: { type: 'array', items: ref('VidaUtilComponente') } }, ['vidaUtil']),
          ),
          '400': E400,
          '401': E401,
          '403': E403,
        },
      },
    },
    '/auth/opciones/codigo-instalacion': {
      post: {
        ...secured,
        summary: 'Fija el código de instalación del servicio: su FIN de ICCBBA (solo ROL_SERVICIO)',
        description:
          'Una letra y 4 dígitos (A1234), único en la instalación. Sin FIN el servicio usa el que le asignó la ' +
          `instalación (9 y 4 dígitos). Con componentes ya producidos da 400 "${MSG.codigoInstalacionConComponentes}".`,
        requestBody: body(
          obj(
            { uid: str('Id del servicio; otro servicio da 403'), codigo: str('FIN: una letra y 4 dígitos') },
            ['codigo'],
          ),
        ),
        responses: {
          '200': ok('El código guardado', obj({ codigoInstalacion: str() }, ['codigoInstalacion'])),
          '400': E400,
          '401': E401,
          '403': E403,
        },
      },
    },
    '/auth/opciones/umbrales': {
      post: {
        ...secured,
        summary: 'Guarda los umbrales de tamizaje del servicio (solo ROL_SERVICIO)',
        description:
          `Mínimos de hemoglobina (g/dl) y hematocrito (%) por sexo y sus máximos. Nunca menos exigentes que la norma ` +
          `(hemoglobina >= ${SV_LIMITES.hb.min}, hematocrito >= ${SV_LIMITES.hto.min}): un valor menor da 400. ` +
          'null, "" o ausente: el límite de la norma. Cada donación nueva se controla con ellos y el sexo del donante.',
        requestBody: body(obj({ uid: str('Id del servicio; otro servicio da 403'), ...UMBRALES_BODY })),
        responses: {
          '200': ok('Los umbrales guardados', obj({ umbralesTamizaje: umbrales }, ['umbralesTamizaje'])),
          '400': E400,
          '401': E401,
          '403': E403,
        },
      },
    },
    '/auth/password': {
      post: {
        ...secured,
        summary: 'Cambia la clave propia; los tokens anteriores dejan de valer',
        requestBody: body(
          obj(
            {
              uid: str('Id del usuario; otro usuario da 403'),
              oldPassword: str(),
              newPassword: str(CLAVE_DESC),
              newPassword2: str(
                'Opcional (el cliente original no lo envía); por defecto igual a newPassword',
              ),
            },
            ['oldPassword', 'newPassword'],
          ),
        ),
        responses: {
          '200': ok(
            'Texto de estado y el token nuevo',
            okMsg({ message: str('Igual a msg'), token: str('Nuevo JWT') }),
          ),
          '400': E400,
          '401': E401,
          '403': E403,
          '429': error('Demasiados intentos con la clave actual incorrecta'),
        },
      },
    },
    '/auth/integrante': {
      post: {
        ...secured,
        summary: 'Agrega un integrante (solo ROL_SERVICIO)',
        requestBody: body(
          obj(
            {
              uid: str('Id del servicio; otro servicio da 403'),
              nombre: str('Requerido'),
              apellido: str('Requerido'),
              username: str('Requerido; único'),
              password: str(`Requerido; al menos ${CLAVE_MIN} caracteres`),
              password2: str('Opcional; por defecto igual a password'),
              rol: str('Por defecto ROL_MEDICO', { enum: [...ROLES_INTEGRANTE] }),
              matricula: str(),
              email: str(),
              telefono: str(),
              agentecph: bool(),
              opciones: {
                type: 'object',
                description: 'Los mismos campos anidados, como los lleva el registro',
              },
            },
            ['nombre', 'apellido', 'username', 'password'],
          ),
        ),
        responses: { '200': ok('El integrante', ref('Integrante')), '400': E400, '401': E401, '403': E403 },
      },
      put: {
        ...secured,
        summary: 'Edita un integrante (sin usuario ni clave)',
        requestBody: body(
          obj(
            {
              uid: str('Id del integrante'),
              _id: str('Id del integrante (se usa si uid es el id del servicio)'),
              nombre: str('Requerido'),
              apellido: str('Requerido'),
              rol: str(undefined, { enum: [...ROLES_INTEGRANTE] }),
              matricula: str(),
              email: str(),
              telefono: str(),
              agentecph: bool(),
            },
            ['uid', 'nombre', 'apellido'],
          ),
        ),
        responses: {
          '200': ok('El integrante con los cambios', ref('Integrante')),
          '400': E400,
          '401': E401,
          '403': E403,
          '404': E404,
        },
      },
    },
    '/auth/integrante/{_id}/password': {
      put: {
        ...secured,
        summary:
          'Asigna una clave nueva a un integrante (solo ROL_SERVICIO); sus tokens anteriores dejan de valer',
        parameters: [idParam('_id', 'Id del integrante')],
        requestBody: body(
          obj(
            {
              uid: str('Id del servicio; otro servicio da 403'),
              newPassword: str(CLAVE_DESC),
              newPassword2: str('Opcional; por defecto igual a newPassword'),
            },
            ['newPassword'],
          ),
        ),
        responses: {
          '200': ok('Clave asignada', okMsg({ integrante: ref('Integrante') })),
          '400': E400,
          '401': E401,
          '403': E403,
          '404': E404,
        },
      },
    },
    '/auth/integrante/{_id}/user/{uid}': {
      delete: {
        ...secured,
        summary: 'Elimina un integrante; su sesión termina en el acto',
        parameters: [
          idParam('_id', 'Id del integrante'),
          idParam('uid', 'Id del servicio; otro servicio da 403'),
        ],
        responses: {
          '200': ok('Eliminado', okMsg({ integrante: ref('Integrante') })),
          '401': E401,
          '403': E403,
          '404': E404,
        },
      },
    },
    '/donante/': {
      post: {
        ...secured,
        summary: 'Registra un donante',
        requestBody: body(ref('DonanteInput')),
        responses: { '200': ok('El donante', ref('Donante')), '400': E400, '401': E401, '403': E403 },
      },
    },
    '/donante/search': {
      get: {
        ...secured,
        summary: 'Busca donantes por prefijo (sin distinguir acentos ni mayúsculas)',
        parameters: [
          queryParam('nombre', 'Prefijo del nombre o de una de sus palabras'),
          queryParam('apellido', 'Prefijo del apellido o de una de sus palabras'),
          queryParam('dni', 'Prefijo del DNI'),
          queryParam('abo', 'Grupo ABO: donantes con alguna donación de ese grupo', {
            type: 'string',
            enum: ['A', 'B', 'AB', 'O'],
          }),
          queryParam('rh', 'Factor Rh: donantes con alguna donación de ese factor (y del grupo, si se da)', {
            type: 'string',
            enum: ['POSITIVO', 'NEGATIVO'],
          }),
          queryParam(
            'puedeDonar',
            'true: solo quienes pueden donar hoy; false: solo quienes no (las reglas de `elegibilidad`). ' +
              `Se revisan a lo sumo ${DONANTES_ELEGIBILIDAD_REVISADOS_MAX} donantes de la búsqueda: si no alcanzan para la página, 400`,
            { type: 'boolean' },
          ),
          ...ordenParams(['APELLIDO', 'DNI', 'ULTIMA_DONACION'], 'apellido y nombre'),
          ...pageParams,
        ],
        responses: {
          '200': ok(
            'Donantes encontrados (lista vacía si no hay)',
            obj(
              {
                donantes: { type: 'array', items: ref('Donante') },
                total: int(),
                totalExacto: {
                  type: 'boolean',
                  description: `false cuando hay más de ${DONANTES_TOTAL_MAX} coincidencias: total es entonces un mínimo`,
                },
                offset: int(),
                limit: int(),
              },
              ['donantes'],
            ),
          ),
          '400': E400,
          '401': E401,
          '403': E403_RED,
        },
      },
    },
    '/donante/{id}': {
      get: {
        ...secured,
        summary: 'Un donante, con sus donaciones',
        parameters: [idParam('id', 'Id del donante')],
        responses: { '200': ok('El donante', ref('Donante')), '401': E401, '403': E403_RED, '404': E404 },
      },
      put: {
        ...secured,
        summary: 'Edita un donante (registro completo)',
        parameters: [idParam('id', 'Id del donante')],
        requestBody: body(ref('DonanteInput')),
        responses: {
          '200': ok('El donante', ref('Donante')),
          '400': E400,
          '401': E401,
          '403': E403,
          '404': E404,
        },
      },
      delete: {
        ...secured,
        summary: 'Elimina un donante (se conserva con sus donaciones en la auditoría)',
        parameters: [idParam('id', 'Id del donante')],
        responses: { '200': ok('Eliminado', okMsg()), '401': E401, '403': E403_RED, '404': E404 },
      },
    },
    '/donacion/': {
      post: {
        ...secured,
        summary: 'Registra una donación',
        description:
          'Rechaza con 400 la misma fecha y número para el donante ("Esta donación ya se encuentra registrada") ' +
          `y una donación a menos de ${SEMANAS} de otra ("${MSG.menos8Semanas('DD/MM/YYYY')}").`,
        requestBody: body(
          obj(
            {
              servicio: str('Id del servicio; otro servicio da 403'),
              donanteId: str('Id del donante'),
              numero: int("Requerido; número de etiqueta (también como texto, o su código: '123G', '39-8')"),
              fecha: fechaCompacta,
              hora,
              plasmaCovid: bool(),
              sv: str(SV_DESC),
              tipoBolsa: str('Bolsa Doble (por defecto) o Bolsa Triple', { enum: [...TIPOS_BOLSA] }),
              loteBolsa: str('Requerido'),
              donacionAferesis: bool(),
              visitaId: str(
                'La visita en que dona (entrevista confirmada y firmas registradas); sin ella se registra la visita',
              ),
            },
            ['donanteId', 'numero', 'fecha', 'hora', 'loteBolsa'],
          ),
        ),
        responses: {
          '200': ok('El donante actualizado, con sus donaciones (la nueva al final)', ref('Donante')),
          '400': E400,
          '401': E401,
          '403': E403,
          '404': E404,
        },
      },
    },
    '/donacion/next-etiqueta-number': {
      post: {
        ...secured,
        summary: 'Emite el próximo número de etiqueta del servicio (nunca se repite)',
        requestBody: body(
          obj({
            servicioId: str('Id del servicio; otro servicio da 403'),
            donanteId: str(
              'Opcional: el donante de la donación nueva; si hoy no puede donar no se emite número (400 con cada razón)',
            ),
            donacionAferesis: bool('Opcional: la donación es por aféresis (no cuenta para el límite anual)'),
          }),
        ),
        responses: {
          '200': ok('El número', obj({ numero: int() }, ['numero'])),
          '400': error(
            'El cuerpo no es un objeto, servicioId o servicio no es un valor simple, o el donante no puede donar hoy (cada razón)',
          ),
          '401': E401,
          '403': E403,
          '404': E404,
        },
      },
    },
    '/donacion/search': {
      get: {
        ...secured,
        summary: 'Busca donaciones por número y/o fecha, las más nuevas primero (o por `orden`)',
        parameters: [
          queryParam(
            'numero',
            'Número de etiqueta o su código (número y carácter de control ISO 7064 MOD 37-2): un código termina en ' +
              "letra o '*', o lleva el carácter separado ('39-8'), y uno equivocado da 400; solo dígitos son el número " +
              'y, si el último es el carácter de control de los anteriores, también ese código (se listan ambas, el número primero)',
          ),
          queryParam('fecha', 'Fecha YYYYMMDD (también YYYY-MM-DD)'),
          ...ordenParams(['NUMERO', 'FECHA', 'APELLIDO', 'GRUPO'], 'las más nuevas primero'),
          ...pageParams,
        ],
        responses: {
          '200': ok(
            'Donaciones encontradas (lista vacía si no hay)',
            obj(
              {
                donaciones: { type: 'array', items: ref('Donacion') },
                total: int(),
                offset: int(),
                limit: int(),
              },
              ['donaciones'],
            ),
          ),
          '400': E400,
          '401': E401,
          '403': E403_RED,
        },
      },
    },
    '/donacion/{id}': {
      get: {
        ...secured,
        summary: 'Una donación, como lista de un elemento',
        parameters: [idParam('id', 'Id de la donación')],
        responses: {
          '200': ok('[donación]', { type: 'array', items: ref('Donacion'), minItems: 1, maxItems: 1 }),
          '401': E401,
          '403': E403_RED,
          '404': E404,
        },
      },
    },
    '/donacion/{id}/donante/{donorId}': {
      put: {
        ...secured,
        summary: 'Carga grupo, factor, serología y exclusión (lo omitido no cambia)',
        parameters: [idParam('id', 'Id de la donación'), idParam('donorId', 'Id de su donante')],
        requestBody: body(
          obj({
            abo: str(ABO_DESC),
            rh: str(RH_DESC),
            serologia: str(SEROLOGIA_DESC),
            exclusionDefinitiva: str(EXCLUSION_DESC),
            exclusionTiempo: int(`Días: ${EXCLUSION_TIEMPOS.join(', ')} (también como texto)`),
            exclusionCodigo: str(),
            motivo: str(
              'Por qué se levanta o acorta el diferimiento (médico o administrador): requerido solo entonces',
            ),
            confirmarGrupo: bool(
              'Confirma (médico o técnico) un grupo o factor que difiere de donaciones anteriores del donante, con motivoGrupo; la donación queda marcada hasta una nueva tipificación',
            ),
            motivoGrupo: str('Por qué se confirma el grupo discordante: requerido con confirmarGrupo'),
          }),
        ),
        responses: {
          '200': ok(
            'La donación y el texto para mostrar',
            obj({ donacion: ref('Donacion'), message: str() }, ['donacion', 'message']),
          ),
          '400': E400,
          '401': E401,
          '403': E403,
          '404': E404,
        },
      },
    },
    '/donacion/{id}/reacciones': {
      post: {
        ...secured,
        summary: 'Registra una reacción del donante en la donación',
        description:
          'Una reacción no se elimina: se corrige con PUT /reaccion/{id} (queda en la auditoría). ' +
          'Una SEVERA queda como aviso para la próxima entrevista del donante.',
        parameters: [idParam('id', 'Id de la donación')],
        requestBody: body(reaccionBody),
        responses: { '200': reaccionesDeDonacion, '400': E400, '401': E401, '403': E403, '404': E404 },
      },
    },
    '/reaccion/{id}': {
      put: {
        ...secured,
        summary: 'Corrige una reacción del donante registrada',
        description: 'Reemplaza sus datos (queda en la auditoría).',
        parameters: [idParam('id', 'Id de la reacción')],
        requestBody: body(reaccionBody),
        responses: { '200': reaccionesDeDonacion, '400': E400, '401': E401, '403': E403, '404': E404 },
      },
    },
    '/donacion/{id}/tamizaje': pasoLaboratorio(
      'Registra el tamizaje de un marcador',
      'Reactivo o indeterminado pide la repetición por duplicado; NO_REALIZADO borra el tamizaje. ' +
        'Un resultado que difiere al donante lo decide quien puede hacerlo (si no, 403).',
      obj(
        {
          marcador: str(MARCADOR_DESC),
          estado: str(undefined, { enum: [...ESTADOS_RESULTADO] }),
          tecnica: str('Técnica (ELISA, quimioluminiscencia...); opcional'),
          fecha: str(`${FECHA_RESULTADO_DESC}; requerida salvo NO_REALIZADO`),
        },
        ['marcador', 'estado'],
      ),
    ),
    '/donacion/{id}/repeticion': pasoLaboratorio(
      'Registra la repetición por duplicado de un tamizaje reactivo o indeterminado',
      `Ambos resultados a la vez; repetidamente reactivo difiere al donante y pide la prueba confirmatoria. ` +
        `Sin un tamizaje que repetir da 400 "${MSG.repeticionNoCorresponde}".`,
      obj(
        {
          marcador: str(MARCADOR_DESC),
          primera: str(undefined, { enum: [...ESTADOS_REPETICION] }),
          segunda: str(undefined, { enum: [...ESTADOS_REPETICION] }),
          tecnica: str('Opcional'),
          fecha: str(FECHA_RESULTADO_DESC),
        },
        ['marcador', 'primera', 'segunda', 'fecha'],
      ),
    ),
    '/donacion/{id}/confirmatorio': pasoLaboratorio(
      'Registra la prueba confirmatoria de un marcador repetidamente reactivo',
      'Positiva difiere al donante en forma definitiva; negativa deja que un médico levante el diferimiento. ' +
        `Sin un marcador repetidamente reactivo da 400 "${MSG.confirmatorioNoCorresponde}".`,
      obj(
        {
          marcador: str(MARCADOR_DESC),
          resultado: str(undefined, { enum: [...RESULTADOS_CONFIRMATORIO] }),
          tecnica: str('Requerida (Western blot, inmunofluorescencia...)'),
          fecha: str(FECHA_RESULTADO_DESC),
          laboratorio: str('Requerido: el laboratorio que la hizo'),
        },
        ['marcador', 'resultado', 'tecnica', 'fecha', 'laboratorio'],
      ),
    ),
    '/donacion/{id}/retipificacion': pasoLaboratorio(
      'Registra la nueva tipificación de una donación marcada por un grupo discordante (solo ROL_MEDICO y ROL_TECNICO)',
      `Confirma el grupo hallado y quita la marca; otro rol da 403 "${MSG.soloMedicoTecnicoGrupo}", una ` +
        `donación sin marca 400 "${MSG.retipificacionNoCorresponde}".`,
      obj({ abo: str(ABO_DESC), rh: str(RH_DESC) }, ['abo', 'rh']),
    ),
    '/donacion/{id}/fraccionar': {
      post: {
        ...secured,
        summary: 'Fracciona una donación en componentes (ROL_MEDICO, ROL_TECNICO y ROL_SERVICIO)',
        description:
          'Sin componentes, lo que da su bolsa: Bolsa Doble glóbulos rojos y plasma fresco congelado, Bolsa ' +
          'Triple también plaquetas, una aféresis lo recolectado. Cada componente queda en cuarentena. ' +
          `Una sola vez por donación (si no, 400 "${MSG.donacionYaFraccionada}").`,
        parameters: [idParam('id', 'Id de la donación')],
        requestBody: {
          required: false,
          content: json(
            obj({
              componentes: {
                type: 'array',
                items: obj({ tipo: str(TIPO_COMPONENTE_DESC), volumen: int('ml') }, ['tipo', 'volumen']),
                description:
                  'Los componentes elegidos (el crioprecipitado se prepara del plasma de la bolsa)',
              },
            }),
          ),
        },
        responses: {
          '200': ok('Los componentes producidos', { type: 'array', items: ref('Componente') }),
          '400': E400,
          '401': E401,
          '403': E403,
          '404': E404,
        },
      },
    },
    '/componente': {
      get: {
        ...secured,
        summary: 'Los componentes del servicio, los más nuevos primero',
        parameters: [
          queryParam('desde', 'Producidos desde (YYYY-MM-DD)'),
          queryParam('hasta', 'Producidos hasta (YYYY-MM-DD), inclusive'),
          queryParam('tipo', TIPOS_COMPONENTE.join(', '), { type: 'string' }),
          queryParam('estado', ESTADOS_COMPONENTE.join(', '), { type: 'string' }),
          queryParam('codigo', 'Identificador de la unidad (espacios y guiones se ignoran)'),
          ...pageParams,
        ],
        responses: {
          '200': ok(
            'Una página de componentes',
            obj(
              {
                items: { type: 'array', items: ref('Componente') },
                total: int(),
                offset: int(),
                limit: int(),
              },
              ['items', 'total', 'offset', 'limit'],
            ),
          ),
          '400': E400,
          '401': E401,
          '403': E403_RED,
        },
      },
    },
    '/componente/codigo/{codigo}': {
      get: {
        ...secured,
        summary: 'El componente de un identificador de unidad leído o escrito',
        description: `Espacios y guiones se ignoran; un carácter de control que no corresponde da 400 "${MSG.codigoUnidadControl}".`,
        parameters: [idParam('codigo', 'Identificador de la unidad')],
        responses: {
          '200': ok('El componente', ref('Componente')),
          '400': E400,
          '401': E401,
          '403': E403_RED,
          '404': E404,
        },
      },
    },
    '/componente/liberar': {
      post: {
        ...secured,
        summary: `Libera todos los componentes que se pueda (como máximo ${LIBERAR_POR_VEZ_MAX}; solo ROL_MEDICO y ROL_TECNICO)`,
        requestBody: body(obj({ ids: { type: 'array', items: str('Id de un componente') } }, ['ids'])),
        responses: {
          '200': ok(
            'Los liberados, y los demás con cada falta',
            obj(
              {
                liberados: { type: 'array', items: ref('Componente') },
                rechazados: {
                  type: 'array',
                  items: obj({ componente: ref('Componente'), motivos: { type: 'array', items: str() } }, [
                    'componente',
                    'motivos',
                  ]),
                },
              },
              ['liberados', 'rechazados'],
            ),
          ),
          '400': E400,
          '401': E401,
          '403': E403,
          '404': E404,
        },
      },
    },
    '/componente/{id}/liberar': {
      post: {
        ...secured,
        summary: 'Libera un componente en cuarentena (solo ROL_MEDICO y ROL_TECNICO)',
        description:
          'Grupo ABO, factor Rh y las siete serologías cargadas, ninguna reactiva, ningún diferimiento del donante ' +
          'que lo impida y sin vencer; si no, 400 con una entrada por cada falta.',
        parameters: [componenteId],
        responses: {
          '200': ok('El componente liberado', ref('Componente')),
          '400': E400,
          '401': E401,
          '403': E403,
          '404': E404,
        },
      },
    },
    '/componente/{id}/descartar': {
      post: {
        ...secured,
        summary: 'Descarta un componente con un motivo codificado (ROL_MEDICO, ROL_TECNICO y ROL_SERVICIO)',
        parameters: [componenteId],
        requestBody: body(
          obj(
            {
              motivo: str(undefined, { enum: [...MOTIVOS_DESCARTE] }),
              detalle: str('Requerido con OTRO; hasta 500 caracteres'),
            },
            ['motivo'],
          ),
        ),
        responses: {
          '200': ok('El componente descartado', ref('Componente')),
          '400': E400,
          '401': E401,
          '403': E403,
          '404': E404,
        },
      },
    },
    '/citacion': {
      get: {
        ...secured,
        summary: 'Las citaciones del servicio, las más nuevas primero (el motivo, solo para ROL_MEDICO)',
        parameters: [
          queryParam('estado', ESTADOS_CITACION.join(', '), { type: 'string' }),
          queryParam('abiertas', 'true: solo las abiertas (pendientes, citadas o asistidas)'),
          ...pageParams,
        ],
        responses: {
          '200': ok(
            'Una página de citaciones',
            obj(
              {
                items: { type: 'array', items: ref('Citacion') },
                total: int(),
                offset: int(),
                limit: int(),
              },
              ['items', 'total', 'offset', 'limit'],
            ),
          ),
          '400': E400,
          '401': E401,
          '403': E403_RED,
        },
      },
      post: {
        ...secured,
        summary: 'Agrega un donante a la lista de citaciones por otro motivo (solo ROL_MEDICO)',
        description: `Solo OTRO, con su detalle: las de resultados las abre el laboratorio ("${MSG.citacionMotivoManual}").`,
        requestBody: body(
          obj(
            {
              donanteId: str('Id del donante'),
              motivo: str(undefined, { enum: ['OTRO'] }),
              detalle: str('Requerido; hasta 500 caracteres'),
            },
            ['donanteId', 'motivo', 'detalle'],
          ),
        ),
        responses: {
          '200': ok('La citación', ref('Citacion')),
          '400': E400,
          '401': E401,
          '403': E403,
          '404': E404,
        },
      },
    },
    '/citacion/{id}': {
      get: {
        ...secured,
        summary: 'Una citación (el motivo, solo para ROL_MEDICO)',
        parameters: [citacionId],
        responses: {
          '200': ok('La citación', ref('Citacion')),
          '401': E401,
          '403': E403_RED,
          '404': E404,
        },
      },
    },
    '/citacion/{id}/intento': pasoCitacion(
      'Registra un intento de comunicarse con el donante',
      {
        fecha: str('YYYY-MM-DD, no futura'),
        medio: str(undefined, { enum: [...MEDIOS_INTENTO] }),
        resultado: str('Qué pasó; hasta 500 caracteres'),
      },
      ['fecha', 'medio'],
    ),
    '/citacion/{id}/cita': pasoCitacion(
      'Fija (o cambia) la fecha de la cita',
      { fecha: str('YYYY-MM-DD, hoy o después') },
      ['fecha'],
    ),
    '/citacion/{id}/asistencia': pasoCitacion(
      'Registra que el donante asistió: lo informado y la derivación (solo ROL_MEDICO)',
      {
        informado: str('Requerido; hasta 1000 caracteres'),
        derivacion: str('Hasta 500 caracteres'),
      },
      ['informado'],
    ),
    '/citacion/{id}/cerrar': pasoCitacion(
      'Cierra una citación (solo ROL_MEDICO)',
      { motivo: str('Requerido; hasta 500 caracteres') },
      ['motivo'],
      `Una citación cerrada no cambia más ("${MSG.citacionCerrada}").`,
    ),
    '/donacion/{id}/informe-postdonacion': {
      post: {
        ...secured,
        summary: 'Registra un informe post-donación (solo ROL_MEDICO y ROL_SERVICIO)',
        description:
          'Bloquea (descarta con el motivo INFORME_POSTDONACION) los componentes de la donación que no se ' +
          'despacharon, y abre la trazabilidad.',
        parameters: [idParam('id', 'Id de la donación')],
        requestBody: body(
          obj(
            {
              informante: str(undefined, { enum: [...INFORMANTES_POSTDONACION] }),
              fecha: str('YYYY-MM-DD: no futura ni anterior a la donación'),
              descripcion: str('Requerido; hasta 1000 caracteres'),
            },
            ['informante', 'fecha', 'descripcion'],
          ),
        ),
        responses: {
          '200': ok('El informe', ref('InformePostdonacion')),
          '400': E400,
          '401': E401,
          '403': E403,
          '404': E404,
        },
      },
    },
    '/donacion/{_id}/donante/{uid}': {
      delete: {
        ...secured,
        summary: 'Elimina una donación (queda en la auditoría)',
        parameters: [idParam('_id', 'Id de la donación'), idParam('uid', 'Id de su donante')],
        responses: {
          '200': ok('Eliminada', okMsg({ donacion: ref('Donacion') })),
          '401': E401,
          '403': E403_RED,
          '404': E404,
        },
      },
    },
    ...rutasDespacho(ayudas),
    ...rutasRegistro(ayudas),
    ...rutasVisita(ayudas),
  }),
} as const;
