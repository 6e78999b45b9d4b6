/**
 * The OpenAPI section of the stock, dispatch and transfer routes (modules/stock/stock.rest.ts,
 * modules/despacho/despacho.rest.ts): their schemas and paths, built with the document's own
 * helpers (openapi.ts hands them over, so both files describe answers the same way).
 */
import { ESTADOS_COMPONENTE, MOTIVOS_DESCARTE, TIPOS_COMPONENTE } from '../domain/componentes';
import {
  DESPACHAR_POR_VEZ_MAX,
  DESTINOS_DESPACHO,
  DESTINOS_FINALES,
  ESTADOS_UNIDAD_DESPACHO,
} from '../domain/despacho';
import { MSG } from '../domain/messages';
import { AVISO_VENCIMIENTO, DIAS_AVISO_MAX, DIAS_AVISO_MIN } from '../domain/stock';
import { ACCIONES_TRAZABILIDAD, MEDIOS_NOTIFICACION } from '../domain/trazabilidad';

type Schema = Record<string, unknown>;
type Answer = { description: string; content: { 'application/json': { schema: Schema } } };

export type Ayudas = {
  ref: (name: string) => Schema;
  str: (description?: string, extra?: Schema) => Schema;
  nullStr: (description?: string, extra?: Schema) => Schema;
  bool: (description?: string) => Schema;
  int: (description?: string) => Schema;
  obj: (properties: Record<string, Schema>, required?: string[], description?: string) => Schema;
  ok: (description: string, schema: Schema) => Answer;
  body: (schema: Schema, description?: string) => Record<string, unknown>;
  idParam: (name: string, description: string) => Record<string, unknown>;
  queryParam: (name: string, description: string, schema?: Schema) => Record<string, unknown>;
  pageParams: Record<string, unknown>[];
  secured: Record<string, unknown>;
  E400: Answer;
  E401: Answer;
  E403: Answer;
  E403_RED: Answer;
  E404: Answer;
};

/** The schemas: a unit as stock and dispatches show it, a stock row, a dispatch, a unit's step. */
export function esquemasDespacho(h: Ayudas): Record<string, Schema> {
  const { str, bool, int, obj, ref, nullStr } = h;
  const unidad = obj(
    {
      id: str('Id del componente'),
      codigo: str('Identificador de la unidad, único en la red'),
      codigoLegible: str("El identificador agrupado para leer: '90001 26 000004 GR1 K'"),
      codigoProducto: str("'GR1', 'PF1', 'PQ1', 'CR1'"),
      tipo: str(undefined, { enum: [...TIPOS_COMPONENTE] }),
      estado: str(undefined, { enum: [...ESTADOS_COMPONENTE] }),
      abo: str('A, B, AB u O'),
      rh: str('POSITIVO o NEGATIVO'),
      volumen: int('ml'),
      venceEn: str('Vencimiento (ISO 8601)'),
      vencido: bool(),
      porVencer: bool('Vence dentro de los días de aviso de su tipo'),
      servicioOrigen: str('El servicio que lo produjo'),
      recibido: bool('Lo produjo otro servicio de la red y este lo recibió'),
    },
    [
      'id',
      'codigo',
      'codigoLegible',
      'codigoProducto',
      'tipo',
      'estado',
      'abo',
      'rh',
      'volumen',
      'venceEn',
      'vencido',
      'porVencer',
      'servicioOrigen',
      'recibido',
    ],
  );
  const stockFila = obj(
    {
      tipo: str(undefined, { enum: [...TIPOS_COMPONENTE] }),
      abo: str(),
      rh: str(),
      cantidad: int('Unidades liberadas sin vencer'),
      proximoVencimiento: str('El vencimiento más próximo (ISO 8601)'),
      porVencer: int('Cuántas vencen dentro de los días de aviso del tipo'),
      diasAviso: int('Los días de aviso del tipo en el servicio'),
    },
    ['tipo', 'abo', 'rh', 'cantidad', 'proximoVencimiento', 'porVencer', 'diasAviso'],
  );
  const despacho = obj(
    {
      id: str('Id del despacho'),
      destinoTipo: str(undefined, { enum: [...DESTINOS_DESPACHO] }),
      destinoNombre: str('Hospital o clínica, servicio de la red o servicio de transfusión propio'),
      destinoReferencia: nullStr('La referencia que usa el servicio que recibe'),
      destinoServicioId: nullStr('El servicio de la red que recibe'),
      origen: str('El servicio que despachó'),
      despachadoPor: str('Quién despachó'),
      despachadoEn: str('Fecha y hora (ISO 8601)'),
      unidades: {
        type: 'array',
        items: obj(
          {
            unidad: ref('UnidadComponente'),
            estado: str(undefined, { enum: [...ESTADOS_UNIDAD_DESPACHO] }),
            cadenaFrio: { type: 'boolean', nullable: true, description: 'Al devolverse' },
            detalle: nullStr(),
            cerradoEn: nullStr('Cuándo se registró su devolución, recepción o destino final (ISO 8601)'),
          },
          ['unidad', 'estado', 'cadenaFrio', 'detalle', 'cerradoEn'],
        ),
      },
    },
    [
      'id',
      'destinoTipo',
      'destinoNombre',
      'destinoReferencia',
      'destinoServicioId',
      'origen',
      'despachadoPor',
      'despachadoEn',
      'unidades',
    ],
  );
  const paso = obj(
    {
      despachoId: str(),
      despachadoEn: str('ISO 8601'),
      origen: str('El servicio que la despachó'),
      despachadoPor: nullStr('Quién la despachó; null si la despachó otro servicio de la red'),
      destinoTipo: str(undefined, { enum: [...DESTINOS_DESPACHO] }),
      destinoNombre: str(),
      estado: str(undefined, { enum: [...ESTADOS_UNIDAD_DESPACHO] }),
      cerradoEn: nullStr('ISO 8601'),
    },
    [
      'despachoId',
      'despachadoEn',
      'origen',
      'despachadoPor',
      'destinoTipo',
      'destinoNombre',
      'estado',
      'cerradoEn',
    ],
  );
  const trazabilidad = obj(
    {
      id: str('Id de la trazabilidad'),
      servicio: str('El servicio que la abrió'),
      donacionNumero: {
        ...int(
          'El número de la donación que la abrió; null si la abrió un diferimiento definitivo en una visita no apta',
        ),
        nullable: true,
      },
      origen: str("Qué la abrió: 'Donación N° 12' o 'Visita no apta del 03/02/2026'"),
      causa: nullStr('La causa que puede afectar la sangre anterior (HIV, Chagas, conducta de riesgo...)'),
      desde: str('Primer día de la ventana (YYYY-MM-DD)'),
      abierta: bool(),
      creadaEn: str('ISO 8601'),
      unidades: {
        type: 'array',
        items: obj(
          {
            componenteId: str(),
            codigo: str('Identificador de la unidad'),
            tipo: str(undefined, { enum: [...TIPOS_COMPONENTE] }),
            estado: str('Su estado ahora', { enum: [...ESTADOS_COMPONENTE] }),
            accion: str(undefined, { enum: [...ACCIONES_TRAZABILIDAD] }),
            servicio: str('El servicio de la red que la tenía'),
            destino: nullStr('Adónde se había despachado'),
            notificada: bool(),
          },
          ['componenteId', 'codigo', 'tipo', 'estado', 'accion', 'servicio', 'destino', 'notificada'],
        ),
      },
      notificaciones: {
        type: 'array',
        items: obj(
          {
            id: str(),
            componenteId: nullStr(),
            notificado: str('A quién'),
            medio: str(undefined, { enum: [...MEDIOS_NOTIFICACION] }),
            respuesta: nullStr(),
            notificadoEn: str('ISO 8601'),
            registradoPor: str(),
            servicio: str('El servicio que la registró'),
          },
          [
            'id',
            'componenteId',
            'notificado',
            'medio',
            'respuesta',
            'notificadoEn',
            'registradoPor',
            'servicio',
          ],
        ),
      },
    },
    [
      'id',
      'servicio',
      'donacionNumero',
      'origen',
      'causa',
      'desde',
      'abierta',
      'creadaEn',
      'unidades',
      'notificaciones',
    ],
  );
  return {
    UnidadComponente: unidad,
    StockFila: stockFila,
    Despacho: despacho,
    PasoUnidad: paso,
    Trazabilidad: trazabilidad,
  };
}

/** The paths of the stock, dispatch and transfer routes. */
export function rutasDespacho(h: Ayudas) {
  const { str, bool, int, obj, ref, ok, body, idParam, queryParam, pageParams, secured } = h;
  const { E400, E401, E403, E403_RED, E404 } = h;
  const unidades = { type: 'array', items: ref('UnidadComponente') };
  const componenteId = idParam('id', 'Id del componente');
  const roles = '(ROL_MEDICO, ROL_TECNICO y ROL_SERVICIO)';
  return {
    '/stock': {
      get: {
        ...secured,
        summary: 'El stock del servicio por tipo de componente y grupo ABO/Rh',
        description:
          'Unidades liberadas sin vencer que el servicio tiene (las propias y las recibidas de la red). Una unidad ' +
          'vencida nunca figura: se descarta por vencimiento al leer.',
        responses: {
          '200': ok('Las filas', obj({ filas: { type: 'array', items: ref('StockFila') } }, ['filas'])),
          '401': E401,
          '403': E403_RED,
        },
      },
    },
    '/stock/unidades': {
      get: {
        ...secured,
        summary: 'Las unidades en stock (de una fila, o todas), la de vencimiento más próximo primero',
        parameters: [
          queryParam('tipo', TIPOS_COMPONENTE.join(', ')),
          queryParam('abo', 'A, B, AB u O'),
          queryParam('rh', 'POSITIVO o NEGATIVO'),
          queryParam('porVencer', 'true: solo las que vencen dentro de los días de aviso'),
          ...pageParams,
        ],
        responses: {
          '200': ok(
            'Una página de unidades',
            obj({ items: unidades, total: int(), offset: int(), limit: int() }, [
              'items',
              'total',
              'offset',
              'limit',
            ]),
          ),
          '400': E400,
          '401': E401,
          '403': E403_RED,
        },
      },
    },
    '/auth/opciones/aviso-vencimiento': {
      post: {
        ...secured,
        summary:
          'Fija los días antes del vencimiento en que un tipo se señala por vencer (solo ROL_SERVICIO)',
        description:
          `Entre ${DIAS_AVISO_MIN} y ${DIAS_AVISO_MAX} días; por defecto ` +
          TIPOS_COMPONENTE.map((t) => `${t} ${AVISO_VENCIMIENTO[t]}`).join(', ') +
          '.',
        requestBody: body(
          obj(
            {
              uid: str('Id del servicio (opcional; si se envía debe ser el propio)'),
              tipo: str(undefined, { enum: [...TIPOS_COMPONENTE] }),
              dias: int(),
            },
            ['tipo', 'dias'],
          ),
        ),
        responses: {
          '200': ok(
            'Los días de aviso de cada tipo',
            obj(
              {
                avisoVencimiento: {
                  type: 'array',
                  items: obj(
                    {
                      tipo: str(undefined, { enum: [...TIPOS_COMPONENTE] }),
                      dias: int(),
                      predeterminado: int(),
                    },
                    ['tipo', 'dias', 'predeterminado'],
                  ),
                },
              },
              ['avisoVencimiento'],
            ),
          ),
          '400': E400,
          '401': E401,
          '403': E403,
        },
      },
    },
    '/despacho': {
      post: {
        ...secured,
        summary: `Despacha unidades liberadas y sin vencer ${roles}`,
        description:
          `Como máximo ${DESPACHAR_POR_VEZ_MAX} unidades; si una no puede salir (en cuarentena, vencida, descartada o ` +
          'ya despachada) no sale ninguna y el 400 la nombra. A otro servicio de la red, las unidades quedan en ' +
          `tránsito hasta que las recibe; "${MSG.destinoMiembroAjeno}" si no es de la red del servicio.`,
        requestBody: body(
          obj(
            {
              ids: { type: 'array', items: str('Id de un componente') },
              destino: obj(
                {
                  tipo: str(undefined, { enum: [...DESTINOS_DESPACHO] }),
                  nombre: str('Hospital o clínica (obligatorio para HOSPITAL)'),
                  referencia: str('La referencia que usa el servicio que recibe'),
                  servicioId: str('El servicio de la red que recibe (solo MIEMBRO_RED)'),
                },
                ['tipo'],
              ),
            },
            ['ids', 'destino'],
          ),
        ),
        responses: {
          '200': ok('El despacho (los datos del remito)', ref('Despacho')),
          '400': E400,
          '401': E401,
          '403': E403,
          '404': E404,
        },
      },
      get: {
        ...secured,
        summary: 'Los despachos del servicio, los más nuevos primero',
        responses: {
          '200': ok('Los despachos', { type: 'array', items: ref('Despacho') }),
          '401': E401,
          '403': E403_RED,
        },
      },
    },
    '/despacho/{id}': {
      get: {
        ...secured,
        summary: 'Un despacho que el servicio envió o recibe',
        parameters: [idParam('id', 'Id del despacho')],
        responses: {
          '200': ok('El despacho', ref('Despacho')),
          '401': E401,
          '403': E403_RED,
          '404': E404,
        },
      },
    },
    '/componente/en-transito': {
      get: {
        ...secured,
        summary: 'Las unidades que otros servicios de la red despacharon a este y todavía no se recibieron',
        responses: { '200': ok('Las unidades', unidades), '401': E401, '403': E403_RED },
      },
    },
    '/componente/recibir': {
      post: {
        ...secured,
        summary: `Recibe una unidad en tránsito por su identificador leído ${roles}`,
        description: 'Entra al stock del servicio con su identificador original.',
        requestBody: body(obj({ codigo: str('Identificador de la unidad') }, ['codigo'])),
        responses: {
          '200': ok('La unidad recibida', ref('UnidadComponente')),
          '400': E400,
          '401': E401,
          '403': E403,
          '404': E404,
        },
      },
    },
    '/componente/codigo/{codigo}/trayectoria': {
      get: {
        ...secured,
        summary: 'Los despachos de una unidad: de qué servicio a qué destino y qué fue de ella',
        parameters: [idParam('codigo', 'Identificador de la unidad')],
        responses: {
          '200': ok('Los pasos, el más antiguo primero', { type: 'array', items: ref('PasoUnidad') }),
          '400': E400,
          '401': E401,
          '403': E403_RED,
          '404': E404,
        },
      },
    },
    '/componente/{id}/devolver': {
      post: {
        ...secured,
        summary: `Una unidad despachada vuelve ${roles}`,
        description:
          'Al stock si se mantuvo la cadena de frío y no venció; si no, descartada (ruptura de la cadena de frío o ' +
          `vencimiento). "${MSG.destinoFinalYaRegistrado}" si ya tiene destino final.`,
        parameters: [componenteId],
        requestBody: body(
          obj({ cadenaFrio: bool('Si se mantuvo la cadena de frío'), detalle: str('Hasta 500 caracteres') }, [
            'cadenaFrio',
          ]),
        ),
        responses: {
          '200': ok('La unidad', ref('UnidadComponente')),
          '400': E400,
          '401': E401,
          '403': E403,
          '404': E404,
        },
      },
    },
    '/componente/trazabilidad': {
      get: {
        ...secured,
        summary: 'Trazabilidades inversas que el servicio abrió o que alcanzan unidades que tenía',
        description:
          'Se abren solas cuando el resultado de una donación se vuelve reactivo: las unidades de donaciones ' +
          'anteriores de la misma persona dentro de la ventana del servicio, en cualquier integrante de la red.',
        parameters: [queryParam('todas', 'true: también las cerradas')],
        responses: {
          '200': ok('Las trazabilidades, las más nuevas primero', {
            type: 'array',
            items: ref('Trazabilidad'),
          }),
          '400': E400,
          '401': E401,
          '403': E403_RED,
        },
      },
    },
    '/componente/trazabilidad/{id}': {
      get: {
        ...secured,
        summary: 'Una trazabilidad inversa, con sus unidades y notificaciones',
        parameters: [idParam('id', 'Id de la trazabilidad')],
        responses: {
          '200': ok('La trazabilidad', ref('Trazabilidad')),
          '401': E401,
          '403': E403_RED,
          '404': E404,
        },
      },
    },
    '/componente/trazabilidad/{id}/notificacion': {
      post: {
        ...secured,
        summary:
          'Registra una notificación: a quién, cómo, cuándo y qué respondió (ROL_MEDICO y ROL_SERVICIO)',
        parameters: [idParam('id', 'Id de la trazabilidad')],
        requestBody: body(
          obj(
            {
              componenteId: str('La unidad notificada (ninguna: la trazabilidad entera)'),
              notificado: str('A quién: hospital y persona'),
              medio: str(undefined, { enum: [...MEDIOS_NOTIFICACION] }),
              respuesta: str('Hasta 1000 caracteres'),
              notificadoEn: str('Cuándo (ISO 8601; ahora si no se indica)'),
            },
            ['notificado', 'medio'],
          ),
        ),
        responses: {
          '200': ok('La trazabilidad', ref('Trazabilidad')),
          '400': E400,
          '401': E401,
          '403': E403,
          '404': E404,
        },
      },
    },
    '/componente/trazabilidad/{id}/cerrar': {
      post: {
        ...secured,
        summary: 'Cierra una trazabilidad del servicio (ROL_MEDICO y ROL_SERVICIO)',
        description: 'Una vez registrada la notificación del destino de cada unidad que había salido.',
        parameters: [idParam('id', 'Id de la trazabilidad')],
        responses: {
          '200': ok('La trazabilidad cerrada', ref('Trazabilidad')),
          '400': E400,
          '401': E401,
          '403': E403,
          '404': E404,
        },
      },
    },
    '/componente/{id}/destino-final': {
      post: {
        ...secured,
        summary: `Registra qué fue de una unidad en su destino: transfundida o descartada allí ${roles}`,
        parameters: [componenteId],
        requestBody: body(
          obj(
            {
              destino: str(undefined, { enum: [...DESTINOS_FINALES] }),
              motivo: str('Requerido con DESCARTADO', { enum: [...MOTIVOS_DESCARTE] }),
              detalle: str('Requerido con el motivo OTRO; hasta 500 caracteres'),
            },
            ['destino'],
          ),
        ),
        responses: {
          '200': ok('La unidad', ref('UnidadComponente')),
          '400': E400,
          '401': E401,
          '403': E403,
          '404': E404,
        },
      },
    },
  };
}
